// Labels (Etiquetas): the documents' `Tags`. Every shape here is designed (the spec names the
// group only), in the `{status, data}` envelope; documents are named as flagerp names them
// (doc_type + access key, or the NFS-e id without the owner).
import * as z from 'zod';
import { statusSchema } from './common.js';
import { FLAG_DOC_TYPES, type FlagDocType } from '../../fiscal/doc-types.js';

export const LABELS_PATH = '/v1/labels';
export const LABELS_APPLY_PATH = '/v1/labels/apply';
export const LABELS_REMOVE_PATH = '/v1/labels/remove';
/** Designed: most documents one apply/remove takes. */
export const LABEL_BATCH_MAX = 500;
/** Designed: a label is 1 to 64 characters, no leading or trailing blanks. */
export const LABEL_MAX = 64;

export const LABEL_DOC_TYPES = FLAG_DOC_TYPES;

const labelSchema = z.object({ name: z.string(), documents: z.number().int() });
export type Label = z.infer<typeof labelSchema>;
export const labelsResponseSchema = z.object({ status: statusSchema, data: z.array(labelSchema) });

export interface LabelChangeRequest {
  doc_type: FlagDocType;
  ids: string[];
  labels: string[];
}

const labelResultSchema = z.object({
  id: z.string(),
  success: z.boolean(),
  message: z.string(),
  /** The document's labels after the change (empty when it failed). */
  labels: z.array(z.string()),
});
export type LabelResult = z.infer<typeof labelResultSchema>;
export const labelChangeResponseSchema = z.object({ status: statusSchema, data: z.array(labelResultSchema) });
