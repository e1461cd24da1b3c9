// Upload endpoints (spec 4.4, R25). A document the service refuses is not an error here: the 200
// carries `upload.success` false and the failing tags, which the caller reports per file.
import { requestData, type HttpClient } from './http.js';
import {
  BATCH_STATUS_PATH,
  BATCH_UPLOAD_PATH,
  UPLOAD_PATH,
  batchStatusResponseSchema,
  batchUploadResponseSchema,
  uploadResponseSchema,
  type BatchData,
  type UploadResult,
} from './wire/upload.js';

/** Sends one XML (its bytes) to `POST /v1/dfe/upload`, for the given owners (CNPJ/CPF, may be empty). */
export async function uploadDocument(
  http: HttpClient,
  xml: Uint8Array,
  owners: readonly string[],
): Promise<UploadResult> {
  const body = { xml: Buffer.from(xml).toString('base64'), ...(owners.length > 0 ? { owner: [...owners] } : {}) };
  // R25: the same document twice is stored once, so a lost answer can safely be asked again.
  const res = await http.request({
    method: 'POST',
    path: UPLOAD_PATH,
    body,
    schema: uploadResponseSchema,
    retry: true,
  });
  return res.body.upload;
}

/**
 * Sends NF-e XMLs as one asynchronous batch (`POST /v1/nfe/upload`, R26); answers its request_id.
 * Not retried: a lost answer would leave a batch the caller cannot name; the caller re-runs.
 */
export async function uploadBatch(
  http: HttpClient,
  xmls: readonly Uint8Array[],
  callbackUrl?: string,
): Promise<string> {
  const body = {
    invoices: xmls.map((x) => ({ xml: Buffer.from(x).toString('base64') })),
    ...(callbackUrl ? { callback_url: callbackUrl } : {}),
  };
  const res = await http.request({ method: 'POST', path: BATCH_UPLOAD_PATH, body, schema: batchUploadResponseSchema });
  return res.body.request_id;
}

/** A batch's state and per-invoice results so far (`GET /v1/nfe/upload/status`, designed DataNFeUpload). */
export async function batchStatus(http: HttpClient, requestId: string): Promise<BatchData> {
  return requestData(http, {
    method: 'GET',
    path: BATCH_STATUS_PATH,
    query: { request_id: requestId },
    schema: batchStatusResponseSchema,
  });
}
