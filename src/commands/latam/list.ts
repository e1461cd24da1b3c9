// `fiscal latam list`: the account's LATAM documents through GET /v1/latam (designed v1 cursor
// listing), filtered by country, issuer and issue date, one record per document.
import { z } from 'zod';
import { latamPages } from '../../api/latam.js';
import { itemsOf } from '../../api/paginate.js';
import { LATAM_COUNTRIES, type LatamListItem, type LatamListQuery } from '../../api/wire/latam.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { parseWith } from '../options.js';
import { day } from '../shared/values.js';

export interface LatamListOptions {
  query: LatamListQuery;
  limit?: number | undefined;
}


const schema = z.object({
  country: z.enum(LATAM_COUNTRIES).optional(),
  issuer: z.string().trim().min(1, 'expected a tax id').optional(),
  issuedFrom: day.optional(),
  issuedTo: day.optional(),
  limit: z.coerce.number().int('expected a whole number').min(1, 'expected at least 1').optional(),
});

export function parseOptions(raw: Record<string, unknown>): LatamListOptions {
  const o = parseWith(schema, raw);
  if (o.issuedFrom && o.issuedTo && o.issuedFrom > o.issuedTo) throw new UsageError(`--issued-from ${o.issuedFrom} is after --issued-to ${o.issuedTo}`);
  const query: LatamListQuery = {};
  if (o.country) query.country = o.country;
  if (o.issuer) query.issuer = o.issuer;
  if (o.issuedFrom) query.issuedFrom = o.issuedFrom;
  if (o.issuedTo) query.issuedTo = o.issuedTo;
  return { query, limit: o.limit };
}

const COLUMNS: Column<LatamListItem>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'TYPE', get: (r) => r.doc_type },
  { header: 'NUMBER', get: (r) => r.number },
  { header: 'ISSUER', get: (r) => r.issuer.tax_id },
  { header: 'ISSUER NAME', get: (r) => r.issuer.name, width: 30 },
  { header: 'ISSUED', get: (r) => r.issued_at.slice(0, 10) },
  { header: 'CURRENCY', get: (r) => r.currency },
  { header: 'TOTAL', get: (r) => r.total },
];

export async function run(ctx: Context, options: LatamListOptions): Promise<void> {
  const http = await ctx.http();
  const writer = createRecordWriter<LatamListItem>(ctx, { columns: COLUMNS, emptyMessage: 'No LATAM documents.' });
  try {
    for await (const item of itemsOf(latamPages(http, options.query, { signal: ctx.signal }), options.limit)) writer.write(item);
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
