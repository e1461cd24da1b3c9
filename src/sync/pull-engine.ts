// The pull engine: streams of pages in, files + index.ndjson + checkpoints out, crash-safe.
//
// Order of a commit: every file renamed into place, then made durable (DurableWriter.flush),
// then the index lines appended and fsynced, then the streams' checkpoints replaced. A crash
// anywhere leaves either the old checkpoint (those pages are fetched and written again, to the
// same bytes) or the new one. Streams commit in turn, the one with the fewest committed pages first,
// so the index is in the same order however often the run was interrupted.
import { hash } from 'node:crypto';
import { join } from 'node:path';
import type { Clock, Logger } from '../context.js';
import { InterruptedError, TemporaryError } from '../errors.js';
import { writingLocalFiles } from '../local-files.js';
import { CheckpointStore, type Checkpoint } from './checkpoint.js';
import { DurableWriter } from './durable.js';
import { entryId, IndexFile, type IndexEntry } from './index-file.js';
import { Lane, Semaphore } from './lane.js';
import { fileKey, UnsafeValueError, type Layout } from './layout.js';
import { acquireLock } from './lock.js';
import { withBackfills } from './backfill.js';
import { collectGarbage } from './memory.js';
import type { PulledDocument, SourcePage, StreamSource } from './source.js';
import { resolveStarts } from './starts.js';
import { documentStatus, type StatusDocType } from '../fiscal/doc-status.js';
import { countPage, markKept, newSummary, type PullSummary, type StreamSummary } from './summary.js';

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
  /** See MAX_KNOWN_PAGES (tests lower it). */
  maxKnownPages?: number | undefined;
}

const describeResume = (c: Checkpoint) => (c.endpoint === 'v1' ? `cursor ${c.cursor}` : c.paginator ? `paginator ${c.paginator}` : 'end of the listing');

/** What a pull that stopped on a local file problem keeps: every page committed before it. */
const PULL_KEPT = 'what was written before is kept with its checkpoint: the same command continues from there';

export async function runPull(o: PullOptions): Promise<PullSummary> {
  return writingLocalFiles({ folder: o.dir, kept: PULL_KEPT }, () => pullInto(o));
}

async function pullInto(o: PullOptions): Promise<PullSummary> {
  const stateDir = join(o.dir, '.fiscal');
  const writer = new DurableWriter(join(stateDir, 'tmp'));
  await writer.ensureDir(stateDir);
  const lock = await acquireLock(stateDir, { waitSeconds: o.waitSeconds, clock: o.clock, signal: o.signal, warn: o.log.warn });
  try {
    await writer.init();
    return await pullLocked(o, writer);
  } finally {
    await lock.release();
  }
}

interface StreamState {
  source: StreamSource;
  lane: Lane<SourcePage>;
  checkpoint: Checkpoint;
  summary: StreamSummary;
  /** Pages in a row whose every document was already in the folder. */
  knownPages: number;
  /** A backfill window: it adds to its stream's summary, whose positions are the stream's own. */
  window: boolean;
  /** Part of a stream a backfill split (a window, or the stream itself). */
  split: boolean;
}

async function* nothing(): AsyncGenerator<SourcePage> {}

/**
 * A stream that keeps listing only documents the folder already has, at ever higher positions,
 * is a server going round in circles: the run stops after this many such pages in a row. It is
 * well above what a resumed run lists again (one commit group, at most 5000 documents).
 */
export const MAX_KNOWN_PAGES = 200;

/** Exit 5: the service may be fixed by the next run, which continues from the saved checkpoint. */
export class StalledStreamError extends TemporaryError {
  override name = 'StalledStreamError';
}

async function pullLocked(o: PullOptions, writer: DurableWriter): Promise<PullSummary> {
  const started = o.clock.now();
  const store = new CheckpointStore(join(o.dir, '.fiscal'), writer);
  const { starts, committedLength } = await resolveStarts(store, o.sources, o.restart, o.log);
  const index = new IndexFile(join(o.dir, 'index.ndjson'), { onDurableLater: (path) => writer.track(path) });
  const { dropped } = await index.open(committedLength, o.restart);
  if (dropped) o.log.debug(`index.ndjson: dropped ${dropped} bytes of a page that was never committed`);

  const stop = new AbortController();
  const onAbort = () => stop.abort(o.signal.reason);
  o.signal.addEventListener('abort', onAbort, { once: true });
  const limit = new Semaphore(Math.max(1, o.concurrency));
  const summary = o.summary ?? newSummary(o.sources);
  const planned = await withBackfills(o.sources, starts, store, { concurrency: o.concurrency, committedLength, signal: o.signal });
  const states: StreamState[] = planned.map((p) => ({
    source: p.source,
    lane: new Lane(p.start.checkpoint.done ? nothing() : p.source.pages(p.start.resumeFrom, stop.signal), limit),
    checkpoint: p.start.checkpoint,
    summary: summary.streams[p.of]!,
    knownPages: 0,
    window: p.window,
    split: p.window || p.start.checkpoint.windows !== undefined,
  }));
  for (const s of states) if (s.source.phase !== 'events') s.lane.prefetch();
  const pending = new Set<string>();
  const committer = new Committer({ pending, writer, index, store, summary }, o.clock);
  let garbage = 0;
  let eventsStarted = false;
  try {
    for (;;) {
      const s = nextInTurn(states);
      if (!s) break;
      if (o.signal.aborted) throw new InterruptedError('pull stopped; its checkpoint is saved, run the same command to continue');
      if (reachedLimit(o, summary, started)) {
        summary.stoppedBy = o.maxDocs !== undefined && summary.documents >= o.maxDocs ? 'max-docs' : 'max-duration';
        break;
      }
      if (s.source.phase === 'events' && !eventsStarted) {
        // The documents of this run are indexed before their events are placed beside them.
        eventsStarted = true;
        await committer.commit();
      }
      const result = await s.lane.next();
      if (result.done) {
        // A window read to its end is not listed again: the stream itself goes on from here.
        if (s.window && !s.checkpoint.done) committer.touch(s, { ...s.checkpoint, done: true });
        continue;
      }
      const skippedBefore = s.summary.skipped;
      const fresh = await writePage(o, s, result.value, { pending, writer, index, store, summary }, started);
      if (fresh === HELD) {
        // An event of a document this run has not seen yet: stop the stream before its page, so
        // that the next run (which will have pulled the document) places it.
        s.lane.close();
        o.log.debug(`${s.source.label}: stopped at an event of a document not pulled yet; the next run continues there`);
        continue;
      }
      await committer.addPage(s, result.value, fresh);
      const known = result.value.docs.length > 0 && fresh.length === 0 && s.summary.skipped - skippedBefore === result.value.docs.length;
      s.knownPages = known && !o.restart ? s.knownPages + 1 : 0;
      if (s.knownPages >= (o.maxKnownPages ?? MAX_KNOWN_PAGES)) {
        await committer.commit(states);
        throw new StalledStreamError(`${s.source.label}: the service listed ${s.knownPages} pages in a row of documents already in the folder; stopped`, {
          details: [`last position: ${describeResume(s.checkpoint)}; the checkpoint is saved, a later run continues from there`],
        });
      }
      garbage += result.value.docs.reduce((n, d) => n + d.xml.length, 0);
      if (garbage >= GC_EVERY_BYTES) {
        garbage = 0;
        collectGarbage();
      }
      o.onProgress?.(summary.documents, summary.total, summary);
    }
    await committer.commit(states);
    // The key store's last appends become durable, then its state file says it covers the index.
    await writer.flush();
    index.settle();
  } catch (error) {
    // Pages already written whole are kept: an interrupted or failing run still saves them.
    await committer.commit().catch(() => undefined);
    throw error;
  } finally {
    o.signal.removeEventListener('abort', onAbort);
    stop.abort();
    // Every fetch (pages, PDFs, their retries) has ended before the run reports.
    await Promise.all(states.map((s) => s.lane.close()));
    await index.close();
  }
  summary.durationMs = o.clock.now() - started;
  return summary;
}

/**
 * The active stream with the fewest committed pages; ties go to the earlier stream. Events
 * streams wait until every document stream is done.
 */
function nextInTurn(states: StreamState[]): StreamState | undefined {
  let best: StreamState | undefined;
  for (const phase of ['documents', 'events'] as const) {
    for (const s of states) {
      if ((s.source.phase ?? 'documents') !== phase || s.lane.done) continue;
      if (!best || s.checkpoint.pages < best.checkpoint.pages) best = s;
    }
    if (best) return best;
  }
  return undefined;
}

function reachedLimit(o: PullOptions, summary: PullSummary, started: number): boolean {
  if (o.maxDocs !== undefined && summary.documents >= o.maxDocs) return true;
  return o.maxDurationMs !== undefined && o.clock.now() - started >= o.maxDurationMs;
}

interface CommitDeps {
  /** Identities of the lines written since the last commit (not in the index yet). */
  pending: Set<string>;
  writer: DurableWriter;
  index: IndexFile;
  store: CheckpointStore;
  summary: PullSummary;
}

/** A full collection after about this much document data (see memory.ts). */
const GC_EVERY_BYTES = 4 * 1024 * 1024;

/** Commit at most this often: one file-system sync then covers every file of the group. */
const COMMIT_INTERVAL_MS = 1000;
const COMMIT_MAX_DOCS = 5000;

/**
 * Group commit: pages are written as they come; every second (or 5000 documents) their files
 * are made durable at once, their index lines appended, and the checkpoints of the streams that
 * moved replaced. A crash loses at most the uncommitted group, which is fetched again.
 */
class Committer {
  private entries: IndexEntry[] = [];
  private readonly dirty = new Set<StreamState>();
  private last: number;

  constructor(private readonly d: CommitDeps, private readonly clock: Clock) {
    this.last = clock.now();
  }

  async addPage(s: StreamState, page: SourcePage, fresh: IndexEntry[]): Promise<void> {
    this.entries.push(...fresh);
    for (const e of fresh) this.d.pending.add(entryId(e));
    s.checkpoint = {
      ...s.checkpoint,
      ...page.resume,
      // Listed, not only new: a --restart that finds files already indexed counts them alike.
      documents: s.checkpoint.documents + page.docs.length,
      pages: s.checkpoint.pages + 1,
      // A window's last page ends it with the same commit: never listed again, even after a crash.
      ...(s.window && page.last ? { done: true as const } : {}),
    };
    this.dirty.add(s);
    if (!s.window) {
      s.summary.firstFrom ??= page.from;
      s.summary.lastResume = page.resume;
    }
    // A window's total is not its stream's.
    if (page.total !== undefined && !s.split) s.summary.total = page.total;
    const sum = this.d.summary;
    countPage(sum, s.summary, page, fresh);
    sum.total = sum.streams.every((x) => x.total !== undefined) ? sum.streams.reduce((n, x) => n + (x.total ?? 0), 0) : undefined;
    if (this.clock.now() - this.last >= COMMIT_INTERVAL_MS || this.entries.length >= COMMIT_MAX_DOCS) await this.commit();
  }

  /** A checkpoint changed without a page (a window ended): saved with the next commit. */
  touch(s: StreamState, checkpoint: Checkpoint): void {
    s.checkpoint = checkpoint;
    this.dirty.add(s);
  }

  /**
   * With `everyStream`, every stream's checkpoint is rewritten, so that all of them end with the
   * final index length whatever moment each stream last moved: the state a run leaves then does
   * not depend on timing.
   */
  async commit(everyStream?: StreamState[]): Promise<void> {
    for (const s of everyStream ?? []) this.dirty.add(s);
    if (!this.dirty.size) return;
    await this.d.writer.flush();
    const indexLength = await this.d.index.append(this.entries);
    for (const s of this.dirty) s.checkpoint = { ...s.checkpoint, indexLength };
    await this.d.store.saveAll([...this.dirty].map((s) => s.checkpoint));
    this.d.index.publish();
    this.d.pending.clear();
    this.entries = [];
    this.dirty.clear();
    markKept(this.d.summary);
    this.last = this.clock.now();
  }
}

/** What writePage answers when an events page must wait for the next run (see HOLD_EVENTS_MS). */
const HELD = Symbol('held');

/**
 * An event whose document is not in the folder is skipped when it is older than the run by more
 * than this (the document is not one this pull wants: another role, owner or filter); a newer one
 * may belong to a document that arrived after the run read its listing, so it is kept for the next run.
 */
const HOLD_EVENTS_MS = 15 * 60_000;

async function writePage(o: PullOptions, s: StreamState, page: SourcePage, d: CommitDeps, started: number): Promise<IndexEntry[] | typeof HELD> {
  const entries: IndexEntry[] = [];
  for (const doc of page.docs) {
    if (doc.event) {
      const placed = await writeEvent(o, doc, doc.event, d, s.summary);
      if (placed === undefined) {
        if (Date.parse(doc.event.createdAt) >= started - HOLD_EVENTS_MS) return HELD;
        s.summary.skipped++;
        continue;
      }
      entries.push(...placed);
      continue;
    }
    const entry = await writeDocument(o, doc, d, s.summary);
    if (entry) entries.push(entry);
  }
  return entries;
}

function layoutPath(o: PullOptions, doc: PulledDocument, sum: StreamSummary): string | undefined {
  try {
    const [yyyy = '', mm = '', dd = ''] = /^(\d{4})-(\d{2})-(\d{2})/.exec(doc.emissionDate)?.slice(1) ?? [];
    return o.layout.relativePathFor({
      owner: doc.owner, type: doc.type, role: doc.role, yyyy, mm, dd, key: fileKey(doc.key), number: doc.number, emitter: doc.emitter,
    });
  } catch (e) {
    if (!(e instanceof UnsafeValueError)) throw e;
    sum.refused.push({ key: doc.key.slice(0, 60), reason: e.message });
    o.log.warn(`${sum.label}: document ${JSON.stringify(doc.key.slice(0, 60))} not written: ${e.message}`);
    return undefined;
  }
}

/** `a/b/KEY.xml` -> `a/b/KEY.pdf`: an attachment or event file beside its document. */
function beside(rel: string, name: string): string {
  const slash = rel.lastIndexOf('/');
  return `${rel.slice(0, slash + 1)}${name}`;
}

const stem = (rel: string) => rel.slice(rel.lastIndexOf('/') + 1).replace(/\.xml$/i, '');

/** Writes one document; undefined when it was already in the index or was refused. */
async function writeDocument(o: PullOptions, doc: PulledDocument, d: CommitDeps, sum: StreamSummary): Promise<IndexEntry | undefined> {
  const id = { key: doc.key, role: doc.role, owner: doc.owner };
  if (d.index.has(id) || d.pending.has(entryId(id))) {
    sum.skipped++;
    return undefined;
  }
  const rel = layoutPath(o, doc, sum);
  if (rel === undefined) return undefined;
  await d.writer.write(join(o.dir, rel), doc.xml);
  for (const a of doc.attachments ?? []) await d.writer.write(join(o.dir, beside(rel, `${stem(rel)}${a.suffix}`)), a.data);
  return {
    key: doc.key, type: doc.type, role: doc.role, owner: doc.owner, path: rel,
    sha256: hash('sha256', doc.xml), bytes: doc.xml.length,
    status: doc.status, created_at: doc.createdAt,
  };
}

/**
 * Writes an event beside every copy of its document in the folder (`<key>-<type>-<seq>.xml`)
 * with an index line that carries the document's status after it; undefined when no copy is here.
 */
async function writeEvent(o: PullOptions, doc: PulledDocument, ev: NonNullable<PulledDocument['event']>, d: CommitDeps, sum: StreamSummary): Promise<IndexEntry[] | undefined> {
  const copies = d.index.placementsOf(doc.key).filter((p) => (!doc.role || p.role === doc.role) && (!doc.owner || p.owner === doc.owner));
  if (copies.length === 0) return undefined;
  const out: IndexEntry[] = [];
  for (const copy of copies) {
    const id = { key: doc.key, role: copy.role, owner: copy.owner, event: ev.type, seq: ev.seq };
    if (d.index.has(id) || d.pending.has(entryId(id))) {
      sum.skipped++;
      continue;
    }
    const rel = beside(copy.path, `${fileKey(doc.key)}-${ev.type}-${ev.seq}.xml`);
    await d.writer.write(join(o.dir, rel), doc.xml);
    out.push({
      key: doc.key, type: doc.type, role: copy.role, owner: copy.owner, path: rel,
      sha256: hash('sha256', doc.xml), bytes: doc.xml.length,
      status: documentStatus({ type: doc.type as StatusDocType, index: copy.status, events: [{ type: ev.type }] }) ?? copy.status,
      created_at: ev.createdAt, event: ev.type, seq: ev.seq,
    });
  }
  return out;
}
