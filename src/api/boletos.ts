// Boletos (Gestão de Pagamentos, designed): the listing by typed filters, one slip by id and its
// PDF. The wire shapes are wire/boletos.ts; the listing machinery is records.ts's.
import type { HttpClient } from './http.js';
import type { CursorPage } from './paginate.js';
import { fetchPdf } from './pdf.js';
import { amountRange, dateRange, getRecord, recordPages, type PageOptions } from './records.js';
import { BOLETO_PDF_PATH, BOLETOS_PATH, boletoSchema, type Boleto, type BoletoStatus } from './wire/boletos.js';

interface BoletoFilters {
  status?: BoletoStatus[] | undefined;
  direction?: Boleto['direction'] | undefined;
  /** CNPJs of the account's companies. */
  owner?: string[] | undefined;
  /** CNPJs or CPFs. */
  beneficiary?: string[] | undefined;
  payer?: string[] | undefined;
  /** Access keys of the related NF-e. */
  nfe?: string[] | undefined;
  /** 47 digits. */
  line?: string | undefined;
  /** Dates as `YYYY-MM-DD[ hh:mm:ss]`. */
  dueFrom?: string | undefined;
  dueTo?: string | undefined;
  issuedFrom?: string | undefined;
  issuedTo?: string | undefined;
  /** Reais, `1234.56`. */
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
}

export function boletoPages(
  http: HttpClient,
  f: BoletoFilters,
  opts: PageOptions = {},
): AsyncIterable<CursorPage<Boleto>> {
  const query = {
    'status[]': f.status,
    direction: f.direction,
    'owner[]': f.owner,
    'beneficiary[]': f.beneficiary,
    'payer[]': f.payer,
    'access_key[]': f.nfe,
    digitable_line: f.line,
    ...dateRange('due_date', f.dueFrom, f.dueTo),
    ...dateRange('issue_date', f.issuedFrom, f.issuedTo),
    ...amountRange('amount', f.minAmount, f.maxAmount),
  };
  return recordPages(http, BOLETOS_PATH, boletoSchema, query, opts);
}

export function getBoleto(http: HttpClient, id: string): Promise<Boleto> {
  return getRecord(http, BOLETOS_PATH, id, boletoSchema);
}

export function boletoPdf(http: HttpClient, id: string): Promise<Buffer> {
  return fetchPdf(http, { path: BOLETO_PDF_PATH, param: 'id', value: id, what: 'boleto PDF' });
}
