// What the body searches (POST /v2/dfe/nfe, /v1/dfe/cte, /v1/dfe/cteos, /v1/dfe/nfse,
// /v1/dfe/mdfe) share: the request errors that name the offending key, the projection, the page
// size, and the Paginator over (position, roleIndex) records (R18, R19a, R21, R22, R24).
import type * as z from 'zod';
import { V2_LIMIT_MAX } from '../../../api/wire/nfe.js';
import { badRequest, HttpError, serviceError, type Reply } from '../../respond.js';
import type { RequestContext } from '../../router.js';

/** Where a page resumes: after the record (position, roleIndex). */
interface Anchor {
  position: number;
  roleIndex: number;
}

/** A record of a body search: one document as seen by one owner in one role. */
interface AnchoredRecord {
  entry: { doc: { position: number } };
  roleIndex: number;
}

/**
 * Designed: the Paginator is base64url of `<position>.<roleIndex>` of the last record returned.
 * Records are ordered by (position, roleIndex) and positions never change (R13), so a client
 * following it sees each matching record exactly once, even when documents arrive meanwhile.
 */
export function encodePaginator(anchor: Anchor): string {
  return Buffer.from(`${anchor.position}.${anchor.roleIndex}`, 'utf8').toString('base64url');
}

export function decodePaginator(text: string): Anchor | undefined {
  const plain = Buffer.from(text, 'base64url').toString('utf8');
  const m = /^(\d{1,15})\.(\d{1,6})$/.exec(plain);
  if (!m || encodePaginator({ position: Number(m[1]), roleIndex: Number(m[2]) }) !== text) return undefined;
  return { position: Number(m[1]), roleIndex: Number(m[2]) };
}

/** The anchor of a request's Paginator (none for the first page), or a 400 naming `key`. */
function anchorOf(paginator: string | null | undefined, key: string): Anchor | undefined {
  if (!paginator) return undefined;
  const anchor = decodePaginator(paginator);
  if (!anchor) throw badRequest('service', 'not a Paginator returned by this service', key);
  return anchor;
}

function after(record: AnchoredRecord, anchor: Anchor | undefined): boolean {
  if (!anchor) return true;
  const position = record.entry.doc.position;
  return position > anchor.position || (position === anchor.position && record.roleIndex > anchor.roleIndex);
}

/** The request body read by `schema`; the first problem is a 400 naming the offending key. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw requestError(parsed.error.issues[0]!);
  return parsed.data;
}

/** A 400 that names the offending key: unknown keys by name, other problems by their path. */
function requestError(issue: z.core.$ZodIssue) {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    const message = `unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}${path ? ` in ${path}` : ''}`;
    // R6: the context names the field, as for any other problem of the body (the first unknown one).
    return new HttpError(
      serviceError(400, 'bad_request', message, { field: [path, issue.keys[0]].filter(Boolean).join('.') }),
    );
  }
  return badRequest('service', issue.message, path || undefined);
}

/** The requested fields (in `key`), checked against the known ones; `defaults` when none are asked for. */
function projection<F extends string>(
  fields: string[] | undefined,
  known: readonly F[],
  defaults: F[],
  key: string,
): F[] {
  if (!fields || fields.length === 0) return defaults;
  for (const field of fields) {
    if (!(known as readonly string[]).includes(field))
      throw badRequest('service', `unknown field "${field}"; expected some of ${known.join(', ')}`, key);
  }
  return [...new Set(fields)] as F[];
}

/** The page size asked for in `key` (`Limit`): default and maximum `max` (500). */
function pageSize(limit: number | undefined, max = V2_LIMIT_MAX, key = 'Limit'): number {
  if (limit === undefined) return max;
  if (limit < 1 || limit > max) throw badRequest('service', `must be between 1 and ${max}, got ${limit}`, key);
  return limit;
}

interface SearchPage<R> {
  records: R[];
  total: number;
  /** R19a: null on the last page. */
  paginator: string | null;
}

/**
 * The page after the Paginator (read from `key`) of the matching records. Total counts every
 * match, so the whole stream is read; only the page's records are kept.
 */
function searchPage<R extends AnchoredRecord>(
  records: readonly R[],
  matches: (r: R) => boolean,
  limit: number,
  paginator: string | null | undefined,
  key: string,
): SearchPage<R> {
  const anchor = anchorOf(paginator, key);
  const page: R[] = [];
  let total = 0;
  let more = false;
  for (const record of records) {
    if (!matches(record)) continue;
    total++;
    if (page.length < limit) {
      if (after(record, anchor)) page.push(record);
    } else {
      more = true;
    }
  }
  const last = page[page.length - 1];
  const next = more && last ? encodePaginator({ position: last.entry.doc.position, roleIndex: last.roleIndex }) : null;
  return { records: page, total, paginator: next };
}

/** The keys a body search spells its projection, page size and Paginator with, named by its errors. */
interface BodyKeys {
  fields: string;
  limit: string;
  paginator: string;
}

/** POST /v2/dfe/nfe and /v1/dfe/mdfe spell them in PascalCase. */
export const PASCAL_KEYS: BodyKeys = { fields: 'Fields', limit: 'Limit', paginator: 'Paginator' };

/** A type's body search: its fields, its page size limit, and how a record is projected on the wire. */
interface BodySearch<R, F extends string, O> {
  keys: BodyKeys;
  known: readonly F[];
  /** The projection without any fields asked for. */
  defaults: F[];
  /** The largest page, also the page size when the request names none. */
  max: number;
  toRecord: (record: R, fields: F[]) => O;
}

/** What a request asks of the paging, read from the keys of its endpoint. */
interface BodyPaging {
  fields: string[] | undefined;
  limit: number | undefined;
  paginator: string | null | undefined;
}

/**
 * The page a body search answers: the projected records after the request's Paginator. The
 * projection and the page size are checked before `compile` reads the filters, so the first
 * problem of a request is the one a 400 names.
 */
function bodySearchPage<R extends AnchoredRecord, F extends string, O>(
  records: readonly R[],
  search: BodySearch<R, F, O>,
  paging: BodyPaging,
  compile: () => (record: R) => boolean,
): SearchPage<O> {
  const fields = projection(paging.fields, search.known, search.defaults, search.keys.fields);
  const limit = pageSize(paging.limit, search.max, search.keys.limit);
  const page = searchPage(records, compile(), limit, paging.paginator, search.keys.paginator);
  return { ...page, records: page.records.map((r) => search.toRecord(r, fields)) };
}

/**
 * A body search route, declared: how its request is read, where its records are, how its filters
 * match, and the envelope of its answer. The paging keys are read from the request by `keys`.
 */
interface BodySearchRoute<B, R extends AnchoredRecord, F extends string, O> extends BodySearch<R, F, O> {
  /** The request, checked (a 400 naming the offending key, see `parseBody`). */
  read(body: unknown, ctx: RequestContext): B;
  /** The records the request can match (all of them, or fewer that its filters' test would keep). */
  records(ctx: RequestContext, request: B): readonly R[];
  filters(request: B, ctx: RequestContext): (record: R) => boolean;
  answer(page: SearchPage<O>): Reply;
}

/** The handler of a body search route. */
export function bodySearchRoute<B, R extends AnchoredRecord, F extends string, O>(
  route: BodySearchRoute<B, R, F, O>,
): (ctx: RequestContext) => Reply {
  return (ctx) => {
    const request = route.read(ctx.json(), ctx);
    const asked = request as Record<string, unknown>;
    const paging: BodyPaging = {
      fields: asked[route.keys.fields] as string[] | undefined,
      limit: asked[route.keys.limit] as number | undefined,
      paginator: asked[route.keys.paginator] as string | null | undefined,
    };
    return route.answer(bodySearchPage(route.records(ctx, request), route, paging, () => route.filters(request, ctx)));
  };
}
