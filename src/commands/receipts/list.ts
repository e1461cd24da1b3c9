// `fiscal receipts list`: the account's payment receipts by filters (GET /v1/receipts, designed).
import { receiptPages } from '../../api/receipts.js';
import { amount, checkAmountOrder, checkDateOrder } from '../shared/records-flags.js';
import { writeRecordList } from '../shared/records-list.js';
import { verb } from '../shared/verb.js';
import { RECEIPT_CSV, RECEIPT_TABLE } from './columns.js';
import { listVerb } from './index.js';

export default verb(listVerb, {
  parsers: { minAmount: amount, maxAmount: amount },
  check(o) {
    checkDateOrder([o.paidFrom, o.paidTo, 'paidFrom', 'paidTo']);
    checkAmountOrder([o.minAmount, o.maxAmount, 'minAmount', 'maxAmount']);
  },
  async run(ctx, o) {
    const { limit, all, ...filters } = o;
    const http = await ctx.http();
    await writeRecordList(
      ctx,
      (page) => receiptPages(http, filters, page),
      { limit, all },
      { table: RECEIPT_TABLE, csv: RECEIPT_CSV },
    );
  },
});
