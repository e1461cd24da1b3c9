// The file a rebuild writes aside (src/catalog/sqlite-store.ts, `aside`): without a journal, in one
// transaction, its secondary indexes built when it is closed, and then in WAL mode like any catalog.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { lineRows } from '../../../src/catalog/rows.js';
import { SqliteCatalog } from '../../../src/catalog/sqlite-store.js';
import { EMPTY_COVERAGE, type CatalogLine } from '../../../src/catalog/store.js';
import { tempDir } from '../../helpers/tree.js';

/** A document's index line whose file was not read (no facts): its rows are the line's. */
const line = (n: number): CatalogLine => {
  const owner = '64021500000192';
  const common = { type: 'nfe', role: 'received', owner, sha256: 'a'.repeat(64), bytes: 100 };
  return { ...common, key: String(n).padStart(44, '3'), path: `${owner}/${n}.xml`, status: null, created_at: null };
};

const indexes = (db: Database.Database) =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as { name: string }[]
  ).map((r) => r.name);

describe('the catalog file a rebuild writes aside', () => {
  it('is written without a journal or a log, its indexes made at the end; closed, it is a catalog in WAL mode', async () => {
    const path = join(tempDir('fiscal-aside-'), 'catalog.sqlite.rebuild');
    const store = await SqliteCatalog.open(path, { aside: true });
    expect(await store.select('PRAGMA journal_mode')).toEqual([{ journal_mode: 'off' }]);
    store.applyRows([lineRows(line(1)), lineRows(line(2))], [], { ...EMPTY_COVERAGE, indexBytes: 10 });
    store.applyRows([lineRows(line(1)), lineRows(line(3))], [], { ...EMPTY_COVERAGE, indexBytes: 20 });
    // Nothing but the file itself: no rollback journal, no write-ahead log.
    expect(['-journal', '-wal'].filter((s) => existsSync(`${path}${s}`))).toEqual([]);
    // Another connection sees no rows yet (the whole file is one transaction until closed), nor the index.
    const peek = new Database(path, { readonly: true });
    expect(peek.prepare('SELECT count(*) AS n FROM documents').get()).toEqual({ n: 0 });
    expect(indexes(peek)).toEqual([]);
    peek.close();
    await store.close();

    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(indexes(db)).toEqual(['documents_report']);
    expect(db.prepare('SELECT count(*) AS n FROM documents').get()).toEqual({ n: 3 });
    expect(db.prepare("SELECT value FROM meta WHERE name = 'index_bytes'").get()).toEqual({ value: '20' });
    db.close();
    // Opened again as a catalog, it is whole.
    const again = await SqliteCatalog.open(path);
    expect((await again.coverage())?.indexBytes).toBe(20);
    await again.close();
  });
});
