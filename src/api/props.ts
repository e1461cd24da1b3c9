// Custom properties: PUT /{type}/{role}/{property} of NF-e (spec 4.7, R28), CT-e and CT-e OS
// (designed alike) and NFS-e (R37), and the account's properties (designed).
import { requestData, type HttpClient } from './http.js';
import { setNfseProperty } from './nfse.js';
import type { PropertyDocType } from '../fiscal/doc-types.js';
import type { NfseRole } from './wire/nfse.js';
import {
  PROPERTIES_PATH,
  propertiesResponseSchema,
  propertyPath,
  setPropertyResponseSchema,
  type Property,
} from './wire/props.js';

/** What the service said of one document of a batch, whichever shape its type answers in. */
interface PropertyOutcome {
  id: string;
  success: boolean;
  message?: string;
  /** 404 when the document is not the account's in that role (NF-e, CT-e, CT-e OS). */
  code?: number;
}

/** The request that sets `property` on `type` in `role`, for what a dry run shows and errors name. */
export function setPropertyRequest(
  type: PropertyDocType,
  role: string,
  property: string,
): { method: 'PUT'; path: string } {
  return { method: 'PUT', path: propertyPath(type, role, property) };
}

/**
 * Sets `property` to `value` on the documents of one batch of `type` (at most propertyBatchMax):
 * access keys, or R10 ids for NFS-e. One outcome per id the answer names.
 */
export async function setProperty(
  http: HttpClient,
  request: { type: PropertyDocType; role: string; property: string; value: string },
  ids: readonly string[],
): Promise<PropertyOutcome[]> {
  const { type, role, property, value } = request;
  if (type === 'nfse') {
    const result = await setNfseProperty(
      http,
      role as NfseRole,
      property,
      ids.map((id) => ({ id, value })),
    );
    return [
      ...result.success.map((id) => ({ id, success: true })),
      ...result.failed.map((f) => ({ id: f.id, success: false, message: f.message })),
    ];
  }
  // A PUT of the same values twice leaves the same state, so it may be retried.
  const results = await requestData(http, {
    ...setPropertyRequest(type, role, property),
    body: { data: ids.map((access_key) => ({ access_key, value })) },
    schema: setPropertyResponseSchema,
    retry: true,
  });
  return results.map(({ access_key, ...r }) => ({ id: access_key, ...r }));
}

export async function listProperties(http: HttpClient): Promise<Property[]> {
  return requestData(http, { method: 'GET', path: PROPERTIES_PATH, schema: propertiesResponseSchema });
}
