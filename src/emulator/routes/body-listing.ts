// What the body-based listings (POST /v2/dfe/nfe, /v1/dfe/cte, /v1/dfe/cteos) share: the request
// errors, the page size, and the Paginator over (position, roleIndex) records (R18, R19a, R21, R24).
import type { z } from 'zod';
import { V2_LIMIT_MAX } from '../../api/wire/nfe.js';
import { badRequest } from '../respond.js';

/** Where a page resumes: after the record (position, roleIndex). */
export interface Anchor {
  position: number;
  roleIndex: number;
}

/** A record of a body listing: one document as seen by one owner in one role. */
export interface AnchoredRecord {
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
export function anchorOf(paginator: string | null | undefined, key = 'Paginator'): Anchor | undefined {
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

/** A 400 that names the offending key: unknown keys by name, other problems by their path. */
export function requestError(issue: z.core.$ZodIssue) {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    return badRequest('service', `unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}${path ? ` in ${path}` : ''}`);
  }
  return badRequest('service', issue.message, path || undefined);
}

/** The page size asked for in `key` (`Limit`): default and maximum `max` (500). */
export function pageSize(limit: number | undefined, max = V2_LIMIT_MAX, key = 'Limit'): number {
  if (limit === undefined) return max;
  if (limit < 1 || limit > max) throw badRequest('service', `must be between 1 and ${max}, got ${limit}`, key);
  return limit;
}

export interface BodyPage<R> {
  page: R[];
  total: number;
  /** R19a: null on the last page. */
  paginator: string | null;
}

/** The page after `anchor` of the matching records; Total counts every match, so the whole stream is read. */
export function bodyPage<R extends AnchoredRecord>(records: readonly R[], matches: (r: R) => boolean, limit: number, anchor: Anchor | undefined): BodyPage<R> {
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
  const paginator = more && last ? encodePaginator({ position: last.entry.doc.position, roleIndex: last.roleIndex }) : null;
  return { page, total, paginator };
}
