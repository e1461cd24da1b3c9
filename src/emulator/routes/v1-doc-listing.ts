// The v1 cursor listing (R11-R17) over the indexes of the document types other than NF-e: the
// query reading and the paging of GET /v1/nfe/{role}, for any DocIndex. Page URLs, signature and
// the default limit come from nfe-v1.ts; only what that module keeps to itself is added here.
import { V1_LIMIT_MAX } from '../../api/wire/nfe.js';
import { filterDateProblem, filterDateToMs } from '../../fiscal/dates.js';
import { matchesPropertyFilter, parsePropertyFilter } from '../../fiscal/property-filter.js';
import type { AnyStoredDoc, DocEntry, DocIndex } from '../doc-index.js';
import type { RoleOf } from '../model-docs.js';
import { HttpError, badRequest, ok, v1FieldErrors, type Reply } from '../respond.js';
import type { RequestContext } from '../router.js';
import { lowerBound } from '../store.js';
import { V1_LIMIT_DEFAULT, arrayParam, pageSignature, pageUrl, scalarParam } from './v1-listing.js';

export interface DocV1Query {
  role: string;
  limit: number;
  cursor: number;
  accessKeys?: Set<string>;
  cnpjs?: Set<string>;
  matchesFilter?: (properties: Record<string, string>) => boolean;
  created?: { from: number; to: number };
}

export interface V1QueryOptions {
  roles: readonly string[];
  /** Whether `access_key[]` is read (documents with an access key). */
  accessKeys: boolean;
}

/** R11, R15-R17: role, limit, cursor, cnpj[], access_key[], filter, created_at[from]/[to]; 400 names each bad parameter. */
export function parseDocV1Query(ctx: RequestContext, role: string, o: V1QueryOptions): DocV1Query {
  if (!o.roles.includes(role)) throw badRequest('v1', `invalid role "${role}"; expected one of ${o.roles.join(', ')}`);
  const params = ctx.url.searchParams;
  const errors: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (errors[field] ??= []).push(message);
  const query: DocV1Query = { role, limit: V1_LIMIT_DEFAULT, cursor: 0 };

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
  if (o.accessKeys) {
    const keys = arrayParam(params, 'access_key');
    for (const key of keys ?? []) if (key.length !== 44) problem('access_key', `each access key has 44 characters, "${key}" has ${key.length}`);
    if (keys) query.accessKeys = new Set(keys);
  }
  const cnpjs = arrayParam(params, 'cnpj');
  for (const cnpj of cnpjs ?? []) if (cnpj.length !== 14) problem('cnpj', `each CNPJ has 14 characters, "${cnpj}" has ${cnpj.length}`);
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
  const from = scalarParam(params, 'created_at[from]');
  const to = scalarParam(params, 'created_at[to]');
  // R15: the two bounds come together.
  if (from !== undefined && to === undefined) problem('created_at[to]', 'is required when created_at[from] is given');
  if (to !== undefined && from === undefined) problem('created_at[from]', 'is required when created_at[to] is given');
  for (const [field, value] of [['created_at[from]', from], ['created_at[to]', to]] as const) {
    const why = value === undefined ? undefined : filterDateProblem(value);
    if (why) problem(field, `${why}, got "${value}"`);
  }
  if (from !== undefined && to !== undefined && !errors['created_at[from]'] && !errors['created_at[to]']) {
    query.created = { from: filterDateToMs(from, 'from'), to: filterDateToMs(to, 'to') };
  }
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  return query;
}

/** The owner a listed document is shown for: the first of the account's companies in the role (that cnpj[] allows). */
export function ownerIn<D extends AnyStoredDoc>(doc: D, q: DocV1Query): string | undefined {
  return (doc.roles as RoleOf<string>[]).find((r) => r.role === q.role && (!q.cnpjs || q.cnpjs.has(r.owner)))?.owner;
}

function matcher<D extends AnyStoredDoc>(q: DocV1Query, keyOf: (doc: D) => string | undefined) {
  return ({ doc, createdMs }: DocEntry<D>): boolean =>
    ownerIn(doc, q) !== undefined &&
    (!q.accessKeys || q.accessKeys.has(keyOf(doc) ?? '')) &&
    (!q.created || (createdMs >= q.created.from && createdMs <= q.created.to)) &&
    (!q.matchesFilter || q.matchesFilter(doc.properties));
}

/**
 * One page of a role listing. R13: the cursor is a stream position; documents at or after it are
 * read in position order. R12: next is never null; past the end it repeats the cursor asked for.
 */
export function listDocsV1<D extends AnyStoredDoc, I>(
  ctx: RequestContext,
  index: DocIndex<D>,
  q: DocV1Query,
  toItem: (doc: D, owner: string) => I,
  keyOf: (doc: D) => string | undefined = () => undefined,
): Reply {
  const entries = index.byRole(q.role);
  const matches = matcher(q, keyOf);
  const data: I[] = [];
  let last: number | undefined;
  for (let i = lowerBound(entries, q.cursor, (e) => e.doc.position); i < entries.length && data.length < q.limit; i++) {
    const entry = entries[i]!;
    if (!matches(entry)) continue;
    data.push(toItem(entry.doc, ownerIn(entry.doc, q)!));
    last = entry.doc.position;
  }
  const next = last === undefined ? q.cursor : last + 1;
  return ok({
    data,
    page: { next: pageUrl(ctx, next), previous: pageUrl(ctx, q.cursor) },
    count: data.length,
    signature: pageSignature(data),
  });
}

export function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
