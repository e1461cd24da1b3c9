// Pagination as async iterables of pages (v1 cursor: R12, R13; v2 Paginator: R19a), the helpers
// built on them, and the v1 page signature check (R14). Iterators are lazy: a consumer that stops
// early (break, a limit) stops the fetching too.
import { createHash } from 'node:crypto';
import { InterruptedError, ProtocolError } from '../errors.js';
import type { ZodType } from 'zod';
import type { HttpClient } from './http.js';
import { asciiEscaped, phpJsonEncode, type V1Page } from './wire/common.js';

export interface CursorPage<T> {
  items: T[];
  /** The cursor this page was asked for. */
  cursor: number;
  /** The cursor to ask for next; save it to resume later (R13). */
  next: number;
}

export interface TokenPage<T> {
  items: T[];
  /** The Paginator this page was asked for (undefined for the first page). */
  token: string | undefined;
  /** The Paginator of the next page; null or '' on the last one. */
  next: string | null;
  total?: number | undefined;
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw signal.reason instanceof InterruptedError ? signal.reason : new InterruptedError('interrupted');
}

/**
 * R12: `page.next` is an absolute URL echoing the query with the next `cursor`. A bare integer or
 * a relative URL is accepted too, so that a proxy rewriting hosts does not break paging.
 */
export function nextCursorOf(next: string): number {
  const raw = /^\s*\d+\s*$/.test(next) ? next.trim() : safeCursorParam(next);
  if (raw === null || !/^\d+$/.test(raw)) throw new ProtocolError(`page.next carries no cursor: ${next.slice(0, 200)}`);
  return Number(raw);
}

function safeCursorParam(next: string): string | null {
  try {
    return new URL(next, 'http://relative.invalid').searchParams.get('cursor');
  } catch {
    return null;
  }
}

/**
 * v1 cursor pages. Stops on an empty page (R12: past the end the service answers `data: []`),
 * on a `next` equal to the cursor asked for, and on a cursor already visited (a loop guard: a
 * server bug must not turn into an endless download); a `next` below the cursor is an error (exit 11).
 */
export async function* paginateCursor<T>(
  fetchPage: (cursor: number) => Promise<V1Page<T>>,
  opts: { start?: number; signal?: AbortSignal } = {},
): AsyncGenerator<CursorPage<T>, void, undefined> {
  const seen = new Set<number>();
  let cursor = opts.start ?? 0;
  for (;;) {
    checkAborted(opts.signal);
    seen.add(cursor);
    const page = await fetchPage(cursor);
    if (page.data.length === 0) return;
    const next = nextCursorOf(page.page.next);
    // Positions only grow (R12): a cursor going back would list again what was read, or loop.
    // The page is not kept, so a checkpoint never moves backwards either.
    if (next < cursor)
      throw new ProtocolError(`page.next goes backwards: cursor ${next} after cursor ${cursor}; stopped there`);
    yield { items: page.data, cursor, next };
    if (seen.has(next)) return;
    cursor = next;
  }
}

/** v2 Paginator pages (R19a): stops on a null or empty Paginator, an empty page, or a Paginator seen before. */
export async function* paginateToken<T>(
  fetchPage: (token: string | undefined) => Promise<{ items: T[]; token: string | null | undefined; total?: number }>,
  opts: { start?: string; signal?: AbortSignal } = {},
): AsyncGenerator<TokenPage<T>, void, undefined> {
  const seen = new Set<string>();
  let token = opts.start || undefined;
  for (;;) {
    checkAborted(opts.signal);
    if (token !== undefined) seen.add(token);
    const page = await fetchPage(token);
    if (page.items.length === 0) return;
    const next = page.token ?? null;
    yield { items: page.items, token, next, total: page.total };
    if (!next || seen.has(next)) return;
    token = next;
  }
}

/** Collects up to `max` values of an async iterable, then stops it. */
export async function collect<T>(iterable: AsyncIterable<T>, max = Number.POSITIVE_INFINITY): Promise<T[]> {
  const out: T[] = [];
  if (max <= 0) return out;
  for await (const value of iterable) {
    out.push(value);
    if (out.length >= max) break;
  }
  return out;
}

/** Flattens pages into items; stops fetching once `limit` items were yielded. */
export async function* itemsOf<T>(
  pages: AsyncIterable<{ items: T[] }>,
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<T, void, undefined> {
  let count = 0;
  if (limit <= 0) return;
  for await (const page of pages) {
    for (const item of page.items) {
      yield item;
      if (++count >= limit) return;
    }
  }
}

/**
 * R14: `signature` is the SHA-256 hex of `data` as PHP's json_encode writes it. `data` must be
 * the body as parsed from the wire, before any schema drops or reorders keys. A page without a
 * signature passes: not every endpoint signs. With the raw body (text or bytes), the `data` array
 * as sent is hashed first, which spares re-serializing a large page; any doubt falls back to
 * serializing `data`, or what `dataAsSent` gives (a body whose base64 was lifted, binary-fields.ts).
 */
export function signatureMatches(body: unknown, sent?: string | Buffer, dataAsSent?: () => unknown): boolean {
  if (typeof body !== 'object' || body === null || !('signature' in body)) return true;
  const { signature, data } = body as { signature: unknown; data?: unknown };
  if (typeof signature !== 'string' || signature === '' || data === undefined) return true;
  const expected = signature.toLowerCase();
  const sha = (t: string | Buffer) => createHash('sha256').update(t).digest('hex');
  const raw = sent === undefined ? undefined : rawData(sent);
  if (raw !== undefined) {
    const escaped = raw.includes('\\/') ? raw : raw.toString().replaceAll('/', '\\/');
    if (sha(escaped) === expected) return true;
  }
  const plain = phpJsonEncode(dataAsSent ? dataAsSent() : data);
  if (sha(plain) === expected) return true;
  // Only on a mismatch: the \uXXXX form some PHP builds write.
  const ascii = asciiEscaped(plain);
  return ascii !== plain && sha(ascii) === expected;
}

/** The body's `data` array as sent (text or bytes) when the body reads `{..."data":[...],"page":...}`. */
function rawData(sent: string | Buffer): string | Buffer | undefined {
  const start = sent.indexOf('"data":[');
  const end = sent.lastIndexOf('],"page":');
  if (start === -1 || end < start) return undefined;
  return typeof sent === 'string' ? sent.slice(start + 7, end + 1) : sent.subarray(start + 7, end + 1);
}

/**
 * The pages of a v1 listing of one role (or document type) from `q.cursor` on, one `list` call a
 * page: `nfeV1Pages = listingPages(listNfeV1)`.
 */
export function listingPages<By, Q extends { cursor?: number | undefined }, T>(
  list: (http: HttpClient, by: By, q: Q) => Promise<V1Page<T>>,
): (http: HttpClient, by: By, q: Q, opts?: { signal?: AbortSignal }) => AsyncIterable<CursorPage<T>> {
  return (http, by, q, opts = {}) =>
    paginateCursor((cursor) => list(http, by, { ...q, cursor }), { start: q.cursor ?? 0, ...opts });
}

/** Every item of a signed v1 cursor listing (`GET path?cursor=&limit=`), page after page. */
export function cursorListingItems<T>(
  http: HttpClient,
  path: string,
  schema: ZodType<V1Page<T>>,
  limit: number,
): AsyncIterable<T> {
  return itemsOf(
    paginateCursor(async (cursor) => {
      const res = await http.request({ method: 'GET', path, query: { cursor, limit }, schema, verifySignature: true });
      return res.body;
    }),
  );
}
