// The pull engine: streams of pages in, files + index.ndjson + checkpoints out, crash-safe.
//
// Order of a commit: every file renamed into place, then made durable (DurableWriter.flush),
// then the index lines appended and fsynced, then the streams' checkpoints replaced. A crash
// anywhere leaves either the old checkpoint (those pages are fetched again: their documents already
// indexed are skipped, the others written to the same bytes) or the new one. Streams are written
// in the order their pages arrive, so that none waits on another: the index holds the same lines
// however often the run was interrupted, each stream's in its listing's order, the streams' interleaved.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock, Logger } from '../context.js';
import { writingLocalFiles } from '../local-files.js';
import type { CatalogStore } from '../catalog/store.js';
import type { PullCatalog } from './catalog.js';
import type { CanceledRedraw } from './redraw-canceled.js';
import { CheckpointStore, type Checkpoints } from './checkpoint.js';
import { DurableWriter, sweepNewFiles, sweepTempFiles } from './durable.js';
import { IndexFile, type IndexEntry } from './index-file.js';
import type { Layout } from './layout.js';
import { acquireLock, type HeldLock } from './lock.js';
import { closeInTurn, closeTogether } from './close-in-turn.js';
import type { StreamSource } from './source.js';
import { resolveStarts, type StreamStart } from './starts.js';
import type { PullSummary } from './summary.js';
import type { PullTarget } from './pull-streams.js';
import { withBackfills, type PlannedStream } from './backfill.js';

export interface PullOptions {
  dir: string;
  layout: Layout;
  sources: StreamSource[];
  restart: boolean;
  maxDocs?: number | undefined;
  maxDurationMs?: number | undefined;
  concurrency: number;
  waitSeconds: number;
  clock: Clock;
  signal: AbortSignal;
  log: Logger;
  onProgress?: (written: number, total: number | undefined, summary: Readonly<PullSummary>) => void;
  /** Filled in as the run goes, so that a caller still has it when the run throws. */
  summary?: PullSummary;
  /**
   * How the run draws its PDFs here (`--with-pdf local`): a copy whose PDF was drawn before the run
   * knew it canceled (a listing's status, a cancellation event) is drawn again (redraw-canceled.ts).
   */
  redrawPdf?: CanceledRedraw | undefined;
  /** See MAX_KNOWN_PAGES (tests lower it). */
  maxKnownPages?: number | undefined;
  /**
   * Requests of the rate limit's current window that could go unused (RateLimitPacer.quotaLeft; 0
   * when none can): while it is positive, streams fetch past PAGES_AHEAD rather than lose them.
   */
  quotaLeft?: ((maxInFlight: number) => number) | undefined;
  /**
   * The quota was told (`--rate-limit`): streams past --concurrency fetch at once, up to
   * RAISED_IN_FLIGHT (stream-lanes.ts) times it, while quotaLeft says the current window has requests at stake.
   */
  quotaTold?: boolean | undefined;
  /** Hook: a commit's new index lines, once their files are durable and before the checkpoints that count them are saved. */
  onCommit?: ((entries: readonly IndexEntry[]) => Promise<void>) | undefined;
  /**
   * A shared catalog (src/catalog/postgres): its lease stands for the folder's lock (a lock file
   * cannot be taken over from a machine that died), and it keeps the checkpoints, committed with
   * the index lines they cover.
   */
  shared?: { lock: HeldLock; checkpoints: Checkpoints; catalog: CatalogStore } | undefined;
}

/** What a pull that stopped on a local file problem keeps: every page committed before it. */
const PULL_KEPT = 'what was written before is kept with its checkpoint: the same command continues from there';

export async function runPull(o: PullOptions): Promise<PullSummary> {
  return writingLocalFiles({ folder: o.dir, kept: PULL_KEPT }, () => pullInto(o));
}

async function pullInto(o: PullOptions): Promise<PullSummary> {
  const stateDir = join(o.dir, '.fiscal');
  const writer = new DurableWriter(join(stateDir, 'tmp'));
  await writer.ensureDir(stateDir);
  const lock =
    o.shared?.lock ??
    (await acquireLock(stateDir, {
      waitSeconds: o.waitSeconds,
      clock: o.clock,
      signal: o.signal,
      warn: o.log.warn,
    }));
  try {
    await writer.init();
    if (lock.tookOver) {
      const swept = await sweepTempFiles(o.dir);
      if (swept) o.log.warn(`removed ${swept} temp file${swept === 1 ? '' : 's'} the run that died left half written`);
    }
    if (existsSync(writer.journal)) {
      const swept = await sweepNewFiles(o.dir, writer.journal, join(o.dir, 'index.ndjson'));
      if (swept) o.log.warn(`removed ${swept} file${swept === 1 ? '' : 's'} a run that died wrote and never committed`);
    }
    return await pullLocked(o, writer);
  } finally {
    // (pullLocked closes it with the catalog's thread; here when the run failed before it began.)
    await writer.close();
    // A lease is released by whoever took it, saying whether the pull ended whole.
    if (!o.shared) await lock.release();
  }
}

async function pullLocked(o: PullOptions, writer: DurableWriter): Promise<PullSummary> {
  const started = o.clock.now();
  const store = o.shared?.checkpoints ?? new CheckpointStore(join(o.dir, '.fiscal'), writer);
  const { starts, committedLength } = await resolveStarts(store, o.sources, o.restart, o.log);
  const index = new IndexFile(join(o.dir, 'index.ndjson'), { onDurableLater: (path) => writer.track(path) });
  // The plan's counts go out while the index and the catalog open (a folder's own catalog: a
  // shared one is planned once it is open, its checkpoints and catalog being one database's).
  // A run that fails meanwhile stops the plan, and waits for it, before it closes anything.
  const planning = new AbortController();
  const stopPlanning = () => planning.abort(o.signal.reason);
  o.signal.addEventListener('abort', stopPlanning, { once: true });
  if (o.signal.aborted) stopPlanning();
  const plan = () => planStreams(o, starts, store, committedLength, planning.signal);
  let planned = o.shared ? undefined : plan();
  planned?.catch(() => undefined);
  let catalog: PullCatalog | undefined;
  let summary: PullSummary;
  let closing: { error: unknown } | undefined;
  try {
    const { dropped, unreadable } = await index.open(committedLength, o.restart);
    if (dropped) o.log.debug(`index.ndjson: dropped ${dropped} bytes of a page that was never committed`);
    if (unreadable)
      o.log.warn(`index.ndjson: ${unreadable}; their documents are written again if the listing has them`);
    // Loaded here, once the plan's first requests are out: the catalog's modules (its SQLite
    // driver, the facts' readers) and the pages' (their writes, the commits) are not on the way
    // to them.
    const [{ openPullCatalog, sharedCatalog }, { pullStreams }] = await Promise.all([
      import('./catalog.js'),
      import('./pull-streams.js'),
    ]);
    // A shared catalog commits with the checkpoints, so it is always level with the committed index.
    catalog = o.shared ? await sharedCatalog(o.shared.catalog) : await openPullCatalog(o, index);
    if (writer.writeThrough(catalog.writer.filesPort())) catalog.writer.filesWritten();
    planned ??= plan();
    const target: PullTarget = { writer, index, store, catalog, planned, started };
    summary = await pullStreams(o, target);
  } finally {
    o.signal.removeEventListener('abort', stopPlanning);
    planning.abort();
    await planned?.catch(() => undefined);
    // Each part is closed once opened, whatever ended the run and whatever the others do: the
    // index's file and the catalog's thread, left open by a run stopped (Ctrl-C) or failing while
    // its streams were planned, kept the process alive after it had said so. The catalog's thread
    // ends its last commit and closes its file while the pull's own writer ends (its journal of new
    // files removed, every file being committed): neither waits for the other (docs/pull.md, The
    // end of a run).
    closing = await closeInTurn([
      () => index.close(),
      () => closeTogether([async () => catalog?.writer.close(), () => writer.close()]),
      async () => catalog?.store.close(),
    ]);
  }
  // Reached only when the run itself did not fail: then a close that failed is the run's error.
  if (closing !== undefined) throw closing.error;
  summary.durationMs = o.clock.now() - started;
  return summary;
}

/**
 * The run's streams planned (backfill.ts), each split stream's plan saved in its checkpoint. It
 * sends requests and saves checkpoints, nothing else: begun as soon as the starts are known, its
 * counts go out while the index and the catalog open (designed here: the first request went out
 * 30-60 ms later behind them).
 */
function planStreams(
  o: PullOptions,
  starts: StreamStart[],
  store: Checkpoints,
  committedLength: number,
  signal: AbortSignal,
): Promise<PlannedStream[]> {
  return withBackfills(o.sources, starts, store, {
    concurrency: o.concurrency,
    quotaTold: o.quotaTold,
    quotaLeft: o.quotaLeft,
    committedLength,
    signal,
  });
}
