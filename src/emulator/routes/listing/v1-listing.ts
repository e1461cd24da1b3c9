// The v1 cursor listing shared by every `GET /v1/<type>/{role}` (R11-R17): query parsing, paging
// over the account's stream by position, page URLs and signature. Each type gives its roles, its
// entries of one role and how a document becomes an item.
import { createHash } from 'node:crypto';
import type * as z from 'zod';
import { phpJsonEncode, type V1Page } from '../../../api/wire/common.js';
import { V1_LIMIT_MAX } from '../../../api/wire/nfe.js';
import { createdToMs, createdToProblem, filterDateProblem, filterDateToMs } from '../../../fiscal/dates.js';
import { matchesPropertyFilter, parsePropertyFilter } from '../../../fiscal/property-filter.js';
import type { Encodable } from '../../json-payload.js';
import { HttpError, badRequest, okAs, v1FieldErrors, type Reply } from '../../respond.js';
import type { RequestContext } from '../../router.js';
import { lowerBound } from '../../store.js';

export const V1_LIMIT_DEFAULT = 50;

export interface V1Query<R extends string = string> {
  role: R;
  limit: number;
  cursor: number;
  accessKeys?: Set<string>;
  cnpjs?: Set<string>;
  matchesFilter?: (properties: Record<string, string>) => boolean;
  created?: { from: number; to: number };
  format: 'xml' | 'json';
}

/** What the listing reads of a stored document, whatever its type. */
interface V1Entry {
  doc: {
    position: number;
    accessKey: string;
    roles: readonly { owner: string; role: string }[];
    properties: Record<string, string>;
  };
  createdMs: number;
}

/** The values of `name[]` (and PHP's `name[0]`, `name[1]`...). */
export function arrayParam(params: URLSearchParams, name: string): string[] | undefined {
  const pattern = new RegExp(`^${name}\\[\\d*\\]$`);
  const values = [...params].filter(([key]) => pattern.test(key)).map(([, value]) => value);
  return values.length > 0 ? values : undefined;
}

/** PHP semantics: the last occurrence of a scalar parameter wins. */
export function scalarParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  return values[values.length - 1];
}

/** The path's role, or a 400 naming it and the valid ones. */
export function roleParam<R extends string>(ctx: RequestContext, roles: readonly R[]): R {
  return checkRole(ctx.params.role!, roles);
}

function checkRole<R extends string>(role: string, roles: readonly R[]): R {
  if (!(roles as readonly string[]).includes(role)) {
    throw badRequest('v1', `invalid role "${role}"; expected one of ${roles.join(', ')}`);
  }
  return role as R;
}

/** What a listing reads besides the common parameters. */
interface V1QueryOptions {
  /** The role, when the path has none (`/v2/nfse/received`); default the path's `{role}`. */
  role?: string;
  /** `access_key[]` (documents with an access key; not NFS-e). Default true. */
  accessKeys?: boolean;
  /** `format_type` (R16). Default true. */
  format?: boolean;
  /** Parameters the listing reads besides the common ones (`id[]` on NFS-e): R36, others are a 400. */
  extra?: readonly string[];
}

/** The parameters every v1 listing reads (R11, R15, R17; `[]` names take PHP's `[0]`, `[1]` too). */
const COMMON_PARAMS = ['limit', 'cursor', 'cnpj[]', 'filter', 'created_at[from]', 'created_at[to]'];

/** R36: a parameter the listing does not read must not widen the answer silently: it is a 400. */
function unknownParams(params: URLSearchParams, known: readonly string[]): string[] {
  const names = new Set(known);
  const unknown = new Set<string>();
  for (const key of params.keys()) {
    const name = key.replace(/\[\d*\]$/, '[]');
    if (!names.has(name) && !names.has(key)) unknown.add(key);
  }
  return [...unknown];
}

/** R11-R17: the query of a v1 listing; every problem is reported at once, by parameter. */
export function parseV1Query<R extends string>(
  ctx: RequestContext,
  roles: readonly R[],
  o: V1QueryOptions = {},
): V1Query<R> {
  const role = o.role === undefined ? roleParam(ctx, roles) : checkRole(o.role, roles);
  const params = ctx.url.searchParams;
  const errors: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (errors[field] ??= []).push(message);
  const query: V1Query<R> = { role, limit: V1_LIMIT_DEFAULT, cursor: 0, format: 'xml' };
  const known = [
    ...COMMON_PARAMS,
    ...(o.accessKeys !== false ? ['access_key[]'] : []),
    ...(o.format !== false ? ['format_type'] : []),
    ...(o.extra ?? []),
  ];
  for (const name of unknownParams(params, known))
    problem(name, `is not a parameter of ${ctx.url.pathname}; it reads ${known.join(', ')}`);

  const limit = scalarParam(params, 'limit');
  if (limit !== undefined) {
    if (/^\d{1,6}$/.test(limit) && +limit >= 1 && +limit <= V1_LIMIT_MAX) query.limit = +limit;
    else problem('limit', `must be an integer from 1 to ${V1_LIMIT_MAX}, got "${limit}"`);
  }
  const cursor = scalarParam(params, 'cursor');
  if (cursor !== undefined) {
    if (/^\d{1,15}$/.test(cursor)) query.cursor = +cursor;
    else problem('cursor', `must be a non-negative integer, got "${cursor}"`);
  }
  if (o.accessKeys !== false) {
    const keys = arrayParam(params, 'access_key');
    for (const key of keys ?? [])
      if (key.length !== 44) problem('access_key', `each access key has 44 characters, "${key}" has ${key.length}`);
    if (keys) query.accessKeys = new Set(keys);
  }
  const cnpjs = arrayParam(params, 'cnpj');
  for (const cnpj of cnpjs ?? [])
    if (cnpj.length !== 14) problem('cnpj', `each CNPJ has 14 characters, "${cnpj}" has ${cnpj.length}`);
  if (cnpjs) query.cnpjs = new Set(cnpjs);

  const filter = scalarParam(params, 'filter');
  if (filter !== undefined) {
    try {
      const expr = parsePropertyFilter(filter);
      query.matchesFilter = (properties) => matchesPropertyFilter(expr, properties);
    } catch (error) {
      problem('filter', (error as Error).message);
    }
  }
  const created = createdRange(params, problem, ctx.now());
  if (created) query.created = created;
  const format = o.format === false ? undefined : scalarParam(params, 'format_type');
  if (format !== undefined) {
    if (format === 'xml' || format === 'json') query.format = format;
    else problem('format_type', `must be xml or json, got "${format}"`);
  }
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  return query;
}

/**
 * R15: `created_at[from]` and `created_at[to]` together or not at all, each a filter date; the
 * upper bound may also be `now` (the service's public documentation accepts it), `nowMs` here.
 * Problems are reported through `problem`; the range only when there are none.
 */
export function createdRange(
  params: URLSearchParams,
  problem: (field: string, message: string) => void,
  nowMs: number,
): { from: number; to: number } | undefined {
  const from = scalarParam(params, 'created_at[from]');
  const to = scalarParam(params, 'created_at[to]');
  if (from !== undefined && to === undefined) problem('created_at[to]', 'is required when created_at[from] is given');
  if (to !== undefined && from === undefined) problem('created_at[from]', 'is required when created_at[to] is given');
  const fromWhy = from === undefined ? undefined : filterDateProblem(from);
  const toWhy = to === undefined ? undefined : createdToProblem(to);
  if (fromWhy) problem('created_at[from]', `${fromWhy}, got "${from}"`);
  if (toWhy) problem('created_at[to]', `${toWhy}, got "${to}"`);
  if (from === undefined || to === undefined || fromWhy || toWhy) return undefined;
  return { from: filterDateToMs(from, 'from'), to: createdToMs(to, nowMs) };
}

function matcher(q: V1Query): (entry: V1Entry) => boolean {
  return ({ doc, createdMs }) =>
    (!q.cnpjs || doc.roles.some((r) => r.role === q.role && q.cnpjs!.has(r.owner))) &&
    (!q.accessKeys || q.accessKeys.has(doc.accessKey)) &&
    (!q.created || (createdMs >= q.created.from && createdMs <= q.created.to)) &&
    (!q.matchesFilter || q.matchesFilter(doc.properties));
}

/**
 * R12, R35: the request's URL with another cursor, parameters in alphabetical order, written raw
 * as the real service writes them (`created_at[from]=2025-08-01 00:00:00`): brackets, spaces and
 * parentheses as they are. Only what would change the query's meaning (`%`, `&`, `#`, `+`) is
 * escaped, so the link still reads back to the same parameters.
 */
function pageUrl(ctx: RequestContext, cursor: number): string {
  const entries = [...ctx.url.searchParams].filter(([key]) => key !== 'cursor');
  entries.push(['cursor', String(cursor)]);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = entries.map(([k, v]) => `${raw(k)}=${raw(v)}`).join('&');
  return `${ctx.origin}${ctx.url.pathname}?${query}`;
}

const raw = (text: string): string => text.replace(/[%&#+]/g, (c) => encodeURIComponent(c));

/** R14: SHA-256 hex of `data` as PHP's json_encode writes it. */
export function pageSignature(data: unknown): string {
  return createHash('sha256').update(phpJsonEncode(data), 'utf8').digest('hex');
}

/** The item type of a v1 page schema (`v1PageSchema(item)` of the wire modules). */
export type PageItem<S extends z.ZodType> = z.input<S> extends { data: (infer I)[] } ? Encodable<I> : never;

/**
 * One page of a role's entries (sorted by position) from the query's cursor. R13, R34: the cursor
 * is the place of a document among the role's documents, which only grow at the end (new
 * documents, uploads), so a saved cursor stays valid and resumes with what is new. Documents that
 * match a `created_at` window sit next to each other there, so after the first page (which jumps
 * to the window) the cursor advances by exactly `count`, as on the real service.
 */
export function v1Page<E extends V1Entry, S extends z.ZodType>(
  ctx: RequestContext,
  q: V1Query,
  entries: readonly E[],
  toItem: (entry: E) => PageItem<S>,
  schema: S,
): Reply {
  return rolePage(ctx, q, entries, matcher(q), toItem, schema);
}

/** The paging of the role listings (R12-R14, R34): the cursor is an index into `entries`. */
export function rolePage<E, S extends z.ZodType>(
  ctx: RequestContext,
  q: { cursor: number; limit: number },
  entries: readonly E[],
  matches: (entry: E) => boolean,
  toItem: (entry: E) => PageItem<S>,
  schema: S,
): Reply {
  return pageFrom(ctx, q, entries, q.cursor, (_, i) => i, matches, toItem, schema);
}

/**
 * The paging of every other v1 listing, whatever decides which entries match (R12-R14): the
 * cursor is an entry's stream position. Items are built once, for the page only; `schema` (the
 * client's page schema) types them.
 */
export function cursorPage<E extends { doc: { position: number } }, S extends z.ZodType>(
  ctx: RequestContext,
  q: { cursor: number; limit: number },
  entries: readonly E[],
  matches: (entry: E) => boolean,
  toItem: (entry: E) => PageItem<S>,
  schema: S,
): Reply {
  const start = lowerBound(entries, q.cursor, (e) => e.doc.position);
  return pageFrom(ctx, q, entries, start, (e) => e.doc.position, matches, toItem, schema);
}

function pageFrom<E, S extends z.ZodType>(
  ctx: RequestContext,
  q: { cursor: number; limit: number },
  entries: readonly E[],
  start: number,
  cursorOf: (entry: E, index: number) => number,
  matches: (entry: E) => boolean,
  toItem: (entry: E) => PageItem<S>,
  schema: S,
): Reply {
  const data: PageItem<S>[] = [];
  let last: number | undefined;
  for (let i = start; i < entries.length && data.length < q.limit; i++) {
    const entry = entries[i]!;
    if (!matches(entry)) continue;
    data.push(toItem(entry));
    last = cursorOf(entry, i);
  }
  return pageReply(ctx, q.cursor, data, last, schema);
}

/** A v1 page: `last` is the position of its last item. R12: next is never null; past the end it repeats the cursor asked for. */
export function pageReply<S extends z.ZodType>(
  ctx: RequestContext,
  cursor: number,
  data: PageItem<S>[],
  last: number | undefined,
  schema: S,
): Reply {
  const next = last === undefined ? cursor : last + 1;
  const page: Omit<V1Page<PageItem<S>>, 'status'> = {
    data,
    page: { next: pageUrl(ctx, next), previous: pageUrl(ctx, cursor) },
    count: data.length,
    signature: pageSignature(data),
  };
  return okAs<z.ZodType>(schema, page);
}
