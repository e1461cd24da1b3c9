import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  collect,
  itemsOf,
  nextCursorOf,
  paginateCursor,
  paginateToken,
  signatureMatches,
} from '../../../src/api/paginate.js';
import type { V1Page } from '../../../src/api/wire/common.js';
import { InterruptedError, ProtocolError } from '../../../src/errors.js';

const BASE = 'https://api.example/v1/nfe/received';

/** A v1 page as the service writes it (R12): `next` an absolute URL, never null. */
function v1Page<T>(data: T[], next: number | string, previous = 0): V1Page<T> {
  const url = typeof next === 'number' ? `${BASE}?cursor=${next}&limit=50` : next;
  return {
    status: { code: 200, message: 'OK' },
    data,
    page: { next: url, previous: `${BASE}?cursor=${previous}` },
    count: data.length,
  };
}

/** fetchPage over a map cursor -> page, recording the cursors asked for. */
function cursorServer<T>(pages: Record<number, V1Page<T>>) {
  const asked: number[] = [];
  const fetchPage = async (cursor: number) => {
    asked.push(cursor);
    const page = pages[cursor];
    if (!page) throw new Error(`unexpected cursor ${cursor}`);
    return page;
  };
  return { asked, fetchPage };
}

describe('paginateCursor', () => {
  it('R12: follows page.next and stops on the empty page past the end', async () => {
    const s = cursorServer({ 0: v1Page(['a', 'b'], 2), 2: v1Page(['c'], 3), 3: v1Page([], 3, 3) });
    const pages = await collect(paginateCursor(s.fetchPage));
    expect(pages).toEqual([
      { items: ['a', 'b'], cursor: 0, next: 2 },
      { items: ['c'], cursor: 2, next: 3 },
    ]);
    expect(s.asked).toEqual([0, 2, 3]);
  });

  it('R12: stops on a repeated cursor (next === cursor) without asking again', async () => {
    const s = cursorServer({ 0: v1Page(['a'], 5), 5: v1Page(['b'], 5) });
    const pages = await collect(paginateCursor(s.fetchPage));
    expect(pages.map((p) => p.items)).toEqual([['a'], ['b']]);
    expect(s.asked).toEqual([0, 5]);
  });

  it('R13: a cursor that goes backwards (seen before or not) is said and stops, its page not kept: never a loop', async () => {
    for (const back of [10, 15]) {
      const s = cursorServer({ 0: v1Page(['a'], 10), 10: v1Page(['b'], 20), 20: v1Page(['c'], back) });
      const kept: string[][] = [];
      const err = await (async () => {
        for await (const p of paginateCursor(s.fetchPage)) kept.push(p.items);
      })().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProtocolError);
      expect((err as Error).message).toBe(`page.next goes backwards: cursor ${back} after cursor 20; stopped there`);
      expect(kept).toEqual([['a'], ['b']]);
      expect(s.asked).toEqual([0, 10, 20]);
    }
  });

  it('R13: resumes from a saved cursor; a filtered first page may jump ahead', async () => {
    const s = cursorServer({ 2345: v1Page(['x'], 2400), 2400: v1Page([], 2400) });
    const pages = await collect(paginateCursor(s.fetchPage, { start: 2345 }));
    expect(pages).toEqual([{ items: ['x'], cursor: 2345, next: 2400 }]);
  });

  it('R12: reads the cursor from an absolute URL, a relative URL or a bare integer; anything else is a ProtocolError', () => {
    expect(nextCursorOf('https://api.example/v1/nfe/received?access_key%5B%5D=1&cursor=77&limit=50')).toBe(77);
    expect(nextCursorOf('/v1/nfe/received?cursor=8')).toBe(8);
    expect(nextCursorOf('12')).toBe(12);
    expect(() => nextCursorOf('https://api.example/v1/nfe/received?limit=50')).toThrow(ProtocolError);
    expect(() => nextCursorOf('https://api.example/?cursor=-1')).toThrow(ProtocolError);
  });

  it('stops when aborted between pages', async () => {
    const ac = new AbortController();
    const s = cursorServer({ 0: v1Page(['a'], 1), 1: v1Page(['b'], 2) });
    const seen: string[] = [];
    const run = async () => {
      for await (const page of paginateCursor(s.fetchPage, { signal: ac.signal })) {
        seen.push(...page.items);
        ac.abort();
      }
    };
    await expect(run()).rejects.toBeInstanceOf(InterruptedError);
    expect(s.asked).toEqual([0]);
  });
});

describe('paginateToken', () => {
  function tokenServer(pages: Record<string, { items: string[]; token: string | null | undefined; total?: number }>) {
    const asked: Array<string | undefined> = [];
    const fetchPage = async (token: string | undefined) => {
      asked.push(token);
      const page = pages[token ?? '<start>'];
      if (!page) throw new Error(`unexpected token ${token}`);
      return page;
    };
    return { asked, fetchPage };
  }

  it('R19a: follows Paginator and stops when it is null', async () => {
    const s = tokenServer({
      '<start>': { items: ['a'], token: 'p2', total: 2 },
      p2: { items: ['b'], token: null, total: 2 },
    });
    const pages = await collect(paginateToken(s.fetchPage));
    expect(pages).toEqual([
      { items: ['a'], token: undefined, next: 'p2', total: 2 },
      { items: ['b'], token: 'p2', next: null, total: 2 },
    ]);
    expect(s.asked).toEqual([undefined, 'p2']);
  });

  it('R19a: stops on an empty Paginator', async () => {
    const s = tokenServer({ '<start>': { items: ['a'], token: '' } });
    await collect(paginateToken(s.fetchPage));
    expect(s.asked).toEqual([undefined]);
  });

  it('R19a: stops on an empty page, which is not yielded', async () => {
    const s = tokenServer({ '<start>': { items: ['a'], token: 'p2' }, p2: { items: [], token: 'p3' } });
    expect(await collect(paginateToken(s.fetchPage))).toHaveLength(1);
    expect(s.asked).toEqual([undefined, 'p2']);
  });

  it('R19a: stops on a Paginator seen before (loop guard)', async () => {
    const s = tokenServer({
      '<start>': { items: ['a'], token: 'p2' },
      p2: { items: ['b'], token: 'p3' },
      p3: { items: ['c'], token: 'p2' },
    });
    expect(await collect(paginateToken(s.fetchPage))).toHaveLength(3);
    expect(s.asked).toEqual([undefined, 'p2', 'p3']);
  });

  it('starts from a given Paginator', async () => {
    const s = tokenServer({ p9: { items: ['z'], token: null } });
    await collect(paginateToken(s.fetchPage, { start: 'p9' }));
    expect(s.asked).toEqual(['p9']);
  });
});

describe('collect and itemsOf', () => {
  const pages = () =>
    cursorServer({ 0: v1Page([1, 2, 3], 3), 3: v1Page([4, 5, 6], 6), 6: v1Page([7], 7), 7: v1Page([], 7) });

  it('itemsOf flattens pages and stops fetching once the limit is reached', async () => {
    const s = pages();
    expect(await collect(itemsOf(paginateCursor(s.fetchPage), 4))).toEqual([1, 2, 3, 4]);
    expect(s.asked).toEqual([0, 3]);
    const all = pages();
    expect(await collect(itemsOf(paginateCursor(all.fetchPage)))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('collect stops the iterable after max values', async () => {
    const s = pages();
    expect(await collect(paginateCursor(s.fetchPage), 1)).toHaveLength(1);
    expect(s.asked).toEqual([0]);
    expect(await collect(paginateCursor(pages().fetchPage), 0)).toEqual([]);
  });
});

describe('R14: page signature', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  it('matches the SHA-256 of data as PHP json_encode writes it (slashes escaped)', () => {
    const data = [{ access_key: '3524', xml: 'PD94/bWw=' }];
    expect(signatureMatches({ data, signature: sha('[{"access_key":"3524","xml":"PD94\\/bWw="}]') })).toBe(true);
    expect(signatureMatches({ data, signature: sha(JSON.stringify(data)) })).toBe(false);
  });

  it('accepts non-ASCII escaped as \\uXXXX or kept as UTF-8', () => {
    const data = [{ name: 'São Paulo' }];
    expect(signatureMatches({ data, signature: sha('[{"name":"S\\u00e3o Paulo"}]') })).toBe(true);
    expect(signatureMatches({ data, signature: sha('[{"name":"São Paulo"}]') })).toBe(true);
  });

  it('a page without a signature is accepted', () => {
    expect(signatureMatches({ data: [1] })).toBe(true);
    expect(signatureMatches(undefined)).toBe(true);
  });
});

describe('R35: page links raw or encoded', () => {
  it('nextCursorOf reads the cursor of a raw link (brackets and spaces unencoded) and of an encoded one', () => {
    const raw =
      'https://api.example/v1/nfe/received?created_at[from]=2025-08-01 00:00:00&created_at[to]=2025-08-31 23:59:59&cursor=2345&limit=50';
    expect(nextCursorOf(raw)).toBe(2345);
    expect(nextCursorOf(encodeURI(raw))).toBe(2345);
    expect(nextCursorOf(raw.replace(/\[/g, '%5B').replace(/\]/g, '%5D').replace(/ /g, '%20'))).toBe(2345);
  });
});
