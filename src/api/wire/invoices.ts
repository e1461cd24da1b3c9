// International invoices read by the OCR (spec group Invoice; every path and shape designed,
// docs/invoices.md): a record group in the `{status, data}` envelope with v1 cursor
// paging, its PDF as `{status, data: {id, encoded_pdf}}` (wire/pdf.ts). Amounts are decimal
// strings like the NF-e's.
import * as z from 'zod';
import { RECORD_SOURCES } from './ocr.js';

export const INVOICES_PATH = '/v1/invoices';
export const INVOICE_PDF_PATH = '/v1/invoices/pdf';

/** Designed: `inv_` and 24 hex digits. */
export const INVOICE_ID = /^inv_[0-9a-f]{24}$/;
export const invoiceIdProblem = (id: string): string | undefined =>
  INVOICE_ID.test(id) ? undefined : 'expected inv_ and 24 hex digits';

const amount = z.string();

export const invoiceSchema = z.object({
  id: z.string(),
  /** The account's company that received the invoice. */
  owner: z.string(),
  supplier: z.object({ name: z.string(), country: z.string(), tax_id: z.string() }),
  number: z.string(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  /** ISO 4217. */
  currency: z.string(),
  subtotal: amount,
  taxes: amount,
  total: amount,
  /** Synthetic rate of the issue date; total_brl = total x rate, rounded to cents. */
  exchange_rate: z.string(),
  total_brl: amount,
  lines: z.array(z.object({ description: z.string(), quantity: z.string(), unit_price: amount, amount })),
  /** 0 to 1: how sure the OCR is of what it read. */
  ocr_confidence: z.number(),
  source: z.enum(RECORD_SOURCES),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
