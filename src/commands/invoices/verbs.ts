// `fiscal invoices list|show|pdf`: international invoices read by the OCR, on the record-group verbs.
import { z } from 'zod';
import { downloadRecordPdf } from '../../api/records.js';
import { INVOICE_ID, INVOICES_PATH, INVOICES_PDF_PATH, invoicePath, invoiceSchema, RECORD_SOURCES, type Invoice } from '../../api/wire/ocr-docs.js';
import type { Column } from '../../output/writer.js';
import { pdfKindVerb, recordPdfKind } from '../shared/pdf-download.js';
import { recordListVerb } from '../records/list.js';
import { recordShowVerb } from '../records/show.js';
import { date, taxIds } from '../shared/values.js';
import { amount, checkOrder, rangeQuery, upperCodes } from '../records/flags.js';

const TABLE: Column<Invoice>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'ISSUED', get: (r) => r.issue_date },
  { header: 'SUPPLIER', get: (r) => r.supplier.name, width: 30 },
  { header: 'COUNTRY', get: (r) => r.supplier.country },
  { header: 'TOTAL', get: (r) => `${r.currency} ${r.total}` },
  { header: 'BRL', get: (r) => r.total_brl },
  { header: 'OWNER', get: (r) => r.owner },
  { header: 'SOURCE', get: (r) => r.source },
];

const CSV: Column<Invoice>[] = [
  { header: 'id', get: (r) => r.id },
  { header: 'owner', get: (r) => r.owner },
  { header: 'supplier_name', get: (r) => r.supplier.name },
  { header: 'supplier_country', get: (r) => r.supplier.country },
  { header: 'supplier_tax_id', get: (r) => r.supplier.tax_id },
  { header: 'number', get: (r) => r.number },
  { header: 'issue_date', get: (r) => r.issue_date },
  { header: 'due_date', get: (r) => r.due_date },
  { header: 'currency', get: (r) => r.currency },
  { header: 'subtotal', get: (r) => r.subtotal },
  { header: 'taxes', get: (r) => r.taxes },
  { header: 'total', get: (r) => r.total },
  { header: 'exchange_rate', get: (r) => r.exchange_rate },
  { header: 'total_brl', get: (r) => r.total_brl },
  { header: 'ocr_confidence', get: (r) => r.ocr_confidence },
  { header: 'source', get: (r) => r.source },
  { header: 'created_at', get: (r) => r.created_at },
];

const filters = z
  .object({
    owner: taxIds.optional(),
    country: upperCodes(2, 'an ISO country code like US').optional(),
    currency: upperCodes(3, 'an ISO currency code like USD').optional(),
    source: z.enum(RECORD_SOURCES).optional(),
    issuedFrom: date.optional(),
    issuedTo: date.optional(),
    minBrl: amount.optional(),
    maxBrl: amount.optional(),
  })
  .strict()
  .superRefine((o, ctx) =>
    checkOrder(ctx, [
      [o.issuedFrom, o.issuedTo, 'issuedFrom', 'issuedTo', true],
      [o.minBrl, o.maxBrl, 'minBrl', 'maxBrl', false],
    ]),
  );

export const list = recordListVerb({
  path: INVOICES_PATH,
  item: invoiceSchema,
  filters,
  query: (f) => ({
    'owner[]': f.owner, 'country[]': f.country, 'currency[]': f.currency, source: f.source,
    ...rangeQuery('issue_date', ['from', 'to'], f.issuedFrom, f.issuedTo), ...rangeQuery('total_brl', ['min', 'max'], f.minBrl, f.maxBrl),
  }),
  row: (item) => item,
  table: TABLE,
  csv: CSV,
});

const idProblem = (id: string) => (INVOICE_ID.test(id) ? undefined : 'expected inv_ and 24 hex digits');

export const show = recordShowVerb({ path: invoicePath, item: invoiceSchema, problem: idProblem, table: TABLE, what: 'invoice' });

export const pdf = pdfKindVerb(recordPdfKind('invoice', idProblem, (http, id) => downloadRecordPdf(http, INVOICES_PDF_PATH, id)));
