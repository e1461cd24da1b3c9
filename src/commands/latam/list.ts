// `fiscal latam list`: the account's LATAM documents through GET /v1/latam (designed v1 cursor
// listing), filtered by country, issuer and issue date, one record per document.
import { latamPages } from '../../api/latam.js';
import { itemsOf } from '../../api/paginate.js';
import type { LatamListItem, LatamListQuery } from '../../api/wire/latam.js';
import { UsageError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { listVerb } from './index.js';

const COLUMNS: Column<LatamListItem>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'TYPE', key: 'doc_type', get: (r) => r.doc_type },
  { header: 'NUMBER', get: (r) => r.number },
  { header: 'ISSUER', get: (r) => r.issuer.tax_id },
  { header: 'ISSUER NAME', get: (r) => r.issuer.name, width: 30 },
  { header: 'ISSUED', get: (r) => r.issued_at.slice(0, 10) },
  { header: 'CURRENCY', get: (r) => r.currency },
  { header: 'TOTAL', get: (r) => r.total },
];

export default verb(listVerb, {
  check(o) {
    if (o.issuedFrom && o.issuedTo && o.issuedFrom > o.issuedTo)
      throw new UsageError(`--issued-from ${o.issuedFrom} is after --issued-to ${o.issuedTo}`);
  },
  async run(ctx, o) {
    const query: LatamListQuery = {
      ...(o.country && { country: o.country }),
      ...(o.issuer && { issuer: o.issuer }),
      ...(o.issuedFrom && { issuedFrom: o.issuedFrom }),
      ...(o.issuedTo && { issuedTo: o.issuedTo }),
    };
    const http = await ctx.http();
    const writer = createRecordWriter<LatamListItem>(ctx, { columns: COLUMNS, emptyMessage: 'No LATAM documents.' });
    try {
      for await (const item of itemsOf(latamPages(http, query, { signal: ctx.signal }), o.limit)) writer.write(item);
    } catch (error) {
      writer.fail();
      throw error;
    } finally {
      writer.end();
    }
  },
});
