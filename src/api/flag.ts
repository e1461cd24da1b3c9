// ERP flags (spec 4.5, R27): metadata on a document of any type.
import type { HttpClient } from './http.js';
import { FLAG_ERP_PATH, flagErpResponseSchema, type FlagErpRequest } from './wire/flag.js';

/** Attaches the metadata to the document; returns the service's request id. */
export async function flagErp(http: HttpClient, request: FlagErpRequest): Promise<string> {
  const res = await http.request({ method: 'POST', path: FLAG_ERP_PATH, body: request, schema: flagErpResponseSchema });
  return res.body.request_id;
}
