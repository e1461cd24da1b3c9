// The catalog of a pull folder for the commands that read it (report, inspect, query, catalog
// rebuild). Under the folder's lock it is brought level with the folder first; while a pull holds
// the lock it is read as that pull last committed it (never written by two processes at once).
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock, Logger } from '../context.js';
import { LockedError, UsageError } from '../errors.js';
import { acquireLock } from '../sync/lock.js';
import { JOURNAL_NAME, openCatalogReadonly, syncCatalog } from './folder.js';
import { INDEX_NAME } from './pull-folder.js';
import { completeLength, lineHashBefore } from './lines.js';
import { SCHEMA_VERSION } from './schema.js';
import type { SqliteCatalog } from './sqlite-store.js';

interface ReadOptions {
  clock: Clock;
  log: Logger;
  rebuild?: boolean;
  progress?: (done: number, total: number) => void;
}

interface FolderCatalog {
  store: SqliteCatalog;
  /** Read as a running pull left it: not brought level with the folder. */
  asIs: boolean;
  ingested: number;
  rebuilt: boolean;
  /** Threads at work (when lines were ingested). */
  threads?: number;
}

/**
 * Bytes of index.ndjson the pull committed: the longest its checkpoints record (a pull cuts the
 * rest back when it starts), or its complete lines in a folder without checkpoints.
 */
export function committedIndexBytes(dir: string): number {
  const checkpoints = join(dir, '.fiscal', 'checkpoints');
  let names: string[];
  try {
    names = readdirSync(checkpoints).filter((n) => n.endsWith('.json'));
  } catch {
    return completeLength(join(dir, INDEX_NAME));
  }
  let longest = 0;
  for (const name of names) {
    try {
      const c = JSON.parse(readFileSync(join(checkpoints, name), 'utf8')) as { indexLength?: unknown };
      if (typeof c.indexLength === 'number') longest = Math.max(longest, c.indexLength);
    } catch {
      // A damaged checkpoint is the pull's to report.
    }
  }
  return Math.min(longest, completeLength(join(dir, INDEX_NAME)));
}

export async function openFolderCatalog(dir: string, o: ReadOptions): Promise<FolderCatalog> {
  // The common case, a catalog level with its folder, is read without the lock or a write (a
  // report then costs no fsync: on a busy disk one costs more than the report).
  if (!o.rebuild) {
    const current = await currentCatalog(dir);
    if (current) return { store: current, asIs: false, ingested: 0, rebuilt: false };
  }
  const stateDir = join(dir, '.fiscal');
  mkdirSync(stateDir, { recursive: true });
  let lock;
  try {
    lock = await acquireLock(stateDir, { waitSeconds: 0, clock: o.clock, warn: o.log.warn });
  } catch (error) {
    if (!(error instanceof LockedError) || o.rebuild) throw error;
    const store = await openCatalogReadonly(dir);
    if (!store) throw error;
    return { store, asIs: true, ingested: 0, rebuilt: false };
  }
  try {
    const r = await syncCatalog(dir, {
      indexBytes: committedIndexBytes(dir),
      rebuild: o.rebuild,
      progress: o.progress,
      warn: o.log.warn,
    });
    return { store: r.store, asIs: false, ingested: r.ingested, rebuilt: r.rebuilt, threads: r.threads };
  } finally {
    await lock.release();
  }
}

/** Exit 2 for a folder that is not a pull folder: there is no index to catalog. */
export function requirePullFolder(dir: string): void {
  if (!existsSync(join(dir, INDEX_NAME)))
    throw new UsageError(`${dir} is not a pull folder (no ${INDEX_NAME}): it has no catalog`, {
      details: ['a pull folder is what `fiscal pull` writes; give its path'],
    });
}

/** The catalog opened read-only when it covers exactly what the folder holds; else undefined. */
async function currentCatalog(dir: string): Promise<SqliteCatalog | undefined> {
  const store = await openCatalogReadonly(dir);
  if (!store) return undefined;
  const cov = await store.coverage();
  const target = { indexBytes: committedIndexBytes(dir), journalBytes: completeLength(join(dir, JOURNAL_NAME)) };
  if (
    cov &&
    store.openedAt === SCHEMA_VERSION &&
    // Items without their packs (a catalog of an earlier fiscal, or edited): made at the open that may write.
    store.packsSettled() &&
    cov.indexBytes === target.indexBytes &&
    cov.journalBytes === target.journalBytes &&
    lineHashBefore(join(dir, INDEX_NAME), cov.indexBytes) === cov.indexTail &&
    lineHashBefore(join(dir, JOURNAL_NAME), cov.journalBytes) === cov.journalTail
  )
    return store;
  await store.close();
  return undefined;
}
