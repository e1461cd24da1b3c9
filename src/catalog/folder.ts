// The catalog of a pull folder and how it stays true to the folder. The folder is the truth:
// index.ndjson (every file the pull wrote) and status-journal.ndjson (statuses learnt without a
// file, journal.ts). The catalog records how much of each it covers, with the hash of the last
// line covered. On open:
//   - it covers less than the folder holds (a pull died between its commit and the catalog's,
//     or the folder was pulled before the catalog existed): the lines beyond are ingested, their
//     files read from the folder;
//   - it claims more than the folder holds, its last line is not the folder's, it is not a
//     catalog, it is damaged or cut short: it is rebuilt from the folder, never trusted;
//   - it is of a newer schema: CatalogError (exit 13), left as it is.
// Callers hold the folder's lock whenever they may write (a pull, a rebuild); a reader that
// cannot take the lock reads the catalog as the running pull last committed it.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogError } from '../errors.js';
import { completeLength, hashOf, lineHashBefore, linesBetween } from './lines.js';
import { CATALOG_NAME, INDEX_NAME, JOURNAL_NAME } from './pull-folder.js';
import { SCHEMA_VERSION } from './schema.js';
import { UnusableCatalog } from './sqlite-file.js';
import { SqliteCatalog } from './sqlite-store.js';
import type { LineRows } from './rows.js';
import { EMPTY_COVERAGE, type CatalogStore, type Coverage, type StatusRecord } from './store.js';

export { JOURNAL_NAME } from './pull-folder.js';
export { hashOf } from './lines.js';

/** Lines per transaction while ingesting into the catalog in place. */
const BATCH_LINES = 2000;
/** Index bytes to ingest from which the files are read on threads of their own (some 800 lines). */
const POOL_BYTES = 256 * 1024;

interface SyncOptions {
  /** Bytes of index.ndjson that are committed (the pull's checkpoints say); default: its complete lines. */
  indexBytes?: number | undefined;
  /** Called as lines are ingested: bytes of the index done, of the total to ingest. */
  progress?: ((done: number, total: number) => void) | undefined;
  /** Why the catalog was rebuilt or caught up, for the user. */
  warn?: ((message: string) => void) | undefined;
  /** Rebuild whatever the catalog says. */
  rebuild?: boolean | undefined;
}

interface SyncResult {
  store: SqliteCatalog;
  /** Lines ingested from the folder (0 when the catalog was current). */
  ingested: number;
  rebuilt: boolean;
  /** Threads at work (more than one: the files read on others, rebuild-pool.ts). */
  threads: number;
}

const catalogPath = (dir: string) => join(dir, CATALOG_NAME);

/** The catalog of `dir`, brought level with the folder (the caller holds the folder's lock). */
export async function syncCatalog(dir: string, o: SyncOptions = {}): Promise<SyncResult> {
  const index = join(dir, INDEX_NAME);
  const journal = join(dir, JOURNAL_NAME);
  const target: Coverage = {
    indexBytes: o.indexBytes ?? completeLength(index),
    indexTail: '',
    journalBytes: completeLength(journal),
    journalTail: '',
  };
  let store = await openOrNone(dir, o.warn);
  let cov = store && !o.rebuild ? await store.coverage() : undefined;
  if (store && cov && store.openedAt < SCHEMA_VERSION) {
    // The columns a migration added are NULL in the rows already there: only the files hold them.
    o.warn?.(`${catalogPath(dir)} was of schema version ${store.openedAt}: migrated to ${SCHEMA_VERSION}, rebuilt`);
    cov = undefined;
  }
  if (store && cov && !matches(cov, index, journal, target)) {
    o.warn?.(`${catalogPath(dir)} does not match the folder (another folder's, or older than it): rebuilt`);
    cov = undefined;
  }
  if (store && cov) {
    const { lines: ingested, threads } = await ingest(store, dir, cov, target, BATCH_LINES, o.progress);
    return { store, ingested, rebuilt: false, threads };
  }
  // Rebuilt aside and renamed into place: a crash meanwhile leaves the old file, rebuilt again.
  await store?.close();
  const aside = `${catalogPath(dir)}.rebuild`;
  mkdirSync(join(dir, '.fiscal'), { recursive: true });
  removeDatabase(aside);
  store = await SqliteCatalog.open(aside, { aside: true });
  await store.apply([], [], EMPTY_COVERAGE);
  // The file aside is one transaction (sqlite-store.ts): each chunk's rows go in as they come.
  const { CHUNK } = await import('./rebuild-pool.js');
  const { lines: ingested, threads } = await ingest(store, dir, EMPTY_COVERAGE, target, CHUNK, o.progress);
  await store.close();
  removeDatabase(catalogPath(dir));
  renameSync(aside, catalogPath(dir));
  return { store: await SqliteCatalog.open(catalogPath(dir)), ingested, rebuilt: true, threads };
}

/** Opens the catalog read-only as it is (a pull holds the folder), or undefined when there is none yet. */
export async function openCatalogReadonly(dir: string): Promise<SqliteCatalog | undefined> {
  try {
    return await SqliteCatalog.open(catalogPath(dir), { readonly: true });
  } catch (error) {
    if (error instanceof UnusableCatalog && error.newer) throw newerSchema(dir, error);
    if (error instanceof UnusableCatalog || error instanceof CatalogError) return undefined;
    throw error;
  }
}

function newerSchema(dir: string, error: UnusableCatalog): CatalogError {
  return new CatalogError(`the catalog ${catalogPath(dir)} was made by a newer fiscal: ${error.message}`, {
    details: ['update fiscal to read it, or remove the file: it is rebuilt from the folder'],
  });
}

async function openOrNone(dir: string, warn?: (m: string) => void): Promise<SqliteCatalog | undefined> {
  if (!existsSync(catalogPath(dir))) return undefined;
  try {
    return await SqliteCatalog.open(catalogPath(dir), { existing: true });
  } catch (error) {
    if (!(error instanceof UnusableCatalog)) throw error;
    if (error.newer) throw newerSchema(dir, error);
    warn?.(`${catalogPath(dir)} is ${error.message}: rebuilt from the folder`);
    return undefined;
  }
}

function removeDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

/** The catalog covers a prefix of each journal, ending with the very line the folder has there. */
function matches(cov: Coverage, index: string, journal: string, target: Coverage): boolean {
  if (cov.indexBytes > target.indexBytes || cov.journalBytes > target.journalBytes) return false;
  return (
    lineHashBefore(index, cov.indexBytes) === cov.indexTail &&
    lineHashBefore(journal, cov.journalBytes) === cov.journalTail
  );
}

/**
 * Ingests the index lines and journal records of the folder beyond `from`, up to `to`, the lines
 * `batchLines` at a time with the coverage they bring.
 */
async function ingest(
  store: SqliteCatalog,
  dir: string,
  from: Coverage,
  to: Coverage,
  batchLines: number,
  progress?: (done: number, total: number) => void,
): Promise<{ lines: number; threads: number }> {
  let cov = { ...from };
  let count = 0;
  const total = to.indexBytes - from.indexBytes;
  const index = join(dir, INDEX_NAME);
  // What reads the folder's files (the XML walks, the readers, the threads) loads only when there
  // are lines to ingest: a report of a current catalog never needs it.
  if (total <= 0) {
    const journal = await applyJournal(store, join(dir, JOURNAL_NAME), cov, to.journalBytes);
    return { lines: journal.lines, threads: 1 };
  }
  const { CHUNK, readRows, RebuildPool } = await import('./rebuild-pool.js');
  const pool = total >= POOL_BYTES ? RebuildPool.start(dir) : undefined;
  let rows: LineRows[] = [];
  let last: { text: string; end: number } | undefined;
  const apply = () => {
    if (!last) return;
    cov = { ...cov, indexBytes: last.end, indexTail: hashOf(last.text) };
    store.applyRows(rows, [], cov);
    rows = [];
    last = undefined;
    progress?.(cov.indexBytes - from.indexBytes, total);
  };
  try {
    const chunks = batches(linesBetween(index, from.indexBytes, to.indexBytes), Math.min(CHUNK, batchLines));
    let pending = 0;
    for await (const chunk of readRows(dir, pool, chunks)) {
      for (const r of chunk.rows) if (r) rows.push(r);
      last = chunk.lines[chunk.lines.length - 1];
      count += chunk.lines.length;
      pending += chunk.lines.length;
      if (pending >= batchLines) {
        apply();
        pending = 0;
      }
    }
    apply();
  } finally {
    await pool?.close();
  }
  const journal = await applyJournal(store, join(dir, JOURNAL_NAME), cov, to.journalBytes);
  return { lines: count + journal.lines, threads: pool?.size ?? 1 };
}

/**
 * Applies the status journal's records from where `from` says the catalog stopped up to `end`,
 * each batch in one transaction with the coverage it brings; returns that coverage.
 */
export async function applyJournal(
  store: CatalogStore,
  path: string,
  from: Coverage,
  end: number,
): Promise<{ coverage: Coverage; lines: number }> {
  let cov = { ...from };
  let lines = 0;
  for (const batch of batches(linesBetween(path, from.journalBytes, end), BATCH_LINES)) {
    const records = batch.map((l) => recordOf(l.text)).filter((r): r is StatusRecord => r !== undefined);
    const last = batch[batch.length - 1]!;
    cov = { ...cov, journalBytes: last.end, journalTail: hashOf(last.text) };
    await store.apply([], records, cov);
    lines += batch.length;
  }
  return { coverage: cov, lines };
}

/** The items of `source`'s arrays, `size` at a time. */
function* batches<T>(source: Iterable<T[]>, size: number): Generator<T[]> {
  let out: T[] = [];
  for (const part of source) {
    for (const item of part) {
      out.push(item);
      if (out.length === size) {
        yield out;
        out = [];
      }
    }
  }
  if (out.length) yield out;
}

function recordOf(text: string): StatusRecord | undefined {
  try {
    const r = JSON.parse(text) as StatusRecord;
    return typeof r.key === 'string' && typeof r.status === 'string' ? r : undefined;
  } catch {
    return undefined;
  }
}
