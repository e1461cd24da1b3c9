// Gestão de Pagamentos (designed: the spec shows no shape): payment receipts (comprovantes). A
// record group like the boletos (wire/boletos.ts), in the order the service got them; the PDF is
// one layout whatever the receipt's source. See docs/receipts.md.
import * as z from 'zod';
import { RECEIPT_KINDS, RECEIPT_SOURCES } from '../../fiscal/record-values.js';
import { bankSchema, partySchema } from './boletos.js';

export { RECEIPT_KINDS, RECEIPT_SOURCES };

export const RECEIPTS_PATH = '/v1/receipts';
export const RECEIPT_PDF_PATH = '/v1/receipts/pdf';

export type ReceiptSource = (typeof RECEIPT_SOURCES)[number];
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** `rcp_` and 16 hex digits. */
const RECEIPT_ID = /^rcp_[0-9a-f]{16}$/;
export const receiptIdProblem = (id: string): string | undefined =>
  RECEIPT_ID.test(id) ? undefined : 'a receipt id is rcp_ and 16 hex digits';

export const receiptSchema = z.object({
  id: z.string(),
  source: z.enum(RECEIPT_SOURCES),
  kind: z.enum(RECEIPT_KINDS),
  boleto_id: z.string().nullable(),
  /** The NF-e the payment settles, when known. */
  access_key: z.string().nullable(),
  payer: partySchema,
  payee: partySchema,
  bank: bankSchema,
  amount: z.number(),
  paid_at: z.string(),
  authentication: z.string(),
  created_at: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
