// The catalog in SQLite (better-sqlite3, loaded on first use: never on the --help path). One
// file per pull folder; WAL, so that a query reads while a pull writes. A write is one
// transaction with the coverage it brings (the meta rows): after a crash the catalog is exactly
// as of a batch, and what the folder holds beyond it is ingested again (folder.ts).
import { statSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { CatalogError } from '../errors.js';
import { lineRows, type LineRows } from './rows.js';
import { REPORT_INDEX } from './report-index.js';
import { CREATE_V1, MIGRATIONS, SCHEMA_VERSION } from './schema.js';
import { CatalogWrites, setMeta } from './sqlite-writes.js';
import type { CatalogLine, CatalogStore, Coverage, FileSummary, QueryResult, Row, StatusRecord } from './store.js';

type Database = BetterSqlite3.Database;
type Statement = BetterSqlite3.Statement;

/** PRAGMA application_id of a fiscal catalog ('fisc'): a file of another program is not one. */
const APPLICATION_ID = 0x66697363;

let driver: typeof BetterSqlite3 | undefined;
async function loadDriver(): Promise<typeof BetterSqlite3> {
  driver ??= (await import('better-sqlite3')).default;
  return driver;
}

/**
 * Every secondary index of the file, in one place: the one thing a rebuild adds at its end (once,
 * over the whole table: cheaper than a B-tree insert per row), that a new catalog gets at its
 * creation, and that an older catalog lacking one gets on its first open that may write.
 */
const INDEXES: readonly string[] = [REPORT_INDEX];

/**
 * The page size of a new catalog, in bytes. Designed here: 16 KB instead of SQLite's 4 KB, because
 * a pull's rows go to four B-trees at places the keys scatter (the primary keys take them in the
 * index's order), and each dirty page costs a write to the log and another at its checkpoint: with
 * pages four times larger, a pull's inserts write a quarter as many pages. The same 11k NF-e's rows
 * replayed in the pull's order (documents, items, files): 0.45-0.52 s of CPU at 16 KB, 0.57-0.66 s
 * at 4 KB (docs/catalog.md). The page cache is set in bytes (cacheKb), so memory is the same.
 * A catalog made before keeps its size (changing it takes a VACUUM of the file).
 */
const PAGE_SIZE = 16384;

/** Why a file cannot be used as it is: not SQLite, damaged, of another program, newer. */
export class UnusableCatalog extends Error {
  constructor(
    message: string,
    readonly newer = false,
  ) {
    super(message);
  }
}

interface OpenOptions {
  readonly?: boolean;
  /**
   * A file built aside and renamed into place once whole (a rebuild): written without a journal
   * (a crash leaves a file that is thrown away, never opened as a catalog), each page once instead
   * of through the write-ahead log and again at its checkpoints, in one transaction (each batch's a
   * savepoint within it: a commit per batch wrote the pages of the primary keys' B-trees again
   * each time, 15% of the inserts' CPU), without its secondary indexes until the end. close()
   * commits, builds the indexes and puts it in WAL mode.
   */
  aside?: boolean;
  /**
   * The connection's page cache in KB, where not better-sqlite3's: it builds SQLite with 16 MB
   * (SQLITE_DEFAULT_CACHE_SIZE=-16000, SQLite's own default is 2 MB), which a long write fills.
   */
  cacheKb?: number;
}

export class SqliteCatalog implements CatalogStore {
  private writeStatements: CatalogWrites | undefined;
  private summaryStatement: Statement | undefined;
  private aside = false;
  /** The schema version the file had when opened (older than SCHEMA_VERSION: migrated, or read-only). */
  openedAt = SCHEMA_VERSION;

  private constructor(
    readonly path: string,
    private readonly db: Database,
  ) {}

  /**
   * Opens (creating when absent, unless read-only) and checks the file: UnusableCatalog when it is
   * not a catalog this program can trust (the caller rebuilds it), CatalogError when the database
   * cannot be opened at all.
   */
  static async open(path: string, o: OpenOptions = {}): Promise<SqliteCatalog> {
    const Database = await loadDriver();
    let db: Database;
    try {
      db = new Database(path, { readonly: Boolean(o.readonly), fileMustExist: Boolean(o.readonly) });
    } catch (error) {
      throw openFailure(path, error);
    }
    try {
      db.pragma('busy_timeout = 10000');
      // In WAL mode NORMAL syncs at checkpoints, not at every commit: a power cut may lose the
      // last commits, never corrupt the file, and a catalog that lost commits covers less of the
      // index, which its next open ingests again (folder.ts). A kill loses nothing committed.
      if (!o.readonly) db.pragma('synchronous = NORMAL');
      if (o.cacheKb !== undefined) db.pragma(`cache_size = -${o.cacheKb}`);
      const store = new SqliteCatalog(path, db);
      store.aside = Boolean(o.aside);
      store.check(Boolean(o.readonly));
      if (o.aside) {
        // better-sqlite3 opens in SQLite's defensive mode, which refuses journal_mode = OFF and
        // answers with the mode it keeps (WAL): the file was then written through its log.
        db.unsafeMode(true);
        db.pragma('journal_mode = OFF');
        db.unsafeMode(false);
        db.pragma('synchronous = OFF');
        db.exec('BEGIN');
      }
      return store;
    } catch (error) {
      db.close();
      if (error instanceof UnusableCatalog || error instanceof CatalogError) throw error;
      throw damaged(path, error);
    }
  }

  private check(readonly: boolean): void {
    const db = this.db;
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    if (tables.n === 0 && !readonly) {
      this.create();
      return;
    }
    if ((db.pragma('application_id', { simple: true }) as number) !== APPLICATION_ID)
      throw new UnusableCatalog('not a catalog of fiscal');
    const version = Number(this.meta('schema_version'));
    if (version > SCHEMA_VERSION)
      throw new UnusableCatalog(`its schema is version ${version}; this fiscal knows up to ${SCHEMA_VERSION}`, true);
    if (!Number.isInteger(version) || version < 1) throw new UnusableCatalog('no schema version');
    this.openedAt = version;
    // A file cut short: SQLite reads the pages it has and fails only on the missing ones.
    const pages = db.pragma('page_count', { simple: true }) as number;
    const size = db.pragma('page_size', { simple: true }) as number;
    // (A full integrity check reads the whole file: too slow to run on every open of a large one.)
    // Pages may live in the write-ahead log alone while it exists: only its absence makes the
    // file's own size the whole database's.
    const file = statSync(this.path, { throwIfNoEntry: false })?.size ?? 0;
    const wal = statSync(`${this.path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    if (pages === 0 || (wal === 0 && file < pages * size))
      throw new UnusableCatalog(`cut short (${file} bytes of ${pages * size})`);
    if (version < SCHEMA_VERSION && !readonly) this.migrate(version);
    // A catalog made before the report's index gets it on its first write (once: some 2 s at 224k documents).
    if (!readonly) this.createIndexes();
  }

  private createIndexes(): void {
    for (const sql of INDEXES) this.db.exec(sql);
  }

  private create(): void {
    const db = this.db;
    // Before the first page is written (the WAL fixes it after): see PAGE_SIZE.
    db.pragma(`page_size = ${PAGE_SIZE}`);
    db.pragma('journal_mode = WAL');
    db.transaction(() => {
      for (const sql of CREATE_V1) db.exec(sql);
      for (const sql of MIGRATIONS.flat()) db.exec(sql);
      if (!this.aside) this.createIndexes();
      db.pragma(`application_id = ${APPLICATION_ID}`);
      setMeta(this.db, 'schema_version', String(SCHEMA_VERSION));
    })();
  }

  private migrate(from: number): void {
    this.db.transaction(() => {
      for (let v = from; v < SCHEMA_VERSION; v++) for (const sql of MIGRATIONS[v - 1]!) this.db.exec(sql);
      setMeta(this.db, 'schema_version', String(SCHEMA_VERSION));
    })();
  }

  private meta(name: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE name = ?').get(name) as { value: string } | undefined;
    return row?.value;
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

  /** `lines` may be read as they are inserted (a rebuild's generator): their facts then die young. */
  async apply(lines: Iterable<CatalogLine>, records: readonly StatusRecord[], coverage: Coverage): Promise<void> {
    this.applyRows(rowsOf(lines), records, coverage);
  }

  /** The same with each line's rows already built (a rebuild builds them on other threads: rebuild-pool.ts). */
  applyRows(lines: Iterable<LineRows>, records: readonly StatusRecord[], coverage: Coverage): void {
    this.db.transaction(() => {
      for (const line of lines) this.writes().line(line);
      this.writes().end(records, coverage);
    })();
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
  }

  /** Forgets the open transaction's rows: their lines were never committed to the index. */
  rollback(): void {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
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

  async query(sql: string): Promise<QueryResult> {
    let statement: Statement;
    try {
      statement = this.db.prepare(sql);
    } catch (error) {
      throw new QueryError((error as Error).message);
    }
    // better-sqlite3 knows from SQLite itself whether a statement writes (sqlite3_stmt_readonly).
    if (!statement.readonly) throw new QueryError('only statements that read are run (SELECT, WITH, EXPLAIN...)');
    if (!statement.reader) return { columns: [], rows: [] };
    const columns = statement.columns().map((c) => c.name);
    return { columns, rows: statement.raw(true).all() as unknown[][] };
  }

  summaryOf(path: string): FileSummary | undefined {
    if (this.openedAt < 2) return undefined;
    this.summaryStatement ??= this.db.prepare(
      'SELECT summary, bytes FROM files WHERE path = ? AND summary IS NOT NULL',
    );
    return this.summaryStatement.get(path) as FileSummary | undefined;
  }

  async close(): Promise<void> {
    if (this.aside) {
      this.db.exec('COMMIT');
      this.createIndexes();
      this.db.pragma('journal_mode = WAL');
    } else {
      // A pull that stopped before its commit: the rows inserted for it were never committed.
      this.rollback();
    }
    this.db.close();
  }
}

function* rowsOf(lines: Iterable<CatalogLine>): Generator<LineRows> {
  for (const line of lines) yield lineRows(line);
}

/** A user's statement that cannot run: refused (it writes) or wrong (SQLite's message). */
export class QueryError extends Error {}

function openFailure(path: string, error: unknown): Error {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return new UnusableCatalog('not a SQLite database');
  return new CatalogError(`the catalog ${path} cannot be opened: ${(error as Error).message}`, {
    details: ['it is rebuilt from the folder by `fiscal catalog rebuild` once the cause is fixed'],
  });
}

function damaged(path: string, error: unknown): Error {
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_ERROR')
    return new UnusableCatalog(`damaged (${(error as Error).message})`);
  return openFailure(path, error);
}
