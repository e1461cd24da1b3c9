// POST /v1/dfe/upload (spec 4.4, R25): one XML in base64, optionally the owners it belongs to. A
// document that fails validation is a 200 with `upload.success` false and the failing tags. And the
// asynchronous NF-e batches (below).
import * as z from 'zod';
import { statusSchema } from './common.js';

export const UPLOAD_PATH = '/v1/dfe/upload';

/** R8/R25: each owner 11 to 14 digits (CPF or CNPJ). */
const uploadOwnerSchema = z.string().regex(/^\d{11,14}$/, 'each owner is 11 to 14 digits (CPF or CNPJ)');

export const uploadRequestSchema = z.object({
  xml: z.string().min(1, 'xml (base64) is required'),
  owner: z.array(uploadOwnerSchema).optional(),
});

const uploadResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const uploadResponseSchema = z.object({ status: statusSchema, upload: uploadResultSchema });

// ---- NF-e batches: POST /v1/nfe/upload (spec 4.8, R26) and GET /v1/nfe/upload/status (4.9) ----
// Designed: the spec does not show DataNFeUpload nor the callback payload; both carry the same
// per-invoice results.

export const BATCH_UPLOAD_PATH = '/v1/nfe/upload';
export const BATCH_STATUS_PATH = '/v1/nfe/upload/status';

export const batchUploadRequestSchema = z.object({
  invoices: z.array(z.object({ xml: z.string().min(1, 'xml (base64) is required') })).min(1, 'at least one invoice'),
  callback_url: z.url().optional(),
});

export const batchUploadResponseSchema = z.object({ status: statusSchema, request_id: z.string() });

/** Designed: `processing` until every invoice has its result, then `done`. */
const BATCH_STATES = ['processing', 'done'] as const;

/** Designed DataNFeUpload: the request and one result per invoice, in the order sent. */
const batchDataSchema = z.object({
  request_id: z.string(),
  status: z.enum(BATCH_STATES),
  total: z.number().int(),
  processed: z.number().int(),
  invoices: z.array(uploadResultSchema.extend({ index: z.number().int(), access_key: z.string().optional() })),
});
export type BatchData = z.infer<typeof batchDataSchema>;

export const batchStatusResponseSchema = z.object({ status: statusSchema, data: batchDataSchema });

/** Designed callback payload, POSTed to `callback_url` when processing ends. */
export const batchCallbackSchema = batchDataSchema;
