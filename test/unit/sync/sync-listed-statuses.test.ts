// A first pull's events stream takes the canceled documents' statuses from the listings (R30),
// page by page: each page of the listing is a part of the stream's first page, handed on before
// the next page is asked for, so that what the pull holds does not grow with the account (an
// account of 1M notes lists some 56k canceled).
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../src/api/http.js';
import type { StatusRecord } from '../../../src/catalog/store.js';
import { eventsSource } from '../../../src/sync/sources/events.js';
import type { Checkpoint } from '../../../src/sync/checkpoint.js';
import type { ListedStatuses, SourcePage, StreamSource } from '../../../src/sync/source.js';
import { initialCheckpoint } from '../../../src/sync/starts.js';

const KEY = { account: 'acc', baseUrl: 'emulator', type: 'nfe', role: 'events', owner: '' };
const AT = Date.parse('2026-06-15T12:00:00Z');

const record = (n: number): StatusRecord => ({
  key: String(n).padStart(44, '0'),
  role: 'received',
  owner: '',
  status: 'canceled',
  at: '2026-06-15T03:00:00.000Z',
  source: 'listing',
});

/** A listing of `pages` pages of 500 records from `first`; `asked` counts the pages read so far. */
function listing(pages: number, failAt?: number, first = 0) {
  const state = { asked: 0 };
  const list = async (): Promise<ListedStatuses> => ({
    at: AT,
    pages: (async function* () {
      for (let p = 0; p < pages; p++) {
        if (p === failAt) throw new Error('socket hang up');
        state.asked++;
        yield Array.from({ length: 500 }, (_, i) => record(first + p * 500 + i));
      }
    })(),
  });
  return { list, state };
}

/** Never asked: the pages read here end before the stream of events is requested. */
const noHttp = {} as HttpClient;

/** The stream's pages up to and including its first whole one (the listing's end), or all it yields before failing over. */
async function statusPages(source: StreamSource, start?: Checkpoint, onPart?: (asked: number) => void) {
  const out: SourcePage[] = [];
  for await (const page of source.pages(start, new AbortController().signal)) {
    out.push(page);
    onPart?.(out.length);
    if (!page.continued) break;
  }
  return out;
}

describe('the listing of canceled documents on a first pull', () => {
  it('R30: hands on each page of the listing as a part before the next page is read, then one page that moves the position', async () => {
    const a = listing(3);
    const b = listing(2, undefined, 1500);
    const source = eventsSource(noHttp, KEY, 'nfe', [
      { id: 'a', listed: a.list },
      { id: 'b', listed: b.list },
    ]);
    const askedAtPart: number[] = [];
    const pages = await statusPages(source, undefined, () => askedAtPart.push(a.state.asked + b.state.asked));
    // Five parts of 500, then the page whose resume says the stream starts at the present.
    expect(pages.map((p) => p.statuses?.length)).toEqual([500, 500, 500, 500, 500, 0]);
    expect(pages.slice(0, 5).every((p) => p.continued && p.docs.length === 0)).toBe(true);
    // Lazy: when the k-th part is handed on, only k pages of the listings were read.
    expect(askedAtPart.slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    // In the listings' order, each record once: the same journal as when they came in one page.
    const keys = pages.flatMap((p) => p.statuses ?? []).map((r) => r.key);
    expect(new Set(keys).size).toBe(2500);
    expect(keys[0]).toBe(record(0).key);
    expect(keys[1500]).toBe(record(1500).key);
    const last = pages.at(-1)!;
    expect(last.continued).toBeUndefined();
    expect(last.resume).toEqual({
      cursor: 0,
      paginator: null,
      createdHighWater: '2026-06-15T03:00:00.000Z',
      covers: ['a', 'b'],
    });
    expect(pages.slice(0, 5).every((p) => p.resume.createdHighWater === last.resume.createdHighWater)).toBe(true);
  });

  it('a run stopped within the listing (its checkpoint never moved) reads the listing again; one that moved does not', async () => {
    const a = listing(2);
    const source = eventsSource(noHttp, KEY, 'nfe', [{ id: 'a', listed: a.list }]);
    const stopped = { ...initialCheckpoint(source), documents: 0 };
    const again = await statusPages(source, stopped);
    expect(again.map((p) => p.statuses?.length)).toEqual([500, 500, 0]);
    const moved = eventsSource(noHttp, KEY, 'nfe', [{ id: 'a', listed: listing(2).list }]);
    const after = { ...stopped, pages: 1, createdHighWater: '2026-06-15T03:00:00.000Z', covers: ['a'] };
    const iterator = moved.pages(after, new AbortController().signal)[Symbol.asyncIterator]();
    // Past the listing, the stream asks the service for events: this client has none to give.
    await expect(iterator.next()).rejects.toThrow();
  });

  it('a listing cut short keeps the statuses read and reads the history instead (no page moving the position to the present)', async () => {
    const a = listing(3, 2);
    const source = eventsSource(noHttp, KEY, 'nfe', [{ id: 'a', listed: a.list }]);
    const iterator = source.pages(undefined, new AbortController().signal)[Symbol.asyncIterator]();
    const parts = [(await iterator.next()).value as SourcePage, (await iterator.next()).value as SourcePage];
    expect(parts.map((p) => [p.statuses?.length, p.continued])).toEqual([
      [500, true],
      [500, true],
    ]);
    // Next: the history's first request, which this client cannot send.
    await expect(iterator.next()).rejects.toThrow();
  });

  it('a document stream new to a stream that moved has its listing read, the position kept, then covered', async () => {
    const a = listing(1);
    const b = listing(2, undefined, 500);
    const source = eventsSource(noHttp, KEY, 'nfe', [
      { id: 'a', listed: a.list },
      { id: 'b', listed: b.list },
    ]);
    const moved = { ...initialCheckpoint(source), cursor: 7, pages: 3, createdHighWater: '2026-06-01T03:00:00.000Z' };
    const pages = await statusPages(source, { ...moved, covers: ['a'] });
    // Only the new stream's listing: the one covered is not asked again.
    expect(a.state.asked).toBe(0);
    expect(pages.map((p) => p.statuses?.length)).toEqual([500, 500, 0]);
    const position = { cursor: 7, paginator: null, createdHighWater: '2026-06-01T03:00:00.000Z' };
    expect(pages.slice(0, 2).every((p) => p.continued && JSON.stringify(p.resume) === JSON.stringify(position))).toBe(
      true,
    );
    expect(pages.at(-1)!.resume).toEqual({ ...position, covers: ['a', 'b'] });
  });

  it("a checkpoint of an earlier fiscal (no covers) takes every stream's listing once", async () => {
    const a = listing(1);
    const source = eventsSource(noHttp, KEY, 'nfe', [{ id: 'a', listed: a.list }]);
    const moved = { ...initialCheckpoint(source), cursor: 7, pages: 3, createdHighWater: '2026-06-01T03:00:00.000Z' };
    const pages = await statusPages(source, moved);
    expect(pages.map((p) => p.statuses?.length)).toEqual([500, 0]);
    expect(pages.at(-1)!.resume.covers).toEqual(['a']);
  });
});
