// The OCR that reads international invoices and utility bills (spec group OCR; designed,
// docs/ocr.md): POST /v1/ocr takes one PDF and answers a request id at once;
// GET /v1/ocr/{request_id} says where it stands and, when done, the record it made
// (wire/invoices.ts, wire/utilities.ts). `{status, data}` envelope.
import * as z from 'zod';
import { OCR_KINDS, RECORD_SOURCES } from '../../fiscal/record-values.js';
import { statusSchema } from './common.js';

export { OCR_KINDS, RECORD_SOURCES };

export const OCR_PATH = '/v1/ocr';
export const ocrRequestPath = (id: string): string => `${OCR_PATH}/${encodeURIComponent(id)}`;

/** Designed: OCR request ids are UUIDs. */
export const OCR_REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type OcrKind = (typeof OCR_KINDS)[number];
const OCR_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
/** Designed: the largest PDF the OCR takes (decoded bytes). */
export const OCR_PDF_MAX_BYTES = 10 * 1024 * 1024;

export interface OcrUploadRequest {
  kind: OcrKind;
  /** The account's company the document belongs to. */
  owner: string;
  /** The PDF, base64. */
  pdf: string;
  /** Optional: the file's name, kept for the status. */
  file_name?: string;
}

const ocrRequestSchema = z.object({
  request_id: z.string(),
  kind: z.string(),
  owner: z.string(),
  file_name: z.string().nullable(),
  status: z.enum(OCR_STATUSES),
  created_at: z.string(),
  /** When done: the record the OCR made. */
  document: z.object({ kind: z.string(), id: z.string() }).nullable(),
  /** When failed: why. */
  message: z.string().nullable(),
});
export type OcrRequest = z.infer<typeof ocrRequestSchema>;
export const ocrRequestResponseSchema = z.object({ status: statusSchema, data: ocrRequestSchema });
