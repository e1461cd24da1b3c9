// `fiscal boletos list`: the account's bank slips by filters (GET /v1/boletos, designed).
import * as z from 'zod';
import { boletoPages } from '../../api/boletos.js';
import { compactLine, digitableLineProblem } from '../../fiscal/boleto-line.js';
import { amount, checkAmountOrder, checkDateOrder } from '../shared/records-flags.js';
import { writeRecordList } from '../shared/records-list.js';
import { verb } from '../shared/verb.js';
import { BOLETO_CSV, BOLETO_TABLE } from './columns.js';
import { listVerb } from './index.js';

/** The line as copied from a slip (dots and spaces allowed), checked digit by digit. */
const line = z.string().transform((v, ctx) => {
  const digits = compactLine(v);
  const problem = digitableLineProblem(digits);
  if (problem) ctx.addIssue({ code: 'custom', message: `"${v}": ${problem}` });
  return digits;
});

export default verb(listVerb, {
  parsers: { line, minAmount: amount, maxAmount: amount },
  check(o) {
    checkDateOrder([o.dueFrom, o.dueTo, 'dueFrom', 'dueTo'], [o.issuedFrom, o.issuedTo, 'issuedFrom', 'issuedTo']);
    checkAmountOrder([o.minAmount, o.maxAmount, 'minAmount', 'maxAmount']);
  },
  async run(ctx, o) {
    const { limit, all, ...filters } = o;
    const http = await ctx.http();
    await writeRecordList(
      ctx,
      (page) => boletoPages(http, filters, page),
      { limit, all },
      { table: BOLETO_TABLE, csv: BOLETO_CSV },
    );
  },
});
