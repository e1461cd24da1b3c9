// status-journal.ndjson: statuses the folder learnt without an event file (a manifestation
// answered 650 "canceled", a listing's Status for a document already pulled), one JSON line each,
// appended and fsynced before the catalog records them. A rebuild replays it after the index.
import { appendFile, open } from 'node:fs/promises';
import { join } from 'node:path';
import { completeLength, hashOf, lineHashBefore } from './lines.js';
import { JOURNAL_NAME } from './pull-folder.js';
import type { CatalogStore, StatusRecord } from './store.js';

interface Appended {
  /** The journal's length after the append. */
  bytes: number;
  /** Its last line, without the newline. */
  lastLine: string;
}

/** Appends the records durably; undefined when there were none. */
export async function appendJournal(dir: string, records: readonly StatusRecord[]): Promise<Appended | undefined> {
  if (records.length === 0) return undefined;
  const path = join(dir, JOURNAL_NAME);
  const lines = records.map((r) => JSON.stringify(r));
  await appendFile(path, lines.map((l) => `${l}\n`).join(''));
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
    return { bytes: (await handle.stat()).size, lastLine: lines[lines.length - 1]! };
  } finally {
    await handle.close();
  }
}

/**
 * Statuses learnt outside a pull's commit (a manifestation's answer): journaled, then recorded in
 * the catalog with the journal length they bring it to. The caller holds the folder's lock and
 * has brought the catalog level with the folder.
 */
export async function recordStatuses(
  dir: string,
  store: CatalogStore,
  records: readonly StatusRecord[],
): Promise<void> {
  const appended = await appendJournal(dir, records);
  if (!appended) return;
  const cov = await store.coverage();
  if (!cov) return;
  await store.apply([], records, {
    ...cov,
    journalBytes: appended.bytes,
    journalTail: hashOf(appended.lastLine),
  });
}

/**
 * Brings a catalog that the folder's rebuild never touches (the shared one, in PostgreSQL) level
 * with the folder's status journal: the records beyond what it covers are applied, after the
 * index lines they are about (a pull calls it once its pages are committed). A catalog whose last
 * covered line is not the folder's gets the whole journal again: a record only ever raises a
 * status or moves a manifestation to a later one, so one applied twice changes nothing.
 * Returns the journal lines applied.
 */
export async function replayJournal(dir: string, store: CatalogStore): Promise<number> {
  const cov = await store.coverage();
  if (!cov) return 0;
  const path = join(dir, JOURNAL_NAME);
  const end = completeLength(path);
  const matches = cov.journalBytes <= end && lineHashBefore(path, cov.journalBytes) === cov.journalTail;
  const from = matches ? cov : { ...cov, journalBytes: 0, journalTail: '' };
  // (The folder catalog's module, loaded here: a pull's commits append to the journal without it.)
  const { applyJournal } = await import('./folder.js');
  return (await applyJournal(store, path, from, end)).lines;
}
