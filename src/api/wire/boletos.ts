// Gestão de Pagamentos (designed: the spec shows no shape): bank slips (boletos) linked to the
// account's NF-e. A record group: a v1 cursor listing (`{status, data, page, count, signature}`),
// one record as `{status, data}`, and a PDF as `{status, data: {id, encoded_pdf}}` (wire/pdf.ts).
// Amounts are reais with two decimals; dates are Brasília (`yyyy-mm-dd`, instants
// `yyyy-mm-ddThh:mm:ss-03:00`). See docs/boletos.md.
import * as z from 'zod';
import { BOLETO_DIRECTIONS, BOLETO_STATUSES } from '../../fiscal/record-values.js';

export { BOLETO_DIRECTIONS, BOLETO_STATUSES };

export const BOLETOS_PATH = '/v1/boletos';
export const BOLETO_PDF_PATH = '/v1/boletos/pdf';

export type BoletoStatus = (typeof BOLETO_STATUSES)[number];

/** `bol_` and 16 hex digits. */
const BOLETO_ID = /^bol_[0-9a-f]{16}$/;

export const boletoIdProblem = (id: string): string | undefined =>
  BOLETO_ID.test(id) ? undefined : 'a boleto id is bol_ and 16 hex digits';

/** A company or person: CNPJ (14 digits) or CPF (11). */
export const partySchema = z.object({ tax_id: z.string(), name: z.string() });

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
