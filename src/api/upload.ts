// Upload endpoints (spec 4.4, R25). A document the service refuses is not an error here: the 200
// carries `upload.success` false and the failing tags, which the caller reports per file.
import type { HttpClient } from './http.js';
import { UPLOAD_PATH, uploadResponseSchema, type UploadResult } from './wire/upload.js';

/** Sends one XML (its bytes) to `POST /v1/dfe/upload`, for the given owners (CNPJ/CPF, may be empty). */
export async function uploadDocument(http: HttpClient, xml: Uint8Array, owners: readonly string[]): Promise<UploadResult> {
  const body = { xml: Buffer.from(xml).toString('base64'), ...(owners.length > 0 ? { owner: [...owners] } : {}) };
  // R25: the same document twice is stored once, so a lost answer can safely be asked again.
  const res = await http.request({ method: 'POST', path: UPLOAD_PATH, body, schema: uploadResponseSchema, retry: true });
  return res.body.upload;
}
