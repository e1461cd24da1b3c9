// Whether a catalog's item packs (item-packs.ts) may stand for its items, and their making where
// they may not. Designed here, derived as an index is and not part of the shared schema (a
// PostgreSQL catalog has none): the writes that insert a document's items append them to the packs
// in the same transaction (sqlite-writes.ts), a catalog that lacks them gets them from its items
// on its first open that may write, and the report reads them only while they are known to be the
// items' own: `meta.item_packs` is 'true', SQLite's triggers set it to 'stale' when any program
// updates or deletes an item or a pack, and the report counts the items (an insert by another
// program shows as one item more than the packs hold) before it takes a figure from them.
import { endianness } from 'node:os';
import type BetterSqlite3 from 'better-sqlite3';
import { CREATE_PACKS, PackWriter } from './item-packs.js';
import { ITEM_COLUMNS } from './rows.js';

type Database = BetterSqlite3.Database;

const META = 'item_packs';
/** The packs are the items' own; 'stale': to be made again; 'unpackable': an item's value cannot be. */
type PacksState = 'true' | 'stale' | 'unpackable';

const stale = (table: string, change: string) =>
  `CREATE TRIGGER IF NOT EXISTS ${table}_${change.toLowerCase()}_packs AFTER ${change} ON ${table} BEGIN
  INSERT OR REPLACE INTO meta (name, value) VALUES ('${META}', 'stale');
END`;

const CREATE = [
  CREATE_PACKS,
  stale('items', 'UPDATE'),
  stale('items', 'DELETE'),
  stale('item_packs', 'UPDATE'),
  stale('item_packs', 'DELETE'),
];

const setState = (db: Database, state: PacksState) =>
  db.prepare('INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)').run(META, state);

const stateOf = (db: Database): string | undefined =>
  (db.prepare('SELECT value FROM meta WHERE name = ?').pluck().get(META) as string | undefined) ?? undefined;

/** A new catalog's packs: none, as its items. */
export function createPacks(db: Database): void {
  for (const sql of CREATE) db.exec(sql);
  setState(db, endianness() === 'LE' ? 'true' : 'unpackable');
}

/**
 * Whether the packs hold as many items as the catalog: another program's insert shows here. The
 * span of the items' rowids first (two searches of the table's B-tree), their count only where it
 * is not the packs' (some 25 ms at 699k items): an insert makes the span larger than the count,
 * which is the packs' until an item is deleted, and a delete makes the packs stale (a trigger).
 */
export function packsCounted(db: Database): boolean {
  const [span, packed] = db
    .prepare(
      'SELECT (SELECT max(rowid) FROM items) - (SELECT min(rowid) FROM items) + 1, (SELECT sum(items) FROM item_packs)',
    )
    .raw()
    .get() as [number | null, number | null];
  if (span !== null && span === packed) return true;
  const items = db.prepare('SELECT count(*) FROM items').pluck().get() as number;
  return items === (packed ?? 0);
}

/**
 * Whether the packs are as they should be (or cannot be): none to make from the items
 * (ensurePacks). `counted`: their items counted too (some 40 ms at 699k items; a report counts
 * them once, as it reads them: SqliteCatalog.packs).
 */
export function packsSettled(db: Database, counted = true): boolean {
  try {
    const state = stateOf(db);
    return state === 'unpackable' || (state === 'true' && (!counted || packsCounted(db)));
  } catch {
    return false;
  }
}

/** A catalog that may be written: packs made from its items where it has none or they are stale. */
export function ensurePacks(db: Database): void {
  if (!packsSettled(db)) repack(db);
}

/** The packs made again from the items, `packItems` items a pack at most (PackWriter). */
export function repack(db: Database, packItems?: number): void {
  db.transaction(() => {
    for (const sql of CREATE) db.exec(sql);
    db.exec('DELETE FROM item_packs');
    const packs = new PackWriter(db, packItems);
    // A page of rows at a time: a connection cannot insert while a statement of its own reads.
    const page = db
      .prepare(`SELECT rowid, ${ITEM_COLUMNS.join(', ')} FROM items WHERE rowid > ? ORDER BY rowid LIMIT 8192`)
      .raw();
    let copy: unknown[][] = [];
    for (let after = -Infinity; ;) {
      const rows = page.all(after) as unknown[][];
      if (rows.length === 0) break;
      for (const row of rows) {
        const item = row.slice(1);
        const last = copy[0];
        if (last && (last[0] !== item[0] || last[1] !== item[1] || last[2] !== item[2])) {
          packs.document(copy);
          copy = [];
        }
        copy.push(item);
      }
      after = rows[rows.length - 1]![0] as number;
    }
    if (copy.length) packs.document(copy);
    setState(db, packs.end() && endianness() === 'LE' ? 'true' : 'unpackable');
  })();
}

/** Whether the packs may stand for the items (the report still counts the items: readPacks). */
export function packsTrusted(db: Database): boolean {
  try {
    return stateOf(db) === 'true' && endianness() === 'LE';
  } catch {
    return false;
  }
}

/** An item the writes could not pack: the packs stand for the items no more, and are not made again. */
export function markUnpackable(db: Database): void {
  setState(db, 'unpackable');
}
