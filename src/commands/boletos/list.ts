// `fiscal boletos list`: the account's bank slips by filters (GET /v1/boletos, designed).
import { z } from 'zod';
import { BOLETO_DIRECTIONS, BOLETO_STATUSES, BOLETOS_PATH, boletoSchema } from '../../api/wire/payments.js';
import { compactLine, digitableLineProblem } from '../../fiscal/boleto-line.js';
import { amount, checkOrder, rangeQuery } from '../records/flags.js';
import { recordListVerb } from '../records/list.js';
import { accessKeys, cnpjs, date, taxIds } from '../shared/values.js';
import { BOLETO_CSV, BOLETO_TABLE } from './columns.js';

/** The line as copied from a slip (dots and spaces allowed), checked digit by digit. */
const line = z.string().transform((v, ctx) => {
  const digits = compactLine(v);
  const problem = digitableLineProblem(digits);
  if (problem) ctx.addIssue({ code: 'custom', message: `"${v}": ${problem}` });
  return digits;
});

const filters = z
  .object({
    status: z.array(z.enum(BOLETO_STATUSES)).optional(),
    direction: z.enum(BOLETO_DIRECTIONS).optional(),
    owner: cnpjs.optional(),
    beneficiary: taxIds.optional(),
    payer: taxIds.optional(),
    accessKey: accessKeys(['55']).optional(),
    line: line.optional(),
    dueFrom: date.optional(),
    dueTo: date.optional(),
    issuedFrom: date.optional(),
    issuedTo: date.optional(),
    minAmount: amount.optional(),
    maxAmount: amount.optional(),
  })
  .strict()
  .superRefine((o, ctx) =>
    checkOrder(ctx, [
      [o.dueFrom, o.dueTo, 'dueFrom', 'dueTo', true],
      [o.issuedFrom, o.issuedTo, 'issuedFrom', 'issuedTo', true],
      [o.minAmount, o.maxAmount, 'minAmount', 'maxAmount', false],
    ]),
  );

export const { parseOptions, run } = recordListVerb({
  path: BOLETOS_PATH,
  item: boletoSchema,
  filters,
  query: (f) => ({
    'status[]': f.status,
    direction: f.direction,
    'owner[]': f.owner,
    'beneficiary[]': f.beneficiary,
    'payer[]': f.payer,
    'access_key[]': f.accessKey,
    digitable_line: f.line,
    ...rangeQuery('due_date', ['from', 'to'], f.dueFrom, f.dueTo),
    ...rangeQuery('issue_date', ['from', 'to'], f.issuedFrom, f.issuedTo),
    ...rangeQuery('amount', ['min', 'max'], f.minAmount, f.maxAmount),
  }),
  row: (b) => b,
  table: BOLETO_TABLE,
  csv: BOLETO_CSV,
});
