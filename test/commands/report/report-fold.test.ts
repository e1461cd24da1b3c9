// The reports of one SQLite catalog grouped in a Map as SQLite reads the rows (items-fold.ts for
// --by ncm/product, catalog-report.ts's foldDocuments for the documents' dimensions) against the
// grouped queries they replace, which every catalog still runs (the same functions given the
// catalog behind a plain store): the same report, groups, names, counts, cents, shares, order. On a
// folder of NF-e in two roles (documents of two copies), canceled notes and CT-e (no items), and
// on copies of its catalog edited to hold what the emulator does not write: items without NCM
// (NULL and ''), sums in fractions of a cent and negative, integers, names that differ between
// items and documents, a document's items stored apart or out of order, a sum that is text.
import { cpSync, existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { repack as repackItems } from '../../../src/catalog/item-packs-state.js';
import { SqliteCatalog } from '../../../src/catalog/sqlite-store.js';
import type { CatalogStore } from '../../../src/catalog/store.js';
import type { Dimension, ReportFilters } from '../../../src/report/aggregate.js';
import { catalogReport } from '../../../src/report/catalog-report.js';
import {
  foldDocuments,
  foldSingleCopies,
  listOf,
  partsOf,
  type DocumentsRequest,
} from '../../../src/report/documents-fold.js';
import { filterSql } from '../../../src/report/catalog-report.js';
import { severalCopies } from '../../../src/report/items-fold.js';
import { itemsReport, itemsSpec } from '../../../src/report/items-report.js';
import { foldRanges, ofRanges, type RangeRequest } from '../../../src/report/items-split.js';
import { tempDir } from '../../helpers/context.js';
import { pullReportFolder, removeReportFolder } from '../../helpers/report-folder.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
let dir: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 160, otherDocs: 40, accounts: 1 });
  const env = emulatorEnv(emu);
  dir = await pullReportFolder('fiscal-report-fold', env);
  // A pull appends a pack of items each commit, and how many commits it makes depends on the
  // machine's load: packed again whole, so that every test reads one pack (too few to cut into
  // ranges: the ranges are the items' rows'), whatever the load was.
  const db = new Database(catalogOf(dir));
  repackItems(db);
  db.close();
}, 60_000);

afterAll(() => removeReportFolder(emu, dir));

const catalogOf = (d: string) => join(d, '.fiscal', 'catalog.sqlite');

/** The folder's catalog's packs of items. */
function packCount(): number {
  const db = new Database(catalogOf(dir), { readonly: true });
  const n = db.prepare('SELECT count(*) FROM item_packs').pluck().get() as number;
  db.close();
  return n;
}

/** A copy of the folder's catalog edited by `sql` (the folder's own is left as it is), in `copy`. */
function edited(sql: string, copy = tempDir('fiscal-report-fold-')): string {
  cpSync(join(dir, '.fiscal'), join(copy, '.fiscal'), { recursive: true });
  const db = new Database(catalogOf(copy));
  db.exec(sql);
  db.close();
  return copy;
}

/** A copy of the folder whose items are packed 40 a pack: several packs, to be cut into ranges. */
function packedFew(): string {
  const d = edited('SELECT 1');
  const db = new Database(catalogOf(d));
  repackItems(db, 40);
  db.close();
  return d;
}

/** The items' packs of `d` made again from its items, as the next open that may write does. */
async function repack(d: string): Promise<void> {
  await (await SqliteCatalog.open(catalogOf(d))).close();
}

/**
 * The catalog of `d`, and how often it grouped rows itself (fold), read the documents' copies in
 * one text (joined), read the items' packs, or ran a query (rows).
 */
async function opened(d: string) {
  const store = await SqliteCatalog.open(catalogOf(d), { readonly: true });
  return {
    store,
    fold: vi.spyOn(store, 'fold'),
    joined: vi.spyOn(store, 'joined'),
    packs: vi.spyOn(store, 'packs'),
    rows: vi.spyOn(store, 'rows'),
  };
}

/** The passes over the documents (joined) and over the items' rows (fold). */
const passesOf = (o: Awaited<ReturnType<typeof opened>>) => o.fold.mock.calls.length + o.joined.mock.calls.length;

/** Whether the items were read from their packs (src/catalog/item-packs.ts), the last pass. */
const readPacked = (o: Awaited<ReturnType<typeof opened>>) => o.packs.mock.results.at(-1)?.value === true;

/** The same catalog behind a plain store: the grouped queries any catalog runs. */
async function plain(d: string): Promise<CatalogStore> {
  const s = await SqliteCatalog.open(catalogOf(d), { readonly: true });
  return { path: s.path, rows: (sql, params) => s.rows(sql, params), close: () => s.close() } as CatalogStore;
}

/**
 * --by ncm/product both ways; `folded`: whether the catalog was grouped in a Map (else the query
 * ran), `packed`: its items read from their packs (one pass over the documents, none over the
 * items' rows). `splitFrom`: the items read in two halves (items-split.ts; the second on this
 * thread here, the sources having no worker file), each pass over the documents and over its items.
 */
async function itemsBothWays(d: string, by: Dimension[], filters: ReportFilters = {}, splitFrom?: number) {
  const o = await opened(d);
  const fast = await itemsReport([{ open: () => Promise.resolve(o.store) }], by, filters, { splitFrom });
  const slow = await itemsReport([{ open: () => plain(d) }], by, filters);
  const passes = passesOf(o);
  const packed = readPacked(o);
  return {
    fast,
    slow,
    packed,
    folded: o.rows.mock.calls.length === 0 && (splitFrom === undefined ? passes === (packed ? 1 : 2) : passes > 2),
  };
}

const itemCases: [Dimension[], ReportFilters][] = [
  [['ncm'], {}],
  [['product'], {}],
  [['month', 'ncm'], {}],
  [['ncm', 'status'], {}],
  [['emitter', 'product'], {}],
  [['cfop'], {}],
  [['ncm'], { roles: ['received'] }],
  [['product'], { types: ['nfe'], from: '2026-01-01', to: '2026-04-30' }],
  [['owner', 'ncm'], {}],
];

describe('report --by ncm/product grouped as the items are read', () => {
  it('the folder has what the comparison needs: documents of two copies, canceled notes, items', async () => {
    const s = await SqliteCatalog.open(catalogOf(dir), { readonly: true });
    const [[multi], [canceled], [items]] = [
      s.selectRaw('SELECT count(*) FROM (SELECT key FROM documents GROUP BY key HAVING count(*) > 1)')[0]!,
      s.selectRaw("SELECT count(*) FROM documents WHERE status = 'canceled'")[0]!,
      s.selectRaw('SELECT count(*) FROM items')[0]!,
    ];
    await s.close();
    expect(multi).toBeGreaterThan(0);
    expect(canceled).toBeGreaterThan(0);
    expect(items).toBeGreaterThan(100);
    expect(packCount()).toBe(1);
  });

  it.each(itemCases)(
    '--by %j with %j: the same report as the query, the items read from their packs',
    async (by, filters) => {
      const { fast, slow, folded, packed } = await itemsBothWays(dir, by, filters);
      expect(folded).toBe(true);
      expect(packed).toBe(true);
      expect(fast).toEqual(slow);
      expect(fast.groups.length).toBeGreaterThan(0);
    },
  );

  it.each(itemCases)('--by %j with %j read in ranges: the same report as the query', async (by, filters) => {
    const { fast, slow, folded, packed } = await itemsBothWays(dir, by, filters, 1);
    expect(folded).toBe(true);
    expect(packed).toBe(false);
    expect(fast).toEqual(slow);
  });

  it.each(itemCases)('--by %j with %j read in ranges of packs: the same report as the query', async (by, filters) => {
    // A copy whose items are packed 40 a pack: the ranges are cut at a pack.
    const packedSmall = packedFew();
    const o = await opened(packedSmall);
    const fast = await itemsReport([{ open: () => Promise.resolve(o.store) }], by, filters, { splitFrom: 1 });
    const slow = await itemsReport([{ open: () => plain(packedSmall) }], by, filters);
    expect(o.rows).not.toHaveBeenCalled();
    // Each range read its own packs (and its documents), none the items' rows.
    expect(o.packs.mock.calls.map((c) => c[2] !== undefined)).toEqual([true, true]);
    expect(o.packs.mock.results.map((r) => r.value)).toEqual([true, true]);
    expect(o.fold).not.toHaveBeenCalled();
    // Each range's documents (their rowids, the last two parameters) end before the next one's.
    const [first, second] = o.joined.mock.calls.map((c) => c[2].slice(-2) as number[]);
    expect(first![1]).toBeLessThan(second![0]!);
    expect(fast).toEqual(slow);
    expect(fast.groups.length).toBeGreaterThan(0);
  });

  it('items without NCM, fractions of a cent, negative and whole sums, names that differ: the same report', async () => {
    const d = edited(`
      UPDATE items SET ncm = NULL WHERE rowid % 7 = 0;
      UPDATE items SET ncm = '' WHERE rowid % 11 = 0;
      UPDATE items SET value = value + 0.005 WHERE rowid % 5 = 0;
      UPDATE items SET icms = 0.125 WHERE rowid % 3 = 0;
      UPDATE items SET pis = -0.015 WHERE rowid % 13 = 0;
      UPDATE items SET value = 100 WHERE rowid % 17 = 0;
      UPDATE items SET description = description || ' (b)' WHERE rowid % 4 = 0;
      UPDATE items SET description = NULL WHERE rowid % 9 = 0;
      UPDATE documents SET emitter_name = emitter_name || ' LTDA' WHERE rowid % 3 = 0;
      UPDATE documents SET status = 'canceled' WHERE rowid % 10 = 0;`);
    for (const by of [['ncm'], ['product'], ['ncm', 'emitter'], ['product', 'month']] as Dimension[][])
      for (const splitFrom of [undefined, 1]) {
        const { fast, slow, folded, packed } = await itemsBothWays(d, by, {}, splitFrom);
        expect(folded).toBe(true);
        // Items updated: the packs are no longer known to be theirs (a trigger said so).
        expect(packed).toBe(false);
        expect(fast).toEqual(slow);
      }
    // Packed again from the edited items (as the next pull's open would): the packs give the same.
    await repack(d);
    for (const by of [['ncm'], ['product'], ['ncm', 'emitter'], ['product', 'month']] as Dimension[][]) {
      const { fast, slow, folded, packed } = await itemsBothWays(d, by);
      expect(folded).toBe(true);
      expect(packed).toBe(true);
      expect(fast).toEqual(slow);
    }
    // The edits reached the report: a group of items without NCM, a canceled count.
    const { fast } = await itemsBothWays(d, ['ncm']);
    expect(fast.groups.some((g) => g.keys[0]!.value === '')).toBe(true);
    expect(fast.totals.canceled).toBeGreaterThan(0);
  });

  it("copies side by side of one document's value, then NULL beside '': the same report", async () => {
    // A copy's tuple is reused from the copy before when its value is the same (item-copies.ts):
    // runs of one emitter, NULL next to '' and a value coming back after others.
    const d = edited(`
      UPDATE documents SET emitter_tax_id = '11111111000111' WHERE rowid % 8 < 3;
      UPDATE documents SET emitter_tax_id = NULL WHERE rowid % 8 = 3;
      UPDATE documents SET emitter_tax_id = '' WHERE rowid % 8 = 4;
      UPDATE documents SET emitter_tax_id = NULL WHERE rowid % 8 = 5;`);
    for (const by of [
      ['emitter', 'product'],
      ['product', 'emitter'],
      ['emitter', 'ncm'],
    ] as Dimension[][])
      for (const splitFrom of [undefined, 1]) {
        const { fast, slow, folded } = await itemsBothWays(d, by, {}, splitFrom);
        expect(folded).toBe(true);
        expect(fast).toEqual(slow);
        expect(
          fast.groups.some((g) => g.keys[0]!.value === '11111111000111' || g.keys[1]!.value === '11111111000111'),
        ).toBe(true);
      }
  });

  it("a document's items stored apart, out of order, or a sum that is text: the query, the same report", async () => {
    const one = "(SELECT key FROM items WHERE number = 3 AND role = 'received' LIMIT 1)";
    const cases = [
      // Its second item moved after every other row.
      `CREATE TEMP TABLE t AS SELECT * FROM items WHERE key = ${one} AND number = 2;
       DELETE FROM items WHERE rowid IN (SELECT i.rowid FROM items i JOIN t USING (key, role, owner, number));
       INSERT INTO items SELECT * FROM t;`,
      // Its items stored last number first.
      `CREATE TEMP TABLE t AS SELECT * FROM items WHERE key = ${one};
       DELETE FROM items WHERE key IN (SELECT key FROM t);
       INSERT INTO items SELECT * FROM t ORDER BY number DESC;`,
      "UPDATE items SET icms = 'n/a' WHERE rowid = 5;",
    ];
    for (const sql of cases) {
      const d = edited(sql);
      const { fast, slow, folded } = await itemsBothWays(d, ['ncm']);
      expect(folded).toBe(false);
      expect(fast).toEqual(slow);
      // Packed again (the text sum cannot be: its packs are left unread), the same.
      await repack(d);
      const again = await itemsBothWays(d, ['ncm']);
      expect(again.folded).toBe(false);
      expect(again.fast).toEqual(slow);
    }
  });

  it("a document's dimension its copy's text cannot hold (a separator, a blob): the query, the same report", async () => {
    const cases = [
      'UPDATE documents SET emitter_name = emitter_name || char(30) WHERE rowid % 3 = 0;',
      // (A number in a TEXT column is stored as its text: a blob stays a blob.)
      "UPDATE documents SET emitter_tax_id = X'3132' WHERE rowid % 4 = 0;",
      // A key holding the records' separator, its items' too: one record more than the copies.
      `UPDATE items SET key = key || char(31) WHERE key = (SELECT min(key) FROM items);
       UPDATE documents SET key = key || char(31) WHERE key = (SELECT min(key) FROM documents);`,
    ];
    for (const sql of cases) {
      const d = edited(sql);
      const { fast, slow, folded } = await itemsBothWays(d, ['emitter', 'product']);
      expect(folded).toBe(false);
      expect(fast).toEqual(slow);
      expect(fast.groups.length).toBeGreaterThan(0);
    }
  });

  it("documents whose rowids span more than one text of copies, out of their items' order: the same report", async () => {
    // Every other document moved past 200,000 rowids on (a text holds 131,072): two texts, and
    // the copies no longer in their items' order (found by their ids).
    const d = edited('UPDATE documents SET rowid = rowid + 200000 WHERE rowid % 2 = 0;');
    for (const by of [['ncm'], ['month', 'product']] as Dimension[][])
      for (const splitFrom of [undefined, 1]) {
        const o = await opened(d);
        const fast = await itemsReport([{ open: () => Promise.resolve(o.store) }], by, {}, { splitFrom });
        const slow = await itemsReport([{ open: () => plain(d) }], by, {});
        expect(o.rows).not.toHaveBeenCalled();
        expect(o.joined.mock.calls.length).toBeGreaterThan(1);
        expect(fast).toEqual(slow);
        expect(fast.groups.length).toBeGreaterThan(0);
      }
  });

  it("a document's first item stored after every other row, read in two halves: the query, the same report", async () => {
    // The first document's first item moved after every other row: each half reads some of its
    // items, in their numbers' order, and only the two together tell that they were apart.
    const d = edited(`
      CREATE TEMP TABLE t AS SELECT * FROM items WHERE rowid = (SELECT min(rowid) FROM items);
      DELETE FROM items WHERE rowid = (SELECT min(rowid) FROM items);
      INSERT INTO items SELECT * FROM t;`);
    const { fast, slow, folded } = await itemsBothWays(d, ['ncm'], {}, 1);
    expect(folded).toBe(false);
    expect(fast).toEqual(slow);
  });

  it.each(['items', 'packs'] as const)(
    'the thread of the built report (dist/items-worker.js) hands back the groups its ranges of %s give here',
    async (kind) => {
      const file = join(process.cwd(), 'dist', 'items-worker.js');
      expect(existsSync(file)).toBe(true);
      const d = kind === 'packs' ? packedFew() : edited('SELECT 1');
      const store = await SqliteCatalog.open(catalogOf(d), { readonly: true });
      const table =
        kind === 'items' ? 'SELECT min(rowid), max(rowid) FROM items' : 'SELECT min(id), max(id) FROM item_packs';
      const [[low, high]] = store.selectRaw(table) as [[number, number]];
      const middle = Math.floor((low + high) / 2);
      const spec = itemsSpec(['month', 'product'], filterSql({ roles: ['received', 'emitted'] }));
      const ranges =
        kind === 'items'
          ? [{ items: { to: middle } }, { items: { from: middle + 1 } }]
          : [
              { items: {}, packs: { to: middle } },
              { items: {}, packs: { from: middle + 1 } },
            ];
      const next = () => new Int32Array(new SharedArrayBuffer(4));
      const multi = severalCopies(store);
      const here = ofRanges(foldRanges(store, { path: store.path, spec, ranges, next: next() }, multi));
      await store.close();
      expect(multi.length).toBeGreaterThan(0);
      const request: RangeRequest = { path: catalogOf(d), spec, ranges, next: next() };
      const worker = new Worker(file, { workerData: request });
      worker.postMessage(multi);
      const reply = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
      await worker.terminate();
      expect(here?.groups.length).toBeGreaterThan(0);
      expect(reply).toEqual(here);
    },
  );

  it('items whose document is not in the catalog are left out, as by the query', async () => {
    const d = edited("DELETE FROM documents WHERE rowid IN (SELECT rowid FROM documents WHERE type = 'nfe' LIMIT 3);");
    const { fast, slow, folded } = await itemsBothWays(d, ['product']);
    expect(folded).toBe(true);
    expect(fast).toEqual(slow);
    // Read in ranges, each over the documents beside its items: a copy none of them is has all
    // the items read again in one pass over every document, never a query.
    const o = await opened(d);
    const halves = await itemsReport([{ open: () => Promise.resolve(o.store) }], ['product'], {}, { splitFrom: 1 });
    expect(halves).toEqual(slow);
    expect(o.rows).not.toHaveBeenCalled();
    expect(passesOf(o)).toBeGreaterThan(4);
    expect(readPacked(o)).toBe(true);
  });

  it('a document stored after the documents of the other ranges, its items read in ranges: the same report', async () => {
    // The first document moved after every other document: its items are in the first half, it
    // is among the second half's documents.
    const d = edited(`
      CREATE TEMP TABLE t AS SELECT * FROM documents WHERE rowid = (SELECT min(rowid) FROM documents);
      DELETE FROM documents WHERE rowid = (SELECT min(rowid) FROM documents);
      INSERT INTO documents SELECT * FROM t;`);
    const o = await opened(d);
    const halves = await itemsReport([{ open: () => Promise.resolve(o.store) }], ['ncm'], {}, { splitFrom: 1 });
    expect(halves).toEqual((await itemsBothWays(d, ['ncm'])).slow);
    expect(readPacked(o)).toBe(true);
  });
});

describe("the documents' report grouped as they are read, each of one copy", () => {
  // One copy of each: the emitted copies of documents also received dropped; names and canceled
  // notes edited in as above.
  // tempDir() folders go after each test: this one lives for the describe.
  const single = join(process.env.TMPDIR ?? '/tmp', `fiscal-report-fold-single-${process.pid}`);
  afterAll(async () => (await import('node:fs')).rmSync(single, { recursive: true, force: true }));
  beforeAll(() => {
    edited(
      `
      DELETE FROM documents WHERE role = 'emitted' AND key IN (SELECT key FROM documents GROUP BY key HAVING count(*) > 1);
      UPDATE documents SET emitter_name = emitter_name || ' LTDA' WHERE rowid % 3 = 0;
      UPDATE documents SET receiver_name = NULL WHERE rowid % 5 = 0;
      UPDATE documents SET status = 'canceled' WHERE rowid % 10 = 0;
      UPDATE documents SET cfop = NULL WHERE rowid % 7 = 0;`,
      single,
    );
  });

  const cases: [Dimension[], ReportFilters][] = [
    [['cfop'], {}],
    [['uf'], {}],
    [['emitter'], {}],
    [['receiver', 'status'], {}],
    [['cfop', 'month'], {}],
    [['owner', 'role'], {}],
    [['type', 'uf'], {}],
    [['emitter'], { roles: ['received'], types: ['nfe'] }],
    [['cfop'], { from: '2026-01-01', to: '2026-03-31' }],
    [['month', 'status'], { owners: ['nobody'] }],
  ];
  it.each(cases)('--by %j with %j: the same report as the grouped query', async (by, filters) => {
    const o = await opened(single);
    const fast = await catalogReport(o.store, by, filters);
    const slow = await catalogReport(await plain(single), by, filters);
    expect(o.fold).toHaveBeenCalledTimes(1);
    expect(fast).toEqual(slow);
  });

  /** The parts in one order (the threads' merge appends the groups the second part saw first). */
  const sorted = (parts: unknown[][] | undefined) =>
    parts && [...parts].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

  it.each(cases)('--by %j with %j read in two parts, merged: the parts of one pass', async (by, filters) => {
    const o = await opened(single);
    const where = filterSql(filters);
    const whole = listOf(foldDocuments(o.store, by, where));
    const halves = await foldSingleCopies(o.store, by, where, 1);
    await o.store.close();
    // The whole, then two parts (the sources have no worker file: the second is read here, cloned as a thread's).
    expect(o.fold).toHaveBeenCalledTimes(3);
    expect(sorted(halves)).toEqual(sorted(whole));
  });

  it("the report's thread (dist/items-worker.js) hands back the parts of the documents past its cut", async () => {
    const file = join(process.cwd(), 'dist', 'items-worker.js');
    expect(existsSync(file)).toBe(true);
    const store = await SqliteCatalog.open(catalogOf(single), { readonly: true });
    const [[low, high]] = store.selectRaw('SELECT min(rowid), max(rowid) FROM documents') as [[number, number]];
    const by: Dimension[] = ['emitter', 'status'];
    const where = filterSql({ roles: ['received'] });
    const from = Math.floor((low + high) / 2);
    const here = partsOf(foldDocuments(store, by, where, { from }));
    await store.close();
    const request: DocumentsRequest = { kind: 'documents', path: catalogOf(single), by, where, from };
    const worker = new Worker(file, { workerData: request });
    const reply = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(here[0]!.length).toBeGreaterThan(0);
    expect(reply).toEqual(here);
  });

  it('a folder with documents of two copies: the grouped query, as before', async () => {
    const o = await opened(dir);
    const fast = await catalogReport(o.store, ['cfop'], {});
    const slow = await catalogReport(await plain(dir), ['cfop'], {});
    expect(o.fold).not.toHaveBeenCalled();
    expect(fast).toEqual(slow);
  });
});
