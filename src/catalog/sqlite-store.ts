// The catalog in SQLite: its reads and writes (opening the file: sqlite-file.ts). One
// file per pull folder; WAL, so that a query reads while a pull writes. A write is one
// transaction with the coverage it brings (the meta rows): after a crash the catalog is exactly
// as of a batch, and what the folder holds beyond it is ingested again (folder.ts).
import type BetterSqlite3 from 'better-sqlite3';
import { packsCounted, packsSettled, packsTrusted } from './item-packs-state.js';
import { readPacks, type Pack } from './item-packs.js';
import { lineRows, type LineRows } from './rows.js';
import { SCHEMA_VERSION } from './schema.js';
import { createIndexes, dropIndexes, metaOf, openCatalogFile, type OpenOptions } from './sqlite-file.js';
import { CatalogWrites } from './sqlite-writes.js';
import { integerValue, ONLY_READS, QueryError, type QueryValue } from './user-query.js';
import type { CatalogLine, CatalogStore, Coverage, FileSummary, QueryResult, Row, StatusRecord } from './store.js';

type Database = BetterSqlite3.Database;
type Statement = BetterSqlite3.Statement;

export class SqliteCatalog implements CatalogStore {
  private writeStatements: CatalogWrites | undefined;
  private summaryStatement: Statement | undefined;
  /** The schema version the file had when opened (older than SCHEMA_VERSION: migrated, or read-only). */
  openedAt = SCHEMA_VERSION;
  /**
   * Whether the secondary indexes were dropped until close() (indexesAtClose); `building`: built
   * in the open transaction (indexesNow), dropped again if it rolls back.
   */
  private indexesDropped: boolean | 'building' = false;
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly db: Database,
    /** A file built aside (OpenOptions.aside): close() commits it and builds its indexes. */
    private readonly aside: boolean,
  ) {}

  /** Opens the file (sqlite-file.ts: checked, created or migrated); UnusableCatalog or CatalogError where it cannot be. */
  static async open(path: string, o: OpenOptions = {}): Promise<SqliteCatalog> {
    const { db, openedAt } = await openCatalogFile(path, o);
    const store = new SqliteCatalog(path, db, Boolean(o.aside));
    store.openedAt = openedAt;
    return store;
  }

  private meta(name: string): string | undefined {
    return metaOf(this.db, name);
  }

  async coverage(): Promise<Coverage | undefined> {
    const bytes = this.meta('index_bytes');
    if (bytes === undefined) return undefined;
    return {
      indexBytes: Number(bytes),
      indexTail: this.meta('index_tail') ?? '',
      journalBytes: Number(this.meta('journal_bytes') ?? 0),
      journalTail: this.meta('journal_tail') ?? '',
    };
  }

  private writes(): CatalogWrites {
    this.writeStatements ??= new CatalogWrites(this.db);
    return this.writeStatements;
  }

  /**
   * Where the catalog holds no document yet (a first pull), its secondary indexes are dropped until
   * close(), which builds them once over the whole table, as a rebuild does (sqlite-file.ts): the
   * report's index has a list of four protocol statuses, for which SQLite builds a temporary table
   * at every insert of a document (some 6% of the inserts' instructions with the index's own
   * inserts, docs/bench.md, branch pull-cpu3). A catalog left without them by a crash gets them at
   * its next open that may write (sqlite-file.ts); the tables are the same either way.
   */
  indexesAtClose(): void {
    try {
      if (this.db.prepare('SELECT 1 FROM documents LIMIT 1').get() !== undefined) return;
      dropIndexes(this.db);
      this.indexesDropped = true;
    } catch {
      // Kept: they cost the inserts some CPU, nothing else.
    }
  }

  /**
   * Builds the indexes indexesAtClose() dropped, in the open transaction (begun when none is), once
   * the pull has added its last lines: its last commit then takes them, and close() has nothing
   * left to build (pull-writer.ts, ending). Rows inserted after are indexed as they go in.
   */
  indexesNow(): void {
    if (this.indexesDropped !== true) return;
    if (!this.db.inTransaction) this.db.exec('BEGIN');
    createIndexes(this.db);
    this.indexesDropped = 'building';
  }

  /** `lines` may be read as they are inserted (a rebuild's generator): their facts then die young. */
  async apply(lines: Iterable<CatalogLine>, records: readonly StatusRecord[], coverage: Coverage): Promise<void> {
    this.applyRows(rowsOf(lines), records, coverage);
  }

  /** The same with each line's rows already built (a rebuild builds them on other threads: rebuild-pool.ts). */
  applyRows(lines: Iterable<LineRows>, records: readonly StatusRecord[], coverage: Coverage): void {
    try {
      this.db.transaction(() => {
        for (const line of lines) this.writes().line(line);
        this.writes().end(records, coverage);
      })();
    } catch (error) {
      this.writes().rolledBack();
      throw error;
    }
  }

  /**
   * Inserts the lines' rows in the open transaction (begun when none is), as the pull writes
   * their pages: its commit then only ends it (commitOpen), instead of doing a second's rows
   * while the pull waits (facts-worker.ts). Nothing is seen by another connection, nor survives
   * a crash, until commitOpen. Awaits `pause()` after every `step` lines: the thread's other work
   * runs meanwhile (a pull's file writes, on the catalog's thread: staging.ts), which a second's
   * rows (100 ms and more of facts and inserts) would otherwise hold up.
   */
  async insertPausing(lines: Iterable<CatalogLine>, pause: () => Promise<void>, step = 32): Promise<void> {
    if (!this.db.inTransaction) this.db.exec('BEGIN');
    let n = 0;
    for (const line of rowsOf(lines)) {
      this.writes().line(line);
      if (++n % step === 0) await pause();
    }
  }

  /** Commits the open transaction (or an empty one) with the records and the coverage it brings. */
  commitOpen(records: readonly StatusRecord[], coverage: Coverage): void {
    if (!this.db.inTransaction) this.db.exec('BEGIN');
    this.writes().end(records, coverage);
    this.db.exec('COMMIT');
    if (this.indexesDropped === 'building') this.indexesDropped = false;
  }

  /** Forgets the open transaction's rows: their lines were never committed to the index. */
  rollback(): void {
    this.writeStatements?.rolledBack();
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    if (this.indexesDropped === 'building') this.indexesDropped = true;
  }

  async select(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return this.db.prepare(sql).all(...params) as Row[];
  }

  async rows(sql: string, params: readonly unknown[] = []): Promise<unknown[][]> {
    return this.selectRaw(sql, params);
  }

  /** Rows as arrays, in column order: the fast read of a large result. */
  selectRaw(sql: string, params: readonly unknown[] = []): unknown[][] {
    return this.db
      .prepare(sql)
      .raw(true)
      .all(...params) as unknown[][];
  }

  /**
   * Hands `row` the values `columns` names of each row `from` (a FROM clause and its WHERE) yields,
   * as SQLite reads them: called from inside the query (a function of it), so no array per row is
   * built for JavaScript, and nothing is sorted where a GROUP BY sorts every row. A report groups
   * into a few dozen groups in a Map for half the CPU time of SQLite's GROUP BY (report/fold.ts).
   * Whatever `row` throws ends the query and is thrown here.
   */
  fold(columns: string, from: string, params: readonly unknown[], row: (values: unknown[]) => void): void {
    this.db.function('fiscal_row', { varargs: true, directOnly: true }, (...values: unknown[]) => {
      row(values);
      return null;
    });
    this.db.prepare(`SELECT count(fiscal_row(${columns})) ${from}`).get(...params);
  }

  /**
   * The text `value` of each row `from` yields, joined by U+001F in the order read (null: no
   * row), and how many rows: one string for JavaScript, where a row each (fold) is a call and its
   * strings, kept, are the collector's to move (report/item-copies.ts).
   */
  joined(value: string, from: string, params: readonly unknown[]): { text: string | null; count: number } {
    const [text, count] = this.db
      .prepare(`SELECT group_concat(${value}, char(31)), count(*) ${from}`)
      .raw(true)
      .get(...params) as [string | null, number];
    return { text, count };
  }

  /** Whether the items' packs are known to be theirs (the count is checked as they are read: packs). */
  packed(): boolean {
    return packsTrusted(this.db);
  }

  /**
   * Whether the items' packs need no making from the items, by their state alone (item-packs.ts
   * ensurePacks, at an open that may write, counts them too).
   */
  packsSettled(): boolean {
    return packsSettled(this.db, false);
  }

  /**
   * The items' packs in order (item-packs.ts; of the ids `range`), with the roles and owners where `copies`; false, and none
   * read, where they cannot stand for the items: not known to be theirs, or of another count.
   */
  packs(copies: boolean, each: (pack: Pack) => void, range?: { from?: number; to?: number }): boolean {
    if (!packsTrusted(this.db) || !packsCounted(this.db)) return false;
    readPacks(this.db, copies, each, range);
    return true;
  }

  async query(sql: string): Promise<QueryResult> {
    let statement: Statement;
    try {
      statement = this.db.prepare(sql);
    } catch (error) {
      const message = (error as Error).message;
      // better-sqlite3's own wording, in the way the other refusals are said.
      throw new QueryError(
        /more than one statement/.test(message) ? 'one statement at a time (this text holds several)' : message,
      );
    }
    // better-sqlite3 knows from SQLite itself whether a statement writes (sqlite3_stmt_readonly).
    if (!statement.readonly) throw new QueryError(ONLY_READS);
    // What returns no rows (ATTACH, BEGIN, a PRAGMA that sets something) would change the
    // connection, not answer anything: refused as plainly as a write.
    if (!statement.reader) throw new QueryError(`${ONLY_READS}: this one returns no rows`);
    const columns = statement.columns().map((c) => c.name);
    let rows: unknown[][];
    try {
      // Integers as bigints, so that one beyond 2^53 keeps its digits (user-query.ts).
      rows = statement.raw(true).safeIntegers(true).all() as unknown[][];
    } catch (error) {
      throw statementError(error);
    }
    for (const row of rows)
      for (let i = 0; i < row.length; i++) if (typeof row[i] === 'bigint') row[i] = integerValue(row[i] as bigint);
    return { columns, rows: rows as QueryValue[][] };
  }

  summaryOf(path: string): FileSummary | undefined {
    if (this.openedAt < 2) return undefined;
    this.summaryStatement ??= this.db.prepare(
      'SELECT summary, bytes FROM files WHERE path = ? AND summary IS NOT NULL',
    );
    return this.summaryStatement.get(path) as FileSummary | undefined;
  }

  /** Closes the connection (once: a second close does nothing). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.aside) {
      this.db.exec('COMMIT');
      createIndexes(this.db);
      this.db.pragma('journal_mode = WAL');
    } else {
      // A pull that stopped before its commit: the rows inserted for it were never committed.
      this.rollback();
      if (this.indexesDropped) createIndexes(this.db);
    }
    this.db.close();
  }
}

function* rowsOf(lines: Iterable<CatalogLine>): Generator<LineRows> {
  for (const line of lines) yield lineRows(line);
}

/**
 * An error SQLite raised while running a user's statement: the statement's own (a malformed JSON
 * argument, an integer overflow, a blob too big, `load_extension`) is a QueryError; the file's
 * (damaged, unreadable, busy) is thrown as it is.
 */
function statementError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (
    !(error instanceof Error) ||
    !['SQLITE_ERROR', 'SQLITE_TOOBIG', 'SQLITE_RANGE', 'SQLITE_MISMATCH'].includes(String(code))
  )
    return error;
  // SQLite's word for load_extension on a connection that loads none.
  if (error.message === 'not authorized') return new QueryError('not authorized: fiscal query loads no extension');
  return new QueryError(error.message);
}
