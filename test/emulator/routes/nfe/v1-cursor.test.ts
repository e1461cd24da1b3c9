// GET /v1/nfe/{role} cursor semantics on a larger stream (R11-R13, R34): positions 0, 3, 6... in the
// stream, but a cursor counts the role's documents, so it advances by the page size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeV1PageSchema } from '../../../../src/api/wire/nfe.js';
import type { StoredNfe } from '../../../../src/emulator/model.js';
import { createEmulator, type Emulator } from '../../../../src/emulator/server.js';
import { A1, ACCOUNTS, get, makeNfe, NOW } from '../../fixtures.js';

const DOCS = 300;
let emu: Emulator;

/** 300 documents at positions 0, 3, 6...; only the document at position 870 has status=rare. */
function dataset() {
  const nfes: StoredNfe[] = [];
  for (let i = 0; i < DOCS; i++) {
    nfes.push(makeNfe(i * 3, { properties: i === 290 ? { status: 'rare' } : { status: i % 2 ? 'odd' : 'even' } }));
  }
  return { accounts: ACCOUNTS.map((a) => ({ ...a })), nfes };
}

beforeAll(async () => {
  emu = await createEmulator({ port: 0, now: NOW, dataset: dataset() });
});
afterAll(async () => emu?.close());

async function page(emulator: Emulator, query: string) {
  const r = await get(emulator, `/v1/nfe/emitted${query}`);
  expect(r.status, r.text).toBe(200);
  return nfeV1PageSchema.parse(r.body);
}
const cursorOf = (url: string) => Number(new URL(url).searchParams.get('cursor'));

/** Follows next until an empty page; returns the keys and the cursors seen. */
async function walk(emulator: Emulator, query: string, start = 0) {
  const keys: string[] = [];
  const cursors: number[] = [];
  let cursor = start;
  for (let i = 0; i < 100; i++) {
    const p = await page(emulator, `?cursor=${cursor}${query}`);
    keys.push(...p.data.map((d) => d.access_key));
    const next = cursorOf(p.page.next);
    cursors.push(next);
    if (p.data.length === 0) {
      expect(next).toBe(cursor);
      break;
    }
    cursor = next;
  }
  return { keys, cursors, last: cursor };
}

describe('R11-R13: cursor paging', () => {
  it('R11: limit defaults to 50', async () => {
    const p = await page(emu, '');
    expect(p.count).toBe(50);
    expect(cursorOf(p.page.next)).toBe(50);
  });

  it('R12/R13: a cursor walk reaches the end, sees each document once, then repeats the cursor with an empty page', async () => {
    const { keys, cursors } = await walk(emu, '&limit=50');
    expect(keys).toHaveLength(DOCS);
    expect(new Set(keys).size).toBe(DOCS);
    expect(cursors).toEqual([50, 100, 150, 200, 250, 300, 300]);
  });

  it('R13: with a filter the first page jumps from 0 to after the match', async () => {
    const p = await page(emu, `?cursor=0&filter=${encodeURIComponent('(= status rare)')}`);
    expect(p.count).toBe(1);
    expect(cursorOf(p.page.next)).toBe(291);
    const after = await page(emu, `?cursor=291&filter=${encodeURIComponent('(= status rare)')}`);
    expect(after.data).toEqual([]);
    expect(cursorOf(after.page.next)).toBe(291);
  });

  it("R34: a cursor is a place among the role's documents, whatever their stream positions", async () => {
    const a = await page(emu, '?cursor=4&limit=1');
    const b = await page(emu, '?cursor=0&limit=5');
    expect(a.data).toEqual(b.data.slice(4));
    expect(cursorOf(a.page.next)).toBe(5);
  });

  it('R13: cursors do not change when documents arrive; a saved cursor resumes with only what is new', async () => {
    const local = await createEmulator({ port: 0, now: NOW, dataset: dataset() });
    try {
      const before = await walk(local, '&limit=40');
      const firstPage = await page(local, '?cursor=0&limit=40');
      const added = [1, 2, 3].map(
        () => local.store.addNfe(makeNfe(0, { roles: [{ owner: A1.cnpj, role: 'emitted' }] })).doc,
      );
      expect(added.map((d) => d.position)).toEqual([898, 899, 900]);
      expect(await page(local, '?cursor=0&limit=40')).toEqual(firstPage);
      const resumed = await walk(local, '&limit=40', before.last);
      expect(resumed.keys).toEqual(added.map((d) => d.accessKey));
      expect(resumed.last).toBe(303);
    } finally {
      await local.close();
    }
  });

  it('serves pages of a 100k-document account quickly', async () => {
    const nfes: StoredNfe[] = [];
    const template = makeNfe(0);
    for (let i = 0; i < 100_000; i++) {
      nfes.push({
        ...template,
        position: i,
        accessKey: String(i).padStart(44, '0'),
        properties: { status: i % 1000 === 0 ? 'rare' : 'x' },
      });
    }
    const big = await createEmulator({
      port: 0,
      now: NOW,
      dataset: { accounts: ACCOUNTS.map((a) => ({ ...a })), nfes },
    });
    try {
      const started = performance.now();
      for (const cursor of [0, 50_000, 99_990, 100_000]) await page(big, `?cursor=${cursor}`);
      await page(big, `?cursor=0&filter=${encodeURIComponent('(= status rare)')}`);
      const v1Ms = performance.now() - started;
      expect(v1Ms).toBeLessThan(2_000);
    } finally {
      await big.close();
    }
  });
});
