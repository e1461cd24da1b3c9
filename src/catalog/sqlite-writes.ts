// The statements a catalog's write runs, prepared once per file: a line's rows (its file, its
// document and items, or its event and what the event says of the document's status), and a
// transaction's end (the status records, the coverage). sqlite-store.ts owns the transaction.
import type BetterSqlite3 from 'better-sqlite3';
import { inBrasilia } from '../fiscal/dates.js';
import { markUnpackable } from './item-packs-state.js';
import { PackWriter } from './item-packs.js';
import {
  DOCUMENT_COLUMNS,
  EVENT_COLUMNS,
  FILE_COLUMNS,
  ITEM_COLUMNS,
  MANIFESTATIONS,
  STATUS_RANK,
  type LineRows,
} from './rows.js';
import type { Coverage, StatusRecord } from './store.js';

type Database = BetterSqlite3.Database;

const insert = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`;

/**
 * The items of one document in one statement of `n` rows: each run() costs better-sqlite3 a result
 * object with two properties set, and the statement a reset and its bindings cleared, which were
 * as much as an item's insert (docs/bench.md, branch pull-cpu3).
 *
 * OR IGNORE, not ON CONFLICT DO NOTHING: a statement of several rows any of which may fail (a NOT
 * NULL) opens a statement journal inside the pull's transaction, and every page it touched was
 * first copied there, spilled to a temporary file past 64 KB: some 44,000 writes of 16 KB in a 20k
 * pull (branch pull-lean). Ignoring a failure too, it can fail no row halfway, and needs none. The
 * item's key, role and owner come from its document's line and its number is always given
 * (itemNumber's fallback), so no row of the pull fails its NOT NULL: the rows are the same.
 */
const insertItems = (n: number) =>
  `INSERT OR IGNORE INTO items (${ITEM_COLUMNS.join(', ')}) VALUES ${Array.from(
    { length: n },
    () => `(${ITEM_COLUMNS.map(() => '?').join(', ')})`,
  ).join(', ')}`;
/** The most items one statement takes; a document with more is inserted in several. */
const ITEMS_AT_ONCE = 16;

const RANK_SQL = `CASE status ${Object.entries(STATUS_RANK)
  .map(([s, n]) => `WHEN '${s}' THEN ${n}`)
  .join(' ')} ELSE 0 END`;

export function setMeta(db: Database, name: string, value: string): void {
  db.prepare(
    'INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  ).run(name, value);
}

export class CatalogWrites {
  private readonly document;
  /** The statements of 1 to ITEMS_AT_ONCE items (insertItems), prepared as first needed. */
  private readonly items: (BetterSqlite3.Statement | undefined)[] = [];
  private readonly event;
  private readonly file;
  private readonly status;
  private readonly recordStatus;
  private readonly recordManifestation;
  private readonly manifestation;
  /** The items of the documents inserted, packed for the report (item-packs.ts). */
  private readonly packs: PackWriter;

  constructor(private readonly db: Database) {
    this.packs = new PackWriter(db);
    this.document = db.prepare(insert('documents', DOCUMENT_COLUMNS));
    this.event = db.prepare(insert('events', EVENT_COLUMNS));
    this.file = db.prepare(insert('files', FILE_COLUMNS));
    // An event file says more than any other source of the same rank (when and how): it replaces
    // a listing's Status, a 650's, or the document's own (an MDF-e listed closed, closed by its
    // event), so that the pull and a rebuild (index first, journal after) agree. Another event of
    // the same rank stays: the first in the index.
    this.status = db.prepare(
      `UPDATE documents SET status = ?, status_changed_at = ?, status_source = ?
       WHERE key = ? AND role = ? AND owner = ?
         AND (${RANK_SQL} < ? OR (${RANK_SQL} = ? AND status_source <> 'event'))`,
    );
    // A record's empty role or owner stands for every copy (a note canceled is canceled in each).
    this.recordStatus = db.prepare(
      `UPDATE documents SET status = ?, status_changed_at = ?, status_source = ?
       WHERE key = ? AND (? = '' OR role = ?) AND (? = '' OR owner = ?) AND ${RANK_SQL} < ?`,
    );
    this.recordManifestation = db.prepare(
      `UPDATE documents SET manifestation = ?, manifested_at = ?
       WHERE key = ? AND (? = '' OR role = ?) AND (? = '' OR owner = ?) AND (manifested_at IS NULL OR manifested_at <= ?)`,
    );
    this.manifestation = db.prepare(
      `UPDATE documents SET manifestation = ?, manifested_at = ?
       WHERE key = ? AND role = ? AND owner = ? AND (manifested_at IS NULL OR manifested_at <= ?)`,
    );
  }

  /**
   * The values go as arguments, not as one array: better-sqlite3 reads an array's elements one
   * property lookup at a time (0.5-1.5 us more a row of 21 values; a pull inserts some five rows a
   * document).
   */
  line(line: LineRows): void {
    this.file.run(...line.file);
    if (line.document) {
      const inserted = this.document.run(...line.document).changes > 0;
      const items = line.items;
      if (items) for (let i = 0; i < items.length; i += ITEMS_AT_ONCE) this.itemRows(items, i);
      // A document the catalog held already (a batch written again after a crash): its items too.
      if (inserted && items) this.packs.document(items);
      return;
    }
    this.event.run(...line.event!);
    const e = line.of!;
    if (e.status) {
      const rank = STATUS_RANK[e.status] ?? 0;
      this.status.run(e.status, e.at, 'event', e.key, e.role, e.owner, rank, rank);
    }
    if (MANIFESTATIONS.has(e.code)) this.manifestation.run(e.code, e.at, e.key, e.role, e.owner, e.at);
  }

  /** Up to ITEMS_AT_ONCE items of a document from the `from`th, in one statement. */
  private itemRows(items: unknown[][], from: number): void {
    const n = Math.min(ITEMS_AT_ONCE, items.length - from);
    const values: unknown[] = [];
    for (let i = from; i < from + n; i++) {
      const item = items[i]!;
      for (let c = 0; c < item.length; c++) values.push(item[c]);
    }
    const statement = (this.items[n] ??= this.db.prepare(insertItems(n)));
    statement.run(...values);
  }

  /** A transaction's status records and the coverage it brings the catalog to. */
  end(records: readonly StatusRecord[], coverage: Coverage): void {
    if (!this.packs.end()) markUnpackable(this.db);
    for (const r of records) {
      const rank = STATUS_RANK[r.status] ?? 0;
      const at = inBrasilia(r.at);
      this.recordStatus.run(r.status, at, r.source, r.key, r.role, r.role, r.owner, r.owner, rank);
      if (r.manifestation)
        this.recordManifestation.run(r.manifestation, at, r.key, r.role, r.role, r.owner, r.owner, at);
    }
    setMeta(this.db, 'index_bytes', String(coverage.indexBytes));
    setMeta(this.db, 'index_tail', coverage.indexTail);
    setMeta(this.db, 'journal_bytes', String(coverage.journalBytes));
    setMeta(this.db, 'journal_tail', coverage.journalTail);
  }

  /** The transaction was rolled back: what it held for the packs goes with it. */
  rolledBack(): void {
    this.packs.discard();
  }
}
