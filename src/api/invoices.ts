// International invoices read by the OCR (designed): the listing by typed filters, one invoice by
// id and its PDF. The wire shapes are wire/invoices.ts; the listing machinery is records.ts's.
import type { HttpClient } from './http.js';
import type { CursorPage } from './paginate.js';
import { fetchPdf } from './pdf.js';
import { amountRange, dateRange, getRecord, recordPages, type PageOptions } from './records.js';
import { INVOICE_PDF_PATH, INVOICES_PATH, invoiceSchema, type Invoice } from './wire/invoices.js';

interface InvoiceFilters {
  /** CNPJs of the account's companies. */
  owner?: string[] | undefined;
  /** ISO 3166 codes, upper case. */
  country?: string[] | undefined;
  /** ISO 4217 codes, upper case. */
  currency?: string[] | undefined;
  source?: Invoice['source'] | undefined;
  /** Dates as `YYYY-MM-DD[ hh:mm:ss]`. */
  issuedFrom?: string | undefined;
  issuedTo?: string | undefined;
  /** Total in reais, `1234.56`. */
  minBrl?: string | undefined;
  maxBrl?: string | undefined;
}

export function invoicePages(
  http: HttpClient,
  f: InvoiceFilters,
  opts: PageOptions = {},
): AsyncIterable<CursorPage<Invoice>> {
  const query = {
    'owner[]': f.owner,
    'country[]': f.country,
    'currency[]': f.currency,
    source: f.source,
    ...dateRange('issue_date', f.issuedFrom, f.issuedTo),
    ...amountRange('total_brl', f.minBrl, f.maxBrl),
  };
  return recordPages(http, INVOICES_PATH, invoiceSchema, query, opts);
}

export function getInvoice(http: HttpClient, id: string): Promise<Invoice> {
  return getRecord(http, INVOICES_PATH, id, invoiceSchema);
}

export function invoicePdf(http: HttpClient, id: string): Promise<Buffer> {
  return fetchPdf(http, { path: INVOICE_PDF_PATH, param: 'id', value: id, what: 'invoice PDF' });
}
