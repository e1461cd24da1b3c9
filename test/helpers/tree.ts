// A folder as {relative path: sha256}, to compare pull results byte for byte.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { PACK_TEXTS, PACK_WIDTH, PACKED_NUMBERS, PACKED_TEXTS, readPacks } from '../../src/catalog/item-packs.js';

/**
 * The catalog's content, table by table, rows in a fixed order: two catalogs of the same folder
 * are equal by this even though SQLite's files are not byte for byte.
 */
export function catalogDump(path: string): Record<string, string[]> {
  const db = new Database(path, { readonly: true });
  try {
    const out: Record<string, string[]> = {};
    for (const table of ['meta', 'documents', 'items', 'events', 'files'])
      out[table] = (db.prepare(`SELECT * FROM ${table}`).all() as object[]).map((r) => JSON.stringify(r)).sort();
    // The packs are cut where each write ended, which differs between two catalogs of one folder:
    // checked against the items instead, so that every comparison of catalogs checks them.
    out.packs = [packsAgainstItems(db)];
    return out;
  } finally {
    db.close();
  }
}

/**
 * The state of the catalog's item packs (meta.item_packs); where they are said to be the items'
 * own ('true'), every packed item is checked against the items' rows, in order: an Error at the
 * first that differs.
 */
export function packsAgainstItems(db: Database.Database): string {
  const state = (db.prepare("SELECT value FROM meta WHERE name = 'item_packs'").pluck().get() as string) ?? 'none';
  if (state !== 'true') return state;
  const columns = ['key', 'role', 'owner', ...PACKED_NUMBERS, ...PACKED_TEXTS];
  const items = db
    .prepare(`SELECT ${columns.join(', ')} FROM items ORDER BY rowid`)
    .raw()
    .all() as unknown[][];
  let n = 0;
  readPacks(db, true, ({ keys, roles, owners, counts, texts, textAt, numbers }) => {
    let item = 0;
    keys.forEach((key, d) => {
      for (let end = item + counts[d]!; item < end; item++, n++) {
        const packed = [
          key,
          roles![d],
          owners![d],
          ...PACKED_NUMBERS.map((_, c) => numbers[item * PACK_WIDTH + c]),
          ...PACKED_TEXTS.map((_, c) => texts[textAt[item * PACK_TEXTS + c]!]),
        ].map((v) => (Number.isNaN(v) ? null : v));
        if (JSON.stringify(packed) !== JSON.stringify(items[n]))
          throw new Error(`packed item ${n} ${JSON.stringify(packed)} is not the item ${JSON.stringify(items[n])}`);
      }
    });
  });
  if (n !== items.length) throw new Error(`the packs hold ${n} items, the catalog ${items.length}`);
  return 'agree';
}

/** A folder as {relative path: sha256}; the catalog as the hash of its content (catalogDump). */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const rel = relative(dir, p);
      if (/^\.fiscal[/\\]catalog\.sqlite-(wal|shm)$/.test(rel)) continue;
      if (statSync(p).isDirectory()) walk(p);
      else if (/^\.fiscal[/\\]catalog\.sqlite$/.test(rel))
        out[rel] = createHash('sha256')
          .update(JSON.stringify(catalogDump(p)))
          .digest('hex');
      else out[rel] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

const made: string[] = [];

/**
 * Removes the folders `tempDir` made; test/setup.ts runs it when a test file's tests end (vitest
 * ends its workers without an 'exit' event, so process hooks would never run; and a hook
 * registered by this module would be registered once per worker, not once per file).
 */
export function removeMadeDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A fresh folder under the system temp dir, removed after the test file. */
export function tempDir(prefix = 'fiscal-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function readNdjson(path: string): Array<Record<string, any>> {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/**
 * snapshot() of a pull folder whose append-only files are compared as sets of lines: index.ndjson
 * and the key store's shards (`.fiscal/keys/*.ndjson`) hold the lines of the streams in the order
 * their pages arrived, which differs from run to run, and so does the catalog's record of the index's last
 * line; every other file must match byte for byte.
 */
export function pullSnapshot(dir: string): Record<string, string> {
  const out = snapshot(dir);
  for (const rel of Object.keys(out)) {
    if (/^\.fiscal[/\\]catalog\.sqlite$/.test(rel)) {
      // The catalog's coverage names the index's last line, which is the order's: left out.
      const dump = catalogDump(join(dir, rel));
      // So do the journal's length and last line: a run killed between its journal and its
      // checkpoint learns the same statuses again (twice is once).
      dump.meta = dump.meta!.filter(
        (row) => !['index_tail', 'journal_bytes', 'journal_tail'].includes(JSON.parse(row).name),
      );
      out[rel] = `content:${createHash('sha256').update(JSON.stringify(dump)).digest('hex')}`;
      continue;
    }
    if (rel !== 'index.ndjson' && rel !== 'status-journal.ndjson' && !/^\.fiscal\/keys\/.*\.ndjson$/.test(rel))
      continue;
    let lines = readFileSync(join(dir, rel), 'utf8').split('\n').filter(Boolean).sort();
    if (rel === 'status-journal.ndjson') lines = [...new Set(lines)];
    out[rel] = `sorted:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return out;
}
