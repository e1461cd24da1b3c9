// Utility bills read by the OCR (designed): the listing by typed filters, one bill by id and its
// PDF. The wire shapes are wire/utilities.ts; the listing machinery is records.ts's.
import type { HttpClient } from './http.js';
import type { CursorPage } from './paginate.js';
import { fetchPdf } from './pdf.js';
import { amountRange, dateRange, getRecord, recordPages, type PageOptions } from './records.js';
import {
  UTILITIES_PATH,
  UTILITY_PDF_PATH,
  utilitySchema,
  type Utility,
  type UtilityKind,
  type UtilityStatus,
} from './wire/utilities.js';

interface UtilityFilters {
  /** CNPJs of the account's companies. */
  owner?: string[] | undefined;
  kind?: UtilityKind[] | undefined;
  /** Providers' CNPJs. */
  provider?: string[] | undefined;
  status?: UtilityStatus[] | undefined;
  /** Reference months, `YYYY-MM`. */
  month?: string[] | undefined;
  source?: Utility['source'] | undefined;
  /** Dates as `YYYY-MM-DD[ hh:mm:ss]`. */
  dueFrom?: string | undefined;
  dueTo?: string | undefined;
  /** Reais, `1234.56`. */
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
}

export function utilityPages(
  http: HttpClient,
  f: UtilityFilters,
  opts: PageOptions = {},
): AsyncIterable<CursorPage<Utility>> {
  const query = {
    'owner[]': f.owner,
    'kind[]': f.kind,
    'provider[]': f.provider,
    'status[]': f.status,
    'reference_month[]': f.month,
    source: f.source,
    ...dateRange('due_date', f.dueFrom, f.dueTo),
    ...amountRange('amount', f.minAmount, f.maxAmount),
  };
  return recordPages(http, UTILITIES_PATH, utilitySchema, query, opts);
}

export function getUtility(http: HttpClient, id: string): Promise<Utility> {
  return getRecord(http, UTILITIES_PATH, id, utilitySchema);
}

export function utilityPdf(http: HttpClient, id: string): Promise<Buffer> {
  return fetchPdf(http, { path: UTILITY_PDF_PATH, param: 'id', value: id, what: 'utility bill PDF' });
}
