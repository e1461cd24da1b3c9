// The items' packs of a pull folder's catalog (src/catalog/item-packs.ts): written by the pull and
// by `fiscal catalog rebuild` with the items they hold, made for a catalog that has none (an
// earlier fiscal's) at the first command that may write, and never read once another program has
// changed the items: updated or deleted (SQLite's triggers say so), or inserted (the count says so).
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteCatalog } from '../../../src/catalog/sqlite-store.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { pullReportFolder, removeReportFolder } from '../../helpers/report-folder.js';
import { packsAgainstItems } from '../../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 120, otherDocs: 20, accounts: 1 });
  env = emulatorEnv(emu);
  dir = await pullReportFolder('fiscal-item-packs', env);
}, 60_000);

afterAll(() => removeReportFolder(emu, dir));

const catalogOf = (d: string) => join(d, '.fiscal', 'catalog.sqlite');

/** A copy of the folder (its files and catalog), the catalog edited by `sql` with another program's connection. */
function copyEdited(sql: string): string {
  const copy = tempDir('fiscal-item-packs-');
  cpSync(dir, copy, { recursive: true });
  const db = new Database(catalogOf(copy));
  db.exec(sql);
  db.close();
  return copy;
}

function state(d: string): string {
  const db = new Database(catalogOf(d), { readonly: true });
  try {
    return packsAgainstItems(db);
  } finally {
    db.close();
  }
}

/** Whether the report's reader takes the packs for the items. */
async function readable(d: string): Promise<boolean> {
  const store = await SqliteCatalog.open(catalogOf(d), { readonly: true });
  try {
    return store.packs(false, () => undefined);
  } finally {
    await store.close();
  }
}

/** The sum of a report's groups' totals (its JSON: a group a row). */
const total = (groups: unknown): number => (groups as { total: number }[]).reduce((t, g) => t + g.total, 0);

async function report(d: string, by: string): Promise<unknown> {
  const r = await runMain(['report', d, '--by', by, '-o', 'json'], env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('the items packed for the report', () => {
  it("the pull packs every item it inserts, once, in the items' order", async () => {
    const db = new Database(catalogOf(dir), { readonly: true });
    const [packs, items] = db
      .prepare('SELECT (SELECT count(*) FROM item_packs), (SELECT count(*) FROM items)')
      .raw()
      .get() as number[];
    db.close();
    expect(items).toBeGreaterThan(100);
    expect(packs).toBeGreaterThan(0);
    expect(state(dir)).toBe('agree');
    expect(await readable(dir)).toBe(true);
  });

  it('an item updated or deleted by another program: not read, and made again at the next command that may write', async () => {
    const before = await report(dir, 'ncm');
    for (const sql of [
      "UPDATE items SET ncm = '99999999' WHERE rowid % 3 = 0",
      'DELETE FROM items WHERE rowid % 5 = 0',
    ]) {
      const d = copyEdited(sql);
      expect(state(d)).toBe('stale');
      expect(await readable(d)).toBe(false);
      // The report takes the folder's lock and opens the catalog to write: the packs are made again.
      const edited = await report(d, 'ncm');
      expect(state(d)).toBe('agree');
      expect(await readable(d)).toBe(true);
      expect(edited).not.toEqual(before);
      expect(await report(d, 'ncm')).toEqual(edited);
    }
  });

  it('an item inserted by another program: the count tells, the packs are not read, and are made again by the next open that may write', async () => {
    const d = copyEdited(
      `INSERT INTO items (key, role, owner, number, ncm, value)
       SELECT i.key, i.role, i.owner, 9999, i.ncm, 1000 FROM items i JOIN documents d USING (key, role, owner)
       WHERE d.status IS NOT 'canceled' LIMIT 1`,
    );
    expect(() => state(d)).toThrow('the packs hold');
    expect(await readable(d)).toBe(false);
    expect(total(await report(d, 'ncm')) - total(await report(dir, 'ncm'))).toBeCloseTo(1000, 2);
    // The next open that may write (a pull's) makes them again.
    await (await SqliteCatalog.open(catalogOf(d))).close();
    expect(state(d)).toBe('agree');
    expect(await readable(d)).toBe(true);
  });

  it('a catalog of an earlier fiscal, with no packs: made at the first report, the same figures', async () => {
    const before = await report(dir, 'product');
    const d = copyEdited(`
      DROP TRIGGER items_update_packs; DROP TRIGGER items_delete_packs;
      DROP TRIGGER item_packs_update_packs; DROP TRIGGER item_packs_delete_packs;
      DROP TABLE item_packs; DELETE FROM meta WHERE name = 'item_packs';`);
    expect(state(d)).toBe('none');
    expect(await report(d, 'product')).toEqual(before);
    expect(state(d)).toBe('agree');
  });

  it('a text no pack can hold: the catalog says so, the report reads the items, and nothing is made again', async () => {
    const d = copyEdited("UPDATE items SET description = 'a' || char(31) || 'b' WHERE rowid = 1");
    const by = await report(d, 'product');
    expect(state(d)).toBe('unpackable');
    expect(await readable(d)).toBe(false);
    expect(total(by)).toBeCloseTo(total(await report(dir, 'product')), 2);
    await report(d, 'ncm');
    expect(state(d)).toBe('unpackable');
  });

  it('`fiscal catalog rebuild` packs the items it inserts', async () => {
    const d = copyEdited('DELETE FROM item_packs');
    expect(state(d)).toBe('stale');
    const r = await runMain(['catalog', 'rebuild', d], env);
    expect(r.code, r.stderr).toBe(0);
    expect(state(d)).toBe('agree');
    expect(await readable(d)).toBe(true);
  });
});
