// `fiscal receipts list`: the account's payment receipts by filters (GET /v1/receipts, designed).
import { z } from 'zod';
import { RECEIPT_KINDS, RECEIPT_SOURCES, RECEIPTS_PATH, receiptSchema } from '../../api/wire/payments.js';
import { amount, checkOrder, rangeQuery } from '../records/flags.js';
import { recordListVerb } from '../records/list.js';
import { accessKeys, date, taxIds } from '../shared/values.js';
import { RECEIPT_CSV, RECEIPT_TABLE } from './columns.js';

const filters = z
  .object({
    source: z.enum(RECEIPT_SOURCES).optional(),
    kind: z.array(z.enum(RECEIPT_KINDS)).optional(),
    payer: taxIds.optional(),
    payee: taxIds.optional(),
    accessKey: accessKeys(['55']).optional(),
    paidFrom: date.optional(),
    paidTo: date.optional(),
    minAmount: amount.optional(),
    maxAmount: amount.optional(),
  })
  .strict()
  .superRefine((o, ctx) =>
    checkOrder(ctx, [
      [o.paidFrom, o.paidTo, 'paidFrom', 'paidTo', true],
      [o.minAmount, o.maxAmount, 'minAmount', 'maxAmount', false],
    ]),
  );

export const { parseOptions, run } = recordListVerb({
  path: RECEIPTS_PATH,
  item: receiptSchema,
  filters,
  query: (f) => ({
    source: f.source,
    'kind[]': f.kind,
    'payer[]': f.payer,
    'payee[]': f.payee,
    'access_key[]': f.accessKey,
    ...rangeQuery('paid_at', ['from', 'to'], f.paidFrom, f.paidTo),
    ...rangeQuery('amount', ['min', 'max'], f.minAmount, f.maxAmount),
  }),
  row: (r) => r,
  table: RECEIPT_TABLE,
  csv: RECEIPT_CSV,
});
