// PDF endpoints. Designed (the spec shows no shape): DANFe answers `{status, data: {access_key,
// encoded_pdf}}` with the PDF in base64 (R30a); errors are v1 `{status, error}` (R6: 422 on danfe).
import { z } from 'zod';
import { statusSchema } from './common.js';

export const DANFE_PATH = '/v1/nfe/danfe';

export const danfeResponseSchema = z.object({
  status: statusSchema,
  data: z.object({ access_key: z.string(), encoded_pdf: z.string().min(1) }),
});
export type DanfeResponse = z.infer<typeof danfeResponseSchema>;

/** Body of the designed POST form: the same key the GET takes as `access_key`. */
export const danfeRequestSchema = z.object({ access_key: z.string() });
export type DanfeRequest = z.infer<typeof danfeRequestSchema>;
