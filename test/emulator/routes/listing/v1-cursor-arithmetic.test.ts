// R34 (observed): on a created_at listing the first page jumps to the window (0 -> 2345); every
// page after it advances the cursor by exactly `count` (2345 -> 2360 for 15 documents). Clients
// that add `count` to the cursor after the first page read each document once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { get, headersOf } from '../../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 600 });
  headers = headersOf(emu);
});
afterAll(async () => emu?.close());

const WINDOW = 'created_at[from]=2026-03-01&created_at[to]=2026-06-01';
const cursorOf = (url: string) => Number(new URL(url).searchParams.get('cursor'));
const idOf = (item: { access_key?: string; id?: string }) => item.access_key ?? item.id;

interface Page {
  cursor: number;
  next: number;
  count: number;
  ids: string[];
}

async function page(path: string, cursor: number): Promise<Page> {
  const r = await get(emu, `${path}?${WINDOW}&limit=15&cursor=${cursor}`, headers);
  expect(r.status, r.text).toBe(200);
  return { cursor, next: cursorOf(r.body.page.next), count: r.body.count, ids: r.body.data.map(idOf) };
}

const LISTINGS = ['/v1/nfe/received', '/v1/nfse/received', '/v2/nfse/received', '/v1/cte/taker', '/v1/nfse/emitted'];

describe('R34: cursor arithmetic of a created_at listing', () => {
  it.each(LISTINGS)('%s: after the first page, next = cursor + count', async (path) => {
    const pages: Page[] = [];
    for (let cursor = 0; pages.length < 200;) {
      const p = await page(path, cursor);
      if (p.count === 0) break;
      pages.push(p);
      cursor = p.next;
    }
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[0]!.next).toBeGreaterThan(pages[0]!.count);
    for (const p of pages.slice(1)) expect(p.next - p.cursor).toBe(p.count);
  });

  it.each(LISTINGS)('%s: a client that adds count after the first page reads each document once', async (path) => {
    const followed: string[] = [];
    const added: string[] = [];
    for (let cursor = 0, n = 0; n < 200; n++) {
      const p = await page(path, cursor);
      if (p.count === 0) break;
      followed.push(...p.ids);
      cursor = p.next;
    }
    const first = await page(path, 0);
    added.push(...first.ids);
    for (let cursor = first.next, n = 0; n < 200; n++) {
      const p = await page(path, cursor);
      added.push(...p.ids);
      if (p.count < 15) break;
      cursor += p.count;
    }
    expect(added).toEqual(followed);
    expect(new Set(added).size).toBe(added.length);
  });
});
