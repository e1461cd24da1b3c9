// The statements a catalog's write runs, prepared once per file: a line's rows (its file, its
// document and items, or its event and what the event says of the document's status), and a
// transaction's end (the status records, the coverage). sqlite-store.ts owns the transaction.
import type BetterSqlite3 from 'better-sqlite3';
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
  /**
   * One row a statement. A document's items in one INSERT of as many rows (branch pull-cpu3) cost
   * more: a statement of several rows that may fail (NOT NULL) opens a statement journal, and each
   * page it touched was copied there, 16 KB at a time, spilled to a temporary file past 64 KB (some
   * 44,000 writes, 700 MB, in a 20k pull; docs/bench.md, branch pull-lean).
   */
  private readonly item;
  private readonly event;
  private readonly file;
  private readonly status;
  private readonly recordStatus;
  private readonly recordManifestation;
  private readonly manifestation;

  constructor(private readonly db: Database) {
    this.document = db.prepare(insert('documents', DOCUMENT_COLUMNS));
    this.item = db.prepare(insert('items', ITEM_COLUMNS));
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
      this.document.run(...line.document);
      const items = line.items;
      if (items) for (const item of items) this.item.run(...item);
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

  /** A transaction's status records and the coverage it brings the catalog to. */
  end(records: readonly StatusRecord[], coverage: Coverage): void {
    for (const r of records) {
      const rank = STATUS_RANK[r.status] ?? 0;
      this.recordStatus.run(r.status, r.at, r.source, r.key, r.role, r.role, r.owner, r.owner, rank);
      if (r.manifestation)
        this.recordManifestation.run(r.manifestation, r.at, r.key, r.role, r.role, r.owner, r.owner, r.at);
    }
    setMeta(this.db, 'index_bytes', String(coverage.indexBytes));
    setMeta(this.db, 'index_tail', coverage.indexTail);
    setMeta(this.db, 'journal_bytes', String(coverage.journalBytes));
    setMeta(this.db, 'journal_tail', coverage.journalTail);
  }
}
