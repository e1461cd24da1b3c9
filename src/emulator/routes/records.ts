// The designed groups whose items are plain records rather than fiscal XML (boletos, receipts,
// international invoices, utility bills...): a v1 cursor listing with declared filters, and one
// record by id (400 for a malformed id, 404 for one the account does not have). Paging is the documents' (cursorPage: R12-R14); a group declares which records the
// account has, in position order, its filters and how a record becomes an item.
//
// Query of a listing (designed, the same for every group): `limit` (1-50), `cursor`, and per
// filter: `name` or `name[]` (any of the values), `name[from]` / `name[to]` (dates, either side
// may be open), `name[min]` / `name[max]` (amounts). Every problem is reported at once, by
// parameter, in the v1 error shape.
import * as z from 'zod';
import { statusSchema, v1PageSchema } from '../../api/wire/common.js';
import { V1_LIMIT_MAX } from '../../api/wire/nfe.js';
import { filterDateProblem, filterDateToMs } from '../../fiscal/dates.js';
import type { Encodable } from '../json-payload.js';
import { HttpError, okAs, v1Error, v1FieldErrors, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { arrayParam, cursorPage, scalarParam, V1_LIMIT_DEFAULT } from './listing/v1-listing.js';

interface ListedRecord {
  /** Stream position: the cursor of the listing (R13). */
  position: number;
}

export type RecordFilter<R> =
  /** `name` / `name[]`: the record's value (or one of its values) is one of those asked for. */
  | {
      kind: 'values';
      param: string;
      values?: readonly string[];
      problem?: (value: string) => string | undefined;
      get: (r: R) => string | readonly string[] | undefined;
    }
  /** `name[from]` / `name[to]`: a date (`yyyy-mm-dd` or `yyyy-mm-dd hh:mm:ss`, Brasília) range. */
  | { kind: 'dates'; param: string; get: (r: R) => number | undefined }
  /** `name[min]` / `name[max]`: an amount range, in the record's unit (reais). */
  | { kind: 'amounts'; param: string; get: (r: R) => number | undefined };

interface RecordListing<R extends ListedRecord, S extends z.ZodType> {
  path: string;
  /** The account's records, in position order. */
  records(ctx: RequestContext): readonly R[];
  filters: readonly RecordFilter<R>[];
  /** The wire schema of an item, as the client reads it. */
  item: S;
  toItem(record: R, ctx: RequestContext): Encodable<z.input<S>>;
}

interface RecordLookup<R, S extends z.ZodType> {
  /** A path ending in `:id`. */
  path: string;
  /** The account's record; undefined is a 404 (R3: another account's records do not exist here). */
  find(ctx: RequestContext, id: string): R | undefined;
  /** The wire schema of the record, as the client reads it. */
  item: S;
  toItem(record: R, ctx: RequestContext): z.input<S>;
  /** How a 404 names it: `boleto`. */
  what: string;
  /** Why an id is malformed (a 400 naming `id`), or undefined. */
  problem?(id: string): string | undefined;
}

export function registerRecordListing<R extends ListedRecord, S extends z.ZodType>(
  router: Router,
  listing: RecordListing<R, S>,
): void {
  // The page as the client reads it (api/records.ts): checked whole when replies are checked.
  const page = v1PageSchema(listing.item);
  router.add('GET', listing.path, (ctx) => listPage(ctx, listing, page), { errors: 'v1' });
}

export function registerRecordLookup<R, S extends z.ZodType>(router: Router, lookup: RecordLookup<R, S>): void {
  // Typed by the item's schema through toItem; checked whole by okAs.
  const reply: z.ZodType = z.object({ status: statusSchema, data: lookup.item });
  router.add(
    'GET',
    lookup.path,
    (ctx) => {
      const id = ctx.params.id!;
      const why = lookup.problem?.(id);
      if (why) throw new HttpError(v1FieldErrors(400, { id: [`${why}, got "${id}"`] }));
      const record = lookup.find(ctx, id);
      if (record === undefined) throw new HttpError(v1Error(404, `${lookup.what} "${id}" not found`));
      return okAs(reply, { data: lookup.toItem(record, ctx) });
    },
    { errors: 'v1' },
  );
}

function listPage<R extends ListedRecord, S extends z.ZodType>(
  ctx: RequestContext,
  listing: RecordListing<R, S>,
  page: ReturnType<typeof v1PageSchema<S>>,
): Reply {
  const { limit, cursor, matches } = parseRecordQuery(ctx.url.searchParams, listing.filters);
  const entries = listing.records(ctx).map((record) => ({ doc: record, record }));
  return cursorPage(
    ctx,
    { cursor, limit },
    entries,
    (e) => matches(e.record),
    (e) => listing.toItem(e.record, ctx),
    page,
  );
}

interface RecordQuery<R> {
  limit: number;
  cursor: number;
  matches(record: R): boolean;
}

/** The listing's query: paging and filters, every problem at once (400, v1 field errors). */
export function parseRecordQuery<R>(params: URLSearchParams, filters: readonly RecordFilter<R>[]): RecordQuery<R> {
  const errors: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (errors[field] ??= []).push(message);
  let limit = V1_LIMIT_DEFAULT;
  let cursor = 0;
  const rawLimit = scalarParam(params, 'limit');
  if (rawLimit !== undefined) {
    if (/^\d{1,6}$/.test(rawLimit) && +rawLimit >= 1 && +rawLimit <= V1_LIMIT_MAX) limit = +rawLimit;
    else problem('limit', `must be an integer from 1 to ${V1_LIMIT_MAX}, got "${rawLimit}"`);
  }
  const rawCursor = scalarParam(params, 'cursor');
  if (rawCursor !== undefined) {
    if (/^\d{1,15}$/.test(rawCursor)) cursor = +rawCursor;
    else problem('cursor', `must be a non-negative integer, got "${rawCursor}"`);
  }
  const tests: ((record: R) => boolean)[] = [];
  for (const filter of filters) {
    const test = filterTest(params, filter, problem);
    if (test) tests.push(test);
  }
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  return { limit, cursor, matches: (record) => tests.every((t) => t(record)) };
}

type Problem = (field: string, message: string) => void;

function filterTest<R>(
  params: URLSearchParams,
  filter: RecordFilter<R>,
  problem: Problem,
): ((record: R) => boolean) | undefined {
  const { param } = filter;
  if (filter.kind === 'values') {
    const single = scalarParam(params, param);
    const asked = [...(arrayParam(params, param) ?? []), ...(single === undefined ? [] : [single])];
    if (asked.length === 0) return undefined;
    for (const value of asked) {
      if (filter.values && !filter.values.includes(value))
        problem(param, `must be one of ${filter.values.join(', ')}, got "${value}"`);
      const why = filter.problem?.(value);
      if (why) problem(param, `${why}, got "${value}"`);
    }
    const wanted = new Set(asked);
    return (record) => {
      const value = filter.get(record);
      if (value === undefined) return false;
      return typeof value === 'string' ? wanted.has(value) : value.some((v) => wanted.has(v));
    };
  }
  const [lowName, highName] = filter.kind === 'dates' ? ['from', 'to'] : ['min', 'max'];
  const bound = (side: string, which: 'from' | 'to'): number | undefined => {
    const field = `${param}[${side}]`;
    const raw = scalarParam(params, field);
    if (raw === undefined) return undefined;
    if (filter.kind === 'dates') {
      const why = filterDateProblem(raw);
      if (why) return void problem(field, `${why}, got "${raw}"`);
      return filterDateToMs(raw, which);
    }
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(raw)) return void problem(field, `must be an amount like 1234.56, got "${raw}"`);
    return Number(raw);
  };
  const low = bound(lowName!, 'from');
  const high = bound(highName!, 'to');
  if (low === undefined && high === undefined) return undefined;
  if (low !== undefined && high !== undefined && low > high) problem(param, `[${lowName}] is after [${highName}]`);
  return (record) => {
    const value = filter.get(record);
    return value !== undefined && (low === undefined || value >= low) && (high === undefined || value <= high);
  };
}
