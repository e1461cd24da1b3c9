// Utility bills (electricity, telephony, water...) read by the OCR (spec group Utilities; every
// path and shape designed, docs/utilities.md): a record group in the `{status, data}`
// envelope with v1 cursor paging, its PDF as `{status, data: {id, encoded_pdf}}` (wire/pdf.ts).
import * as z from 'zod';
import { UTILITY_KINDS, UTILITY_STATUSES } from '../../fiscal/record-values.js';
import { RECORD_SOURCES } from './ocr.js';

export { UTILITY_KINDS, UTILITY_STATUSES };

export const UTILITIES_PATH = '/v1/utilities';
export const UTILITY_PDF_PATH = '/v1/utilities/pdf';

/** Designed: `utl_` and 24 hex digits. */
export const UTILITY_ID = /^utl_[0-9a-f]{24}$/;
export const utilityIdProblem = (id: string): string | undefined =>
  UTILITY_ID.test(id) ? undefined : 'expected utl_ and 24 hex digits';

export type UtilityKind = (typeof UTILITY_KINDS)[number];
export type UtilityStatus = (typeof UTILITY_STATUSES)[number];

export const utilitySchema = z.object({
  id: z.string(),
  owner: z.string(),
  kind: z.string(),
  provider: z.object({ name: z.string(), cnpj: z.string() }),
  /** Consumer unit, line or contract number, as printed. */
  account_number: z.string(),
  /** yyyy-mm. */
  reference_month: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  amount: z.string(),
  consumption: z.object({ value: z.string(), unit: z.string() }).nullable(),
  /** 47- or 48-digit line to pay it, when the bill has one. */
  digitable_line: z.string().nullable(),
  status: z.string(),
  ocr_confidence: z.number(),
  source: z.enum(RECORD_SOURCES),
  created_at: z.string(),
});
export type Utility = z.infer<typeof utilitySchema>;
