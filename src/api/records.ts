// The designed record groups (boletos, receipts, international invoices, utility bills): a v1
// cursor listing and one record by id, the same for every group (src/emulator/routes/records.ts
// serves them). Each group's module (boletos.ts, receipts.ts...) gives its path, the zod schema of
// its item and how its typed filters become the listing's query; the PDF is pdf.ts's.
import * as z from 'zod';
import type { HttpClient, QueryValue } from './http.js';
import { paginateCursor, type CursorPage } from './paginate.js';
import { statusSchema, v1PageSchema, type V1Page } from './wire/common.js';

/** Filters as the listing reads them: `name[]`, `name[from]`, `name[min]`... (keys sent literally). */
type RecordQuery = Record<string, QueryValue>;

export interface PageOptions {
  /** Records per request (the listing's `limit`). */
  pageSize?: number;
  signal?: AbortSignal;
}

async function listRecordsPage<T>(
  http: HttpClient,
  path: string,
  item: z.ZodType<T>,
  query: RecordQuery,
): Promise<V1Page<T>> {
  const res = await http.request({ method: 'GET', path, query, schema: v1PageSchema(item), verifySignature: true });
  return res.body as V1Page<T>;
}

/** Every page of a listing, lazily (R12, R13). */
export function recordPages<T>(
  http: HttpClient,
  path: string,
  item: z.ZodType<T>,
  query: RecordQuery,
  opts: PageOptions = {},
): AsyncIterable<CursorPage<T>> {
  const q = { ...query, ...(opts.pageSize === undefined ? {} : { limit: opts.pageSize }) };
  return paginateCursor(
    (cursor) => listRecordsPage(http, path, item, { ...q, cursor }),
    opts.signal ? { signal: opts.signal } : {},
  );
}

/** One record by id: `GET <path>/<id>`, `{status, data}`. A 404 is a NotFoundError. */
export async function getRecord<T>(http: HttpClient, path: string, id: string, item: z.ZodType<T>): Promise<T> {
  const res = await http.request({
    method: 'GET',
    path: `${path}/${encodeURIComponent(id)}`,
    schema: z.object({ status: statusSchema, data: item }),
  });
  return res.body.data as T;
}

/** A date range as `name[from]`/`name[to]`. */
export const dateRange = (name: string, from: string | undefined, to: string | undefined): RecordQuery =>
  range(name, ['from', 'to'], from, to);

/** An amount range as `name[min]`/`name[max]`. */
export const amountRange = (name: string, min: string | undefined, max: string | undefined): RecordQuery =>
  range(name, ['min', 'max'], min, max);

function range(name: string, sides: [string, string], low: string | undefined, high: string | undefined): RecordQuery {
  const q: RecordQuery = {};
  if (low !== undefined) q[`${name}[${sides[0]}]`] = low;
  if (high !== undefined) q[`${name}[${sides[1]}]`] = high;
  return q;
}
