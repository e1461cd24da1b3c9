// POST /v1/nfe/upload (spec 4.8, R26) and GET /v1/nfe/upload/status (4.9). Designed: the spec does
// not show DataNFeUpload nor the callback payload; both carry the same per-invoice results.
import { z } from 'zod';
import { statusSchema } from './common.js';
import { uploadResultSchema } from './upload.js';

export const BATCH_UPLOAD_PATH = '/v1/nfe/upload';
export const BATCH_STATUS_PATH = '/v1/nfe/upload/status';

export const batchUploadRequestSchema = z.object({
  invoices: z.array(z.object({ xml: z.string().min(1, 'xml (base64) is required') })).min(1, 'at least one invoice'),
  callback_url: z.url().optional(),
});
export type BatchUploadRequest = z.infer<typeof batchUploadRequestSchema>;

export const batchUploadResponseSchema = z.object({ status: statusSchema, request_id: z.string() });

/** Designed: `processing` until every invoice has its result, then `done`. */
export const BATCH_STATES = ['processing', 'done'] as const;

/** Designed DataNFeUpload: the request and one result per invoice, in the order sent. */
export const batchDataSchema = z.object({
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
