// POST /v1/dfe/upload (spec 4.4, R25): one XML in base64, optionally the owners it belongs to. A
// document that fails validation is a 200 with `upload.success` false and the failing tags.
import { z } from 'zod';
import { statusSchema } from './common.js';

export const UPLOAD_PATH = '/v1/dfe/upload';

/** R8/R25: each owner 11 to 14 digits (CPF or CNPJ). */
export const uploadOwnerSchema = z.string().regex(/^\d{11,14}$/, 'each owner is 11 to 14 digits (CPF or CNPJ)');

export const uploadRequestSchema = z.object({
  xml: z.string().min(1, 'xml (base64) is required'),
  owner: z.array(uploadOwnerSchema).optional(),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export const uploadResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const uploadResponseSchema = z.object({ status: statusSchema, upload: uploadResultSchema });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
