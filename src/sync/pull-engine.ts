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
import { InterruptedError, TemporaryError } from '../errors.js';
import { writingLocalFiles } from '../local-files.js';
import type { CatalogStore } from '../catalog/store.js';
import { openPullCatalog, sharedCatalog, type PullCatalog } from './catalog.js';
import { replayJournal } from '../catalog/journal.js';
import type { CanceledRedraw } from './redraw-canceled.js';
import { withBackfills } from './backfill.js';
import { CheckpointStore, type Checkpoint, type Checkpoints } from './checkpoint.js';
import { Committer } from './committer.js';
import { DurableWriter, sweepNewFiles, sweepTempFiles } from './durable.js';
import { entryId, IndexFile, type IndexEntry } from './index-file.js';
import type { Layout } from './layout.js';
import { acquireLock, type HeldLock } from './lock.js';
import { closeInTurn } from './close-in-turn.js';
import { collectGarbage } from '../memory.js';
import { doneWith, type PulledDocument, type StreamSource } from './source.js';
import { resolveStarts, type StreamStart } from './starts.js';
import { nextReady, openLanes } from './stream-lanes.js';
import { newSummary, type PullSummary } from './summary.js';
import { HELD, writePage } from './write-page.js';

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

const describeResume = (c: Checkpoint) =>
  c.endpoint === 'v1' ? `cursor ${c.cursor}` : c.paginator ? `paginator ${c.paginator}` : 'end of the listing';

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
    await writer.close();
    // A lease is released by whoever took it, saying whether the pull ended whole.
    if (!o.shared) await lock.release();
  }
}

/**
 * A stream that keeps listing only documents the folder already has (or refuses), at ever higher
 * positions, is a server going round in circles: the run stops after this many such pages in a row. It is
 * well above what a resumed run lists again (one commit group, at most 5000 documents).
 */
export const MAX_KNOWN_PAGES = 200;

/** Exit 5: the service may be fixed by the next run, which continues from the saved checkpoint. */
class StalledStreamError extends TemporaryError {
  override name = 'StalledStreamError';
}

async function pullLocked(o: PullOptions, writer: DurableWriter): Promise<PullSummary> {
  const started = o.clock.now();
  const store = o.shared?.checkpoints ?? new CheckpointStore(join(o.dir, '.fiscal'), writer);
  const { starts, committedLength } = await resolveStarts(store, o.sources, o.restart, o.log);
  const index = new IndexFile(join(o.dir, 'index.ndjson'), { onDurableLater: (path) => writer.track(path) });
  let catalog: PullCatalog | undefined;
  let summary: PullSummary;
  let closing: { error: unknown } | undefined;
  try {
    const { dropped, unreadable } = await index.open(committedLength, o.restart);
    if (dropped) o.log.debug(`index.ndjson: dropped ${dropped} bytes of a page that was never committed`);
    if (unreadable)
      o.log.warn(`index.ndjson: ${unreadable}; their documents are written again if the listing has them`);
    // A shared catalog commits with the checkpoints, so it is always level with the committed index.
    catalog = o.shared ? await sharedCatalog(o.shared.catalog) : await openPullCatalog(o, index);
    if (writer.writeThrough(catalog.writer.filesPort())) catalog.writer.filesWritten();
    summary = await pullStreams(o, { writer, index, store, catalog, starts, committedLength, started });
  } finally {
    // Each part is closed once opened, whatever ended the run and whatever the others do: the
    // index's file and the catalog's thread, left open by a run stopped (Ctrl-C) or failing while
    // its streams were planned, kept the process alive after it had said so.
    closing = await closeInTurn([
      () => index.close(),
      async () => catalog?.writer.close(),
      async () => catalog?.store.close(),
    ]);
  }
  // Reached only when the run itself did not fail: then a close that failed is the run's error.
  if (closing !== undefined) throw closing.error;
  summary.durationMs = o.clock.now() - started;
  return summary;
}

/** What the streams are written to, opened by pullLocked. */
interface PullTarget {
  writer: DurableWriter;
  index: IndexFile;
  store: Checkpoints;
  catalog: PullCatalog;
  starts: StreamStart[];
  committedLength: number;
  started: number;
}

/** Plans the streams and pulls their pages into the folder, committing them as it goes. */
async function pullStreams(o: PullOptions, t: PullTarget): Promise<PullSummary> {
  const { writer, index, store, catalog, starts, committedLength, started } = t;
  const summary = o.summary ?? newSummary(o.sources);
  const planned = await withBackfills(o.sources, starts, store, {
    concurrency: o.concurrency,
    quotaTold: o.quotaTold,
    quotaLeft: o.quotaLeft,
    committedLength,
    signal: o.signal,
  });
  // A stream planned from its start is known whole from the plan's count: the progress says how
  // far along it is (a page's own total names its window's, not its stream's).
  for (const p of planned)
    if (!p.window && p.total !== undefined) Object.assign(summary.streams[p.of]!, { total: p.total, counted: true });
  const pending = new Set<string>();
  const known = (doc: PulledDocument) => {
    const id = { key: doc.key, role: doc.role, owner: doc.owner };
    return index.has(id) || pending.has(entryId(id));
  };
  // The lanes' requests end with the run's signal, and with the run (below).
  const stop = new AbortController();
  const onAbort = () => stop.abort(o.signal.reason);
  o.signal.addEventListener('abort', onAbort, { once: true });
  if (o.signal.aborted) onAbort();
  const { states, limit } = openLanes(planned, summary, o, stop.signal, known);
  const deps = { dir: o.dir, pending, writer, index, store, summary, catalog: catalog.writer };
  const committer = new Committer({ ...deps, onCommit: o.onCommit }, o.clock);
  let garbage = 0;
  let eventsStarted = false;
  let closing: { error: unknown } | undefined;
  try {
    for (;;) {
      // A window of the quota that opened raises the requests in flight (the semaphore's capacity).
      limit.admit();
      // A group due is committed while the next pages are written (documents: their lines are
      // looked up in the index and in `pending` alike).
      await committer.room();
      committer.check();
      if (committer.due && !eventsStarted) committer.start();
      const s = await nextReady(states, limit.size / Math.max(1, o.concurrency));
      if (!s) break;
      if (o.signal.aborted)
        throw new InterruptedError('pull stopped; its checkpoint is saved, run the same command to continue');
      if (reachedLimit(o, summary, started)) {
        summary.stoppedBy = o.maxDocs !== undefined && summary.documents >= o.maxDocs ? 'max-docs' : 'max-duration';
        break;
      }
      if (s.source.phase === 'events' && !eventsStarted) {
        // The documents of this run are indexed before their events are placed beside them.
        eventsStarted = true;
        await committer.commit();
      }
      // The catalog's thread keeps the files of the pages written until their rows are in: the
      // next page waits in its lane (which then fetches no more) while the thread is behind.
      await catalog.writer.room();
      const result = await s.lane.next();
      if (result.done) {
        // A window read to its end is not listed again: the stream itself goes on from here.
        if (s.window && !s.checkpoint.done) committer.touch(s, { ...s.checkpoint, done: true });
        continue;
      }
      const skippedBefore = s.summary.skipped;
      // An events page looks up the index as it goes: the group before it is committed first.
      if (s.source.phase === 'events' && committer.due) await committer.commit();
      const fresh = await writePage(o, s, result.value, deps, started);
      if (fresh === HELD) {
        for (const d of result.value.docs) doneWith(d);
        // An event of a document this run has not seen yet: stop the stream before its page, so
        // that the next run (which will have pulled the document) places it.
        s.lane.close();
        o.log.debug(
          `${s.source.label}: stopped at an event of a document not pulled yet; the next run continues there`,
        );
        continue;
      }
      committer.addPage(s, result.value, fresh);
      // A page that wrote nothing is no progress, whatever the reason (documents the folder has,
      // documents refused); only under --restart are pages of known documents expected.
      const wroteNothing = result.value.docs.length > 0 && fresh.length === 0;
      const onlyKnown = s.summary.skipped - skippedBefore === result.value.docs.length;
      s.knownPages = wroteNothing && !(o.restart && onlyKnown) ? s.knownPages + 1 : 0;
      if (s.knownPages >= (o.maxKnownPages ?? MAX_KNOWN_PAGES)) {
        await committer.commit(states);
        throw new StalledStreamError(
          `${s.source.label}: the service listed ${s.knownPages} pages in a row that wrote nothing (documents already in the folder, or refused); stopped`,
          {
            details: [
              `last position: ${describeResume(s.checkpoint)}; the checkpoint is saved, a later run continues from there`,
            ],
          },
        );
      }
      garbage += result.value.docs.reduce((n, d) => n + d.xml.length, 0);
      // The page is written: its documents go. A source's generator keeps the array it yielded
      // in its frame until it is asked for its next page, which a lane held back by memory does
      // not do for a while (some 1.6 MB a lane: docs/pull.md, Memory).
      for (const d of result.value.docs) doneWith(d);
      result.value.docs.length = 0;
      if (garbage >= GC_EVERY_BYTES) {
        garbage = 0;
        collectGarbage();
      }
      o.onProgress?.(summary.documents, summary.total, summary);
    }
    await committer.commit(states);
    await committer.finish();
    // The key store's last appends become durable, then its state file says it covers the index.
    await writer.flush();
    index.settle();
    // Statuses the folder learnt without a file (a manifestation answered 650), after the lines
    // they are about; a folder's own catalog replays them when it is brought level.
    if (o.shared) await replayJournal(o.dir, o.shared.catalog);
  } catch (error) {
    // Pages already written whole are kept: an interrupted or failing run still saves them.
    await committer.commit().catch(() => undefined);
    throw error;
  } finally {
    o.signal.removeEventListener('abort', onAbort);
    stop.abort();
    // Every fetch (pages, PDFs, their retries) has ended before the run reports (and before
    // pullLocked closes the index and the catalog).
    closing = await closeInTurn([() => Promise.all(states.map((s) => s.lane.close()))]);
  }
  if (closing !== undefined) throw closing.error;
  return summary;
}

function reachedLimit(o: PullOptions, summary: PullSummary, started: number): boolean {
  if (o.maxDocs !== undefined && summary.documents >= o.maxDocs) return true;
  return o.maxDurationMs !== undefined && o.clock.now() - started >= o.maxDurationMs;
}

/**
 * A full collection after about this much document data (see memory.ts). 8 MB, not 4, since the
 * pages' answers and documents are read into buffers used again (answerBuffers, PageSlabs), so
 * the page-sized blocks no longer wait for it: a 20k pull, 10 rounds alternated, peak RSS the
 * same (147 against 148 MB), CPU 5.05 against 5.89 s (docs/bench.md).
 */
const GC_EVERY_BYTES = 8 * 1024 * 1024;
