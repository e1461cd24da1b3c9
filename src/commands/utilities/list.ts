// `fiscal utilities list`: the account's utility bills by filters (GET /v1/utilities, designed).
import { utilityPages } from '../../api/utilities.js';
import { amount, checkAmountOrder, checkDateOrder } from '../shared/records-flags.js';
import { writeRecordList } from '../shared/records-list.js';
import { verb } from '../shared/verb.js';
import { UTILITY_CSV, UTILITY_TABLE } from './columns.js';
import { listVerb } from './index.js';

export default verb(listVerb, {
  parsers: { minAmount: amount, maxAmount: amount },
  check(o) {
    checkDateOrder([o.dueFrom, o.dueTo, 'dueFrom', 'dueTo']);
    checkAmountOrder([o.minAmount, o.maxAmount, 'minAmount', 'maxAmount']);
  },
  async run(ctx, o) {
    const { limit, all, min: _min, max: _max, ...filters } = o;
    const http = await ctx.http();
    await writeRecordList(
      ctx,
      (page) => utilityPages(http, filters, page),
      { limit, all },
      { table: UTILITY_TABLE, csv: UTILITY_CSV },
    );
  },
});
