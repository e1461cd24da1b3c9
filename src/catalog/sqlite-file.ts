// The catalog's SQLite file as a connection finds it: opened (better-sqlite3, loaded on first use:
// never on the --help path), checked to be a catalog this program can trust, created when absent,
// migrated when older. What is read and written in it is sqlite-store.ts's.
import { statSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { CatalogError } from '../errors.js';
import { createPacks, ensurePacks } from './item-packs-state.js';
import { REPORT_INDEX, REPORT_INDEX_NAME } from './report-index.js';
import { CREATE_V1, MIGRATIONS, SCHEMA_VERSION } from './schema.js';
import { setMeta } from './sqlite-writes.js';

type Database = BetterSqlite3.Database;

/** PRAGMA application_id of a fiscal catalog ('fisc'): a file of another program is not one. */
const APPLICATION_ID = 0x66697363;

let driver: typeof BetterSqlite3 | undefined;
/** better-sqlite3, loaded on the first open (or before it: a warm thread's, report/items-worker.ts). */
export async function loadDriver(): Promise<typeof BetterSqlite3> {
  driver ??= (await import('better-sqlite3')).default;
  return driver;
}

/**
 * Every secondary index of the file, in one place: the one thing a rebuild adds at its end (once,
 * over the whole table: cheaper than a B-tree insert per row), that a new catalog gets at its
 * creation, and that an older catalog lacking one gets on its first open that may write.
 */
const INDEXES: readonly { name: string; sql: string }[] = [{ name: REPORT_INDEX_NAME, sql: REPORT_INDEX }];

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

export interface OpenOptions {
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
  /**
   * The file was there before this open: it must be a catalog already, and one without tables
   * (emptied, or never written) is UnusableCatalog, rebuilt with a warning, not a new catalog.
   */
  existing?: boolean;
}

/**
 * Opens (creating when absent, unless read-only) and checks the file: UnusableCatalog when it is
 * not a catalog this program can trust (the caller rebuilds it), CatalogError when the database
 * cannot be opened at all. Answers the connection and the schema version the file had (older than
 * SCHEMA_VERSION: migrated, or read-only). An `aside` file is left in its one open transaction.
 */
export async function openCatalogFile(path: string, o: OpenOptions = {}): Promise<{ db: Database; openedAt: number }> {
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
    const openedAt = check(db, path, o);
    if (o.aside) {
      // better-sqlite3 opens in SQLite's defensive mode, which refuses journal_mode = OFF and
      // answers with the mode it keeps (WAL): the file was then written through its log.
      db.unsafeMode(true);
      db.pragma('journal_mode = OFF');
      db.unsafeMode(false);
      db.pragma('synchronous = OFF');
      db.exec('BEGIN');
    }
    return { db, openedAt };
  } catch (error) {
    db.close();
    if (error instanceof UnusableCatalog || error instanceof CatalogError) throw error;
    throw damaged(path, error);
  }
}

/** The schema version of the file, created (SCHEMA_VERSION) or migrated on the way where it may be written. */
function check(db: Database, path: string, o: OpenOptions): number {
  const readonly = Boolean(o.readonly);
  const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
  if (tables.n === 0 && !readonly) {
    if (o.existing) throw new UnusableCatalog(statSync(path).size === 0 ? 'empty (0 bytes)' : 'without tables');
    create(db, Boolean(o.aside));
    return SCHEMA_VERSION;
  }
  if ((db.pragma('application_id', { simple: true }) as number) !== APPLICATION_ID)
    throw new UnusableCatalog('not a catalog of fiscal');
  const version = Number(metaOf(db, 'schema_version'));
  if (version > SCHEMA_VERSION)
    throw new UnusableCatalog(`its schema is version ${version}; this fiscal knows up to ${SCHEMA_VERSION}`, true);
  if (!Number.isInteger(version) || version < 1) throw new UnusableCatalog('no schema version');
  // A file cut short: SQLite reads the pages it has and fails only on the missing ones.
  const pages = db.pragma('page_count', { simple: true }) as number;
  const size = db.pragma('page_size', { simple: true }) as number;
  // (A full integrity check reads the whole file: too slow to run on every open of a large one.)
  // Pages may live in the write-ahead log alone while it exists: only its absence makes the
  // file's own size the whole database's.
  const file = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  const wal = statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  if (pages === 0 || (wal === 0 && file < pages * size))
    throw new UnusableCatalog(`cut short (${file} bytes of ${pages * size})`);
  if (version < SCHEMA_VERSION && !readonly) migrate(db, version);
  // A catalog made before the report's index (or its present form) gets it on its first write
  // (once: some 2 s at 224k documents).
  if (!readonly) {
    createIndexes(db);
    // A catalog of an earlier fiscal, or whose items another program changed: its items packed.
    ensurePacks(db);
  }
  return version;
}

/**
 * Creates the indexes a file lacks, and replaces one made by an older definition (the report's
 * index before it held the type): SQLite keeps each index's statement as written, less its
 * `IF NOT EXISTS`, so a different one is an older index.
 */
export function createIndexes(db: Database): void {
  const held = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?").pluck();
  for (const { name, sql } of INDEXES) {
    const was = held.get(name) as string | undefined;
    if (was !== undefined && was !== sql.replace('IF NOT EXISTS ', '')) db.exec(`DROP INDEX ${name}`);
    db.exec(sql);
  }
}

export function dropIndexes(db: Database): void {
  for (const { name } of INDEXES) db.exec(`DROP INDEX IF EXISTS ${name}`);
}

function create(db: Database, aside: boolean): void {
  // Before the first page is written (the WAL fixes it after): see PAGE_SIZE.
  db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('journal_mode = WAL');
  db.transaction(() => {
    for (const sql of CREATE_V1) db.exec(sql);
    for (const sql of MIGRATIONS.flat()) db.exec(sql);
    createPacks(db);
    if (!aside) createIndexes(db);
    db.pragma(`application_id = ${APPLICATION_ID}`);
    setMeta(db, 'schema_version', String(SCHEMA_VERSION));
  })();
}

function migrate(db: Database, from: number): void {
  db.transaction(() => {
    for (let v = from; v < SCHEMA_VERSION; v++) for (const sql of MIGRATIONS[v - 1]!) db.exec(sql);
    setMeta(db, 'schema_version', String(SCHEMA_VERSION));
  })();
}

/** A row of the meta table. */
export function metaOf(db: Database, name: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE name = ?').get(name) as { value: string } | undefined;
  return row?.value;
}

function openFailure(path: string, error: unknown): Error {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return new UnusableCatalog('not a SQLite database');
  // SQLite says only 'unable to open database file': name what is in the way where it is plain.
  const folder = statSync(path, { throwIfNoEntry: false })?.isDirectory();
  const why = folder ? 'it is a folder, not a file' : (error as Error).message;
  return new CatalogError(`the catalog ${path} cannot be opened: ${why}`, {
    details: ['it is rebuilt from the folder by `fiscal catalog rebuild` once the cause is fixed'],
  });
}

function damaged(path: string, error: unknown): Error {
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_ERROR')
    return new UnusableCatalog(`damaged (${(error as Error).message})`);
  return openFailure(path, error);
}
