// Gestão de Pagamentos (designed: the spec shows no shape): bank slips (boletos) linked to the
// account's NF-e and payment receipts (comprovantes). Both are record groups: a v1 cursor listing
// (`{status, data, page, count, signature}`), one record as `{status, data}`, and a PDF as
// `{status, data: {id, encoded_pdf}}`. Amounts are reais with two decimals; dates are Brasília
// (`yyyy-mm-dd`, instants `yyyy-mm-ddThh:mm:ss-03:00`). See docs/payments.md.
import { z } from 'zod';
import { statusSchema } from './common.js';

export const BOLETOS_PATH = '/v1/boletos';
export const BOLETO_PDF_PATH = '/v1/boletos/pdf';
export const RECEIPTS_PATH = '/v1/receipts';
export const RECEIPT_PDF_PATH = '/v1/receipts/pdf';

export const BOLETO_STATUSES = ['open', 'paid', 'overdue', 'canceled'] as const;
export type BoletoStatus = (typeof BOLETO_STATUSES)[number];
/** Whose slip it is for the account: one it issued (to receive) or one it was sent (to pay). */
export const BOLETO_DIRECTIONS = ['receivable', 'payable'] as const;
export const RECEIPT_SOURCES = ['manual', 'automatico'] as const;
export type ReceiptSource = (typeof RECEIPT_SOURCES)[number];
export const RECEIPT_KINDS = ['boleto', 'pix', 'ted'] as const;

/** `bol_` and 16 hex digits. */
export const BOLETO_ID = /^bol_[0-9a-f]{16}$/;
/** `rcp_` and 16 hex digits. */
export const RECEIPT_ID = /^rcp_[0-9a-f]{16}$/;

export const boletoIdProblem = (id: string): string | undefined => (BOLETO_ID.test(id) ? undefined : 'a boleto id is bol_ and 16 hex digits');
export const receiptIdProblem = (id: string): string | undefined => (RECEIPT_ID.test(id) ? undefined : 'a receipt id is rcp_ and 16 hex digits');

/** A company or person: CNPJ (14 digits) or CPF (11). */
export const partySchema = z.object({ tax_id: z.string(), name: z.string() });
export type PaymentParty = z.infer<typeof partySchema>;

export const bankSchema = z.object({ code: z.string(), name: z.string() });

export const boletoSchema = z.object({
  id: z.string(),
  /** The NF-e whose duplicata the slip collects. */
  access_key: z.string(),
  /** nDup of the NF-e's cobr/dup. */
  duplicata: z.string(),
  /** The account's company in the slip: the beneficiary (receivable) or the payer (payable). */
  owner: z.string(),
  direction: z.enum(BOLETO_DIRECTIONS),
  beneficiary: partySchema,
  payer: partySchema,
  bank: bankSchema,
  our_number: z.string(),
  digitable_line: z.string(),
  barcode: z.string(),
  amount: z.number(),
  issue_date: z.string(),
  due_date: z.string(),
  status: z.enum(BOLETO_STATUSES),
  paid_at: z.string().nullable(),
  paid_amount: z.number().nullable(),
});
export type Boleto = z.infer<typeof boletoSchema>;

export const receiptSchema = z.object({
  id: z.string(),
  /** manual: sent by the customer and processed by the service; automatico: captured by bank connection. */
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

export const paymentPdfResponseSchema = z.object({
  status: statusSchema,
  data: z.object({ id: z.string(), encoded_pdf: z.string().min(1) }),
});
