// POST /v1/dfe/flagerp (spec 4.5, R27): metadata flags on a document of any type. The request
// shape is the spec's; a document the account does not hold answers 404 (designed).
import * as z from 'zod';
import { statusSchema } from './common.js';
import type { FlagDocType } from '../../fiscal/doc-types.js';

export const FLAG_ERP_PATH = '/v1/dfe/flagerp';

const flagMetadataItemSchema = z.object({ key: z.string(), value: z.string() });
type FlagMetadataItem = z.infer<typeof flagMetadataItemSchema>;

export interface FlagErpRequest {
  doc_type: FlagDocType;
  /** Access key; for NFSE the R10 id without the owner: `<emitter_cnpj>:<yyyy-mm-dd>:<number>`. */
  id: string;
  metadata: FlagMetadataItem[];
  owner: string;
}

export const flagErpResponseSchema = z.object({ status: statusSchema, request_id: z.string() });
