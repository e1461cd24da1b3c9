// The v1 cursor paging of the account's short lists (companies, rural properties): the item's
// index is its stream position, so the same cursor and signature rules hold as in every v1 listing.
import type * as z from 'zod';
import { DIRECTORY_LIMIT_MAX } from '../../../api/wire/companies.js';
import { HttpError, v1FieldErrors, type Reply } from '../../respond.js';
import type { RequestContext } from '../../router.js';
import { cursorPage, scalarParam, type PageItem } from './v1-listing.js';

/**
 * R12-R14: one page of `items` by `cursor` and `limit` (1 to DIRECTORY_LIMIT_MAX, default the
 * maximum), typed by `schema`, the client's page schema.
 */
export function directoryPage<S extends z.ZodType>(
  ctx: RequestContext,
  items: readonly PageItem<S>[],
  schema: S,
): Reply {
  const params = ctx.url.searchParams;
  const errors: Record<string, string[]> = {};
  const q = { cursor: 0, limit: DIRECTORY_LIMIT_MAX };
  const limit = scalarParam(params, 'limit');
  if (limit !== undefined) {
    if (/^\d{1,6}$/.test(limit) && +limit >= 1 && +limit <= DIRECTORY_LIMIT_MAX) q.limit = +limit;
    else errors.limit = [`must be an integer from 1 to ${DIRECTORY_LIMIT_MAX}, got "${limit}"`];
  }
  const cursor = scalarParam(params, 'cursor');
  if (cursor !== undefined) {
    if (/^\d{1,15}$/.test(cursor)) q.cursor = +cursor;
    else errors.cursor = [`must be a non-negative integer, got "${cursor}"`];
  }
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  const entries = items.map((item, position) => ({ doc: { position }, item }));
  return cursorPage(
    ctx,
    q,
    entries,
    () => true,
    (e) => e.item,
    schema,
  );
}
