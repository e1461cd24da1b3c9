// Payment receipts (Gestão de Pagamentos, designed): the listing by typed filters, one receipt by
// id and its PDF. The wire shapes are wire/receipts.ts; the listing machinery is records.ts's.
import type { HttpClient } from './http.js';
import type { CursorPage } from './paginate.js';
import { fetchPdf } from './pdf.js';
import { amountRange, dateRange, getRecord, recordPages, type PageOptions } from './records.js';
import {
  RECEIPT_PDF_PATH,
  RECEIPTS_PATH,
  receiptSchema,
  type Receipt,
  type ReceiptKind,
  type ReceiptSource,
} from './wire/receipts.js';

interface ReceiptFilters {
  source?: ReceiptSource | undefined;
  kind?: ReceiptKind[] | undefined;
  /** CNPJs or CPFs. */
  payer?: string[] | undefined;
  payee?: string[] | undefined;
  /** Access keys of the related NF-e. */
  nfe?: string[] | undefined;
  /** Dates as `YYYY-MM-DD[ hh:mm:ss]`. */
  paidFrom?: string | undefined;
  paidTo?: string | undefined;
  /** Reais, `1234.56`. */
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
}

export function receiptPages(
  http: HttpClient,
  f: ReceiptFilters,
  opts: PageOptions = {},
): AsyncIterable<CursorPage<Receipt>> {
  const query = {
    source: f.source,
    'kind[]': f.kind,
    'payer[]': f.payer,
    'payee[]': f.payee,
    'access_key[]': f.nfe,
    ...dateRange('paid_at', f.paidFrom, f.paidTo),
    ...amountRange('amount', f.minAmount, f.maxAmount),
  };
  return recordPages(http, RECEIPTS_PATH, receiptSchema, query, opts);
}

export function getReceipt(http: HttpClient, id: string): Promise<Receipt> {
  return getRecord(http, RECEIPTS_PATH, id, receiptSchema);
}

export function receiptPdf(http: HttpClient, id: string): Promise<Buffer> {
  return fetchPdf(http, { path: RECEIPT_PDF_PATH, param: 'id', value: id, what: 'receipt PDF' });
}
