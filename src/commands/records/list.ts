// `fiscal <group> list`: the listing verb of every record group (boletos, receipts, international
// invoices, utility bills...). A group gives its endpoint, the zod schema of its own flags, how they
// become the query, and its columns; paging, --limit/--all and the output are here, once.
import { z } from 'zod';
import { recordPages, type RecordQuery } from '../../api/records.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/writer.js';
import type { VerbModule } from '../action.js';
import { parseWith } from '../options.js';
import { limit } from '../shared/values.js';
import { writeRecords } from '../shared/listing-output.js';

export interface RecordListSpec<F extends Record<string, unknown>, T, R> {
  path: string;
  item: z.ZodType<T>;
  /** The group's own flags (commander names, camel case); checked before anything is sent. */
  filters: z.ZodType<F>;
  query(filters: F): RecordQuery;
  row(item: T): R;
  table: Column<R>[];
  csv: Column<R>[];
}

export interface RecordListOptions<F> {
  filters: F;
  /** undefined with --all. */
  limit: number | undefined;
}

const paging = z.object({ limit: limit.optional(), all: z.boolean().optional() });
const PAGE_SIZE = 50;
const DEFAULT_LIMIT = 50;

export function recordListVerb<F extends Record<string, unknown>, T, R>(spec: RecordListSpec<F, T, R>): VerbModule<RecordListOptions<F>> {
  return {
    parseOptions(raw) {
      const { limit: rawLimit, all, ...rest } = raw;
      const p = parseWith(paging, { limit: rawLimit, all });
      return { filters: parseWith(spec.filters, rest), limit: p.all ? undefined : (p.limit ?? DEFAULT_LIMIT) };
    },
    async run(ctx: Context, o: RecordListOptions<F>) {
      const http = await ctx.http();
      const query = { ...spec.query(o.filters), limit: PAGE_SIZE };
      async function* pages() {
        for await (const page of recordPages(http, spec.path, spec.item, query, { signal: ctx.signal })) {
          yield { records: page.items.map(spec.row) };
        }
      }
      await writeRecords(ctx, pages(), o.limit, { table: spec.table, csv: spec.csv });
    },
  };
}
