// The pull's streams, planned (pull-engine.ts, planStreams), read into the folder page by page,
// each page committed in the order pages arrive (pull-engine.ts opens what they are written to
// and closes it).
import { InterruptedError, TemporaryError } from '../errors.js';
import { replayJournal } from '../catalog/journal.js';
import { HeapBound } from '../memory.js';
import type { PlannedStream } from './backfill.js';
import type { PullCatalog } from './catalog.js';
import type { Checkpoint, Checkpoints } from './checkpoint.js';
import { closeInTurn } from './close-in-turn.js';
import { Committer } from './committer.js';
import type { DurableWriter } from './durable.js';
import { entryId, type IndexFile } from './index-file.js';
import type { PullOptions } from './pull-engine.js';
import { doneWith, type PulledDocument } from './source.js';
import { drained, nextReady, openLanes } from './stream-lanes.js';
import { newSummary, type PullSummary } from './summary.js';
import { HELD, writePage } from './write-page.js';

const describeResume = (c: Checkpoint) =>
  c.endpoint === 'v1' ? `cursor ${c.cursor}` : c.paginator ? `paginator ${c.paginator}` : 'end of the listing';

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

/** What the streams are written to, opened by pullLocked, and their plan, begun beside the opening. */
export interface PullTarget {
  writer: DurableWriter;
  index: IndexFile;
  store: Checkpoints;
  catalog: PullCatalog;
  planned: Promise<PlannedStream[]>;
  started: number;
}

/** Pulls the planned streams' pages into the folder, committing them as it goes. */
export async function pullStreams(o: PullOptions, t: PullTarget): Promise<PullSummary> {
  const { writer, index, store, catalog, started } = t;
  const summary = o.summary ?? newSummary(o.sources);
  const planned = await t.planned;
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
  const { states, limit } = openLanes(planned, summary, o, stop.signal, known, catalog.writer.held());
  const deps = { dir: o.dir, pending, writer, index, store, summary, catalog: catalog.writer };
  const committer = new Committer({ ...deps, onCommit: o.onCommit }, o.clock);
  let garbage = 0;
  const heap = new HeapBound(HEAP_GROWTH);
  let eventsStarted = false;
  let closing: { error: unknown } | undefined;
  try {
    for (;;) {
      // A window of the quota that opened raises the requests in flight (the semaphore's capacity).
      limit.admit();
      // A group due is committed while the next pages are written (documents: their lines are
      // looked up in the index and in `pending` alike). Not once every page is written (designed
      // here, issue 28): the run's last commit follows at once, and it would wait for this one
      // (a file-system sync and the catalog's turn each) before it began.
      await committer.room();
      committer.check();
      if (committer.due && !eventsStarted && !drained(states)) committer.start();
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
        heap.collect();
      } else heap.check();
      o.onProgress?.(summary.documents, summary.total, summary);
    }
    // No page is written after this: the catalog's thread builds what it left for the end (its
    // indexes) while the last commit is made durable, and closes the catalog right after that
    // commit, while the key store's last appends are (docs/pull.md, The end of a run).
    catalog.writer.ending();
    await committer.commit(states);
    catalog.writer.lastCommitSent();
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

/**
 * A full collection also once the heap grew by this much since the last: an events stream's first
 * pages carry the listing's statuses and no documents (docs/pull.md), and what they leave (the
 * answers parsed, the journal lines) is promoted and dies in the old generation. A 200k account's
 * events phase grew the heap in use from 22 to 59 MB before V8 collected, some 20 MB over the
 * documents phase's peak (docs/bench.md). 8 MB, not 16: in the documents phase the growth between
 * the collections every GC_EVERY_BYTES reached 16 MB and made the main heap 30 to 38 MB at a 1M
 * pull's peaks, for a live set of 16 to 20; a 50k pull made 27 full collections against 25
 * (docs/bench.md, Issue 28: a leaner peak).
 */
const HEAP_GROWTH = 8 * 1024 * 1024;
