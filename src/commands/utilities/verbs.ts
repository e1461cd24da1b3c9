// `fiscal utilities list|show|pdf`: utility bills read by the OCR, on the record-group verbs.
import { z } from 'zod';
import { downloadRecordPdf } from '../../api/records.js';
import {
  RECORD_SOURCES, UTILITIES_PATH, UTILITIES_PDF_PATH, UTILITY_ID, UTILITY_KINDS, UTILITY_STATUSES, utilityPath, utilitySchema, type Utility,
} from '../../api/wire/ocr-docs.js';
import type { Column } from '../../output/writer.js';
import { amount, checkOrder, month, rangeQuery } from '../records/flags.js';
import { pdfKindVerb, recordPdfKind } from '../shared/pdf-download.js';
import { recordListVerb } from '../records/list.js';
import { recordShowVerb } from '../records/show.js';
import { date, taxIds } from '../shared/values.js';

const TABLE: Column<Utility>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'MONTH', get: (r) => r.reference_month },
  { header: 'KIND', get: (r) => r.kind },
  { header: 'PROVIDER', get: (r) => r.provider.name, width: 30 },
  { header: 'DUE', get: (r) => r.due_date },
  { header: 'AMOUNT', get: (r) => r.amount },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'OWNER', get: (r) => r.owner },
];

const CSV: Column<Utility>[] = [
  { header: 'id', get: (r) => r.id },
  { header: 'owner', get: (r) => r.owner },
  { header: 'kind', get: (r) => r.kind },
  { header: 'provider_name', get: (r) => r.provider.name },
  { header: 'provider_cnpj', get: (r) => r.provider.cnpj },
  { header: 'account_number', get: (r) => r.account_number },
  { header: 'reference_month', get: (r) => r.reference_month },
  { header: 'issue_date', get: (r) => r.issue_date },
  { header: 'due_date', get: (r) => r.due_date },
  { header: 'amount', get: (r) => r.amount },
  { header: 'consumption', get: (r) => r.consumption?.value },
  { header: 'consumption_unit', get: (r) => r.consumption?.unit },
  { header: 'digitable_line', get: (r) => r.digitable_line },
  { header: 'status', get: (r) => r.status },
  { header: 'source', get: (r) => r.source },
  { header: 'created_at', get: (r) => r.created_at },
];

const filters = z
  .object({
    owner: taxIds.optional(),
    kind: z.array(z.enum(UTILITY_KINDS)).optional(),
    provider: taxIds.optional(),
    status: z.array(z.enum(UTILITY_STATUSES)).optional(),
    month: z.array(month).optional(),
    source: z.enum(RECORD_SOURCES).optional(),
    dueFrom: date.optional(),
    dueTo: date.optional(),
    minAmount: amount.optional(),
    maxAmount: amount.optional(),
  })
  .strict()
  .superRefine((o, ctx) =>
    checkOrder(ctx, [
      [o.dueFrom, o.dueTo, 'dueFrom', 'dueTo', true],
      [o.minAmount, o.maxAmount, 'minAmount', 'maxAmount', false],
    ]),
  );

export const list = recordListVerb({
  path: UTILITIES_PATH,
  item: utilitySchema,
  filters,
  query: (f) => ({
    'owner[]': f.owner, 'kind[]': f.kind, 'provider[]': f.provider, 'status[]': f.status, 'reference_month[]': f.month, source: f.source,
    ...rangeQuery('due_date', ['from', 'to'], f.dueFrom, f.dueTo), ...rangeQuery('amount', ['min', 'max'], f.minAmount, f.maxAmount),
  }),
  row: (item) => item,
  table: TABLE,
  csv: CSV,
});

const idProblem = (id: string) => (UTILITY_ID.test(id) ? undefined : 'expected utl_ and 24 hex digits');

export const show = recordShowVerb({ path: utilityPath, item: utilitySchema, problem: idProblem, table: TABLE, what: 'utility bill' });

export const pdf = pdfKindVerb(recordPdfKind('utility bill', idProblem, (http, id) => downloadRecordPdf(http, UTILITIES_PDF_PATH, id)));
