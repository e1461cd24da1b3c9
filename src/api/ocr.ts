// The OCR upload and its status (designed, docs/ocr.md). The invoices and
// utility bills it makes are read with invoices.ts and utilities.ts.
import { requestData, type HttpClient } from './http.js';
import {
  OCR_PATH,
  ocrRequestPath,
  ocrRequestResponseSchema,
  type OcrRequest,
  type OcrUploadRequest,
} from './wire/ocr.js';

/** Sends one PDF to the OCR. Not retried: a repeated POST would queue the PDF twice. */
export async function submitOcr(http: HttpClient, request: OcrUploadRequest): Promise<OcrRequest> {
  return requestData(http, { method: 'POST', path: OCR_PATH, body: request, schema: ocrRequestResponseSchema });
}

export async function ocrStatus(http: HttpClient, requestId: string): Promise<OcrRequest> {
  return requestData(http, { method: 'GET', path: ocrRequestPath(requestId), schema: ocrRequestResponseSchema });
}
