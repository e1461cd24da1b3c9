// `fiscal invoices list`: the account's international invoices by filters (GET /v1/invoices, designed).
import { invoicePages } from '../../api/invoices.js';
import { amount, checkAmountOrder, checkDateOrder, upperCode } from '../shared/records-flags.js';
import { writeRecordList } from '../shared/records-list.js';
import { verb } from '../shared/verb.js';
import { INVOICE_CSV, INVOICE_TABLE } from './columns.js';
import { listVerb } from './index.js';

export default verb(listVerb, {
  parsers: {
    country: upperCode(2, 'an ISO country code like US'),
    currency: upperCode(3, 'an ISO currency code like USD'),
    minBrl: amount,
    maxBrl: amount,
  },
  check(o) {
    checkDateOrder([o.issuedFrom, o.issuedTo, 'issuedFrom', 'issuedTo']);
    checkAmountOrder([o.minBrl, o.maxBrl, 'minBrl', 'maxBrl']);
  },
  async run(ctx, o) {
    const { limit, all, ...filters } = o;
    const http = await ctx.http();
    await writeRecordList(
      ctx,
      (page) => invoicePages(http, filters, page),
      { limit, all },
      { table: INVOICE_TABLE, csv: INVOICE_CSV },
    );
  },
});
