// Group commit of a pull: pages are written as they come; every second (or 5000 documents) their
// files are made durable at once, their index lines appended, and the checkpoints of the streams
// that moved replaced, in that order (see pull-engine.ts for why a crash anywhere is safe).
import { appendJournal } from '../catalog/journal.js';
import type { StatusRecord } from '../catalog/store.js';
import type { Clock } from '../context.js';
import type { Checkpoint } from './checkpoint.js';
import { entryId, type IndexEntry } from './index-file.js';
import type { SourcePage } from './source.js';
import type { CommitDeps, StreamState } from './stream-state.js';
import { countPage, keptSoFar } from './summary.js';

/** Commit at most this often: one file-system sync then covers every file of the group. */
const COMMIT_INTERVAL_MS = 1000;
const COMMIT_MAX_DOCS = 5000;

/**
 * Group commit: pages are written as they come; every second (or 5000 documents) their files
 * are made durable at once, their index lines appended, and the checkpoints of the streams that
 * moved replaced. A crash loses at most the uncommitted group, which is fetched again.
 *
 * A group commits while the next pages are written (designed here): its syncs and the catalog's
 * transaction took a third of a loaded machine's run, during which the lanes, their two pages
 * ahead each waiting, fetched nothing. The group is what was written when it started (its files,
 * lines and the checkpoints as they were then), so a crash still leaves each stream at a commit
 * whose files are durable; groups commit one at a time, in order, and after one fails none does.
 */
export class Committer {
  private entries: IndexEntry[] = [];
  private statuses: StatusRecord[] = [];
  private readonly dirty = new Set<StreamState>();
  private last: number;
  /** The group being committed in the background, while the next pages are written. */
  private running: Promise<void> | undefined;
  /** A group that failed: later groups would record checkpoints past its pages, so none does. */
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly d: CommitDeps,
    private readonly clock: Clock,
  ) {
    this.last = clock.now();
  }

  async addPage(s: StreamState, page: SourcePage, fresh: IndexEntry[]): Promise<void> {
    if (this.failure) throw this.failure.error;
    this.entries.push(...fresh);
    if (page.statuses) this.statuses.push(...page.statuses);
    for (const e of fresh) this.d.pending.add(entryId(e));
    // Listed, not only new: a --restart that finds files already indexed counts them alike.
    const documents = s.checkpoint.documents + page.docs.length;
    // A part of a page keeps its documents; the position moves with the page's last part.
    s.checkpoint = page.continued
      ? { ...s.checkpoint, documents }
      : {
          ...s.checkpoint,
          ...page.resume,
          documents,
          pages: s.checkpoint.pages + 1,
          // A window's last page ends it with the same commit: never listed again, even after a crash.
          ...(s.window && page.last ? { done: true as const } : {}),
        };
    this.dirty.add(s);
    if (!s.window) {
      s.summary.firstFrom ??= page.from;
      // The position a part of a page would resume at is its page's end: not reached yet.
      if (!page.continued) s.summary.lastResume = page.resume;
    }
    // A window's total is not its stream's.
    if (page.total !== undefined && !s.split) s.summary.total = page.total;
    const sum = this.d.summary;
    countPage(sum, s.summary, page, fresh);
    sum.total = sum.streams.every((x) => x.total !== undefined)
      ? sum.streams.reduce((n, x) => n + (x.total ?? 0), 0)
      : undefined;
    const full = this.entries.length >= COMMIT_MAX_DOCS;
    if (!full && this.clock.now() - this.last < COMMIT_INTERVAL_MS) return;
    // A group waits for the one before it; past COMMIT_MAX_DOCS the writer waits too (memory of lines).
    if (this.running && !full) return;
    await this.settle();
    this.running = this.inBackground();
  }

  /** A checkpoint changed without a page (a window ended): saved with the next commit. */
  touch(s: StreamState, checkpoint: Checkpoint): void {
    s.checkpoint = checkpoint;
    this.dirty.add(s);
  }

  /**
   * Commits what was written, once the group in the background is committed. With
   * `everyStream`, every stream's checkpoint is rewritten, so that all of them end with the
   * final index length whatever moment each stream last moved: the state a run leaves then does
   * not depend on timing.
   */
  async commit(everyStream?: StreamState[]): Promise<void> {
    await this.settle();
    for (const s of everyStream ?? []) this.dirty.add(s);
    await this.group();
  }

  private inBackground(): Promise<void> {
    const run: Promise<void> = this.group()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => {
        if (this.running === run) this.running = undefined;
      });
    return run;
  }

  /** Waits for the group in the background; throws what made one fail. */
  private async settle(): Promise<void> {
    await this.running;
    if (this.failure) throw this.failure.error;
  }

  private async group(): Promise<void> {
    if (!this.dirty.size) return;
    const entries = this.entries;
    const statuses = this.statuses;
    const moved = [...this.dirty].map((s) => ({ s, checkpoint: s.checkpoint }));
    const kept = keptSoFar(this.d.summary);
    this.entries = [];
    this.statuses = [];
    this.dirty.clear();
    this.last = this.clock.now();
    await this.d.writer.flush();
    // The documents are durable: what must follow them (the awareness queue) is written now,
    // before the index and checkpoints say they were kept.
    if (entries.length) await this.d.onCommit?.(entries);
    // Journaled before the checkpoint that says they were learnt: a crash between the two learns
    // them again (a status only goes up, so twice is once).
    const journal = await appendJournal(this.d.dir, statuses);
    for (const r of statuses) this.d.catalog?.note(r);
    const indexLength = await this.d.index.append(entries);
    // The index knows these lines now (IndexFile.has): pending keeps only the next group's.
    for (const e of entries) this.d.pending.delete(entryId(e));
    const checkpoints = moved.map(({ s, checkpoint }) => {
      const saved = { ...checkpoint, indexLength };
      // A stream that moved on since keeps its newer position, saved by the next group.
      if (s.checkpoint === checkpoint) s.checkpoint = saved;
      return saved;
    });
    const lines = this.d.index.lastAppended;
    // A shared catalog (src/catalog/postgres/) keeps the checkpoints too: it commits them with the
    // lines they cover, in the catalog's commit below.
    await this.d.store.saveAll(checkpoints, lines);
    const withCatalog = Boolean(this.d.store.committedWithCatalog) && lines.length > 0;
    // Committed: the summary says so even if what follows fails (the key store's files on a disk
    // just filled up), since the index and checkpoints already hold these documents.
    if (!withCatalog) this.d.summary.kept = kept;
    // The catalog follows the index it describes (a crash before this leaves it behind, and the
    // next open ingests the difference from the folder: src/catalog/folder.ts).
    await this.d.catalog?.commit(lines, { bytes: indexLength, lastLine: this.d.index.lastLine }, journal);
    if (withCatalog) this.d.summary.kept = kept;
    this.d.index.publish();
  }
}
