// Group commit of a pull: pages are written as they come; every second (or 5000 documents) their
// files are made durable at once, their index lines appended, and the checkpoints of the streams
// that moved replaced, in that order (see pull-engine.ts for why a crash anywhere is safe). The
// engine commits a group that is `due` while the next page's files are written (pull-engine.ts).
import { appendJournal } from '../catalog/journal.js';
import type { StatusRecord } from '../catalog/store.js';
import type { Clock } from '../context.js';
import type { Checkpoint } from './checkpoint.js';
import { entryId, type IndexEntry } from './index-file.js';
import type { SourcePage } from './source.js';
import type { CommitDeps, StreamState } from './stream-state.js';
import { countPage, markKept } from './summary.js';

/** Commit at most this often: one file-system sync then covers every file of the group. */
const COMMIT_INTERVAL_MS = 1000;
const COMMIT_MAX_DOCS = 5000;

/**
 * Group commit: pages are written as they come; every second (or 5000 documents) their files
 * are made durable at once, their index lines appended, and the checkpoints of the streams that
 * moved replaced. A crash loses at most the uncommitted group, which is fetched again.
 */
export class Committer {
  private entries: IndexEntry[] = [];
  private statuses: StatusRecord[] = [];
  private readonly dirty = new Set<StreamState>();
  private last: number;

  constructor(
    private readonly d: CommitDeps,
    private readonly clock: Clock,
  ) {
    this.last = clock.now();
  }

  /** A page written: its lines and its stream's position join the group (committed once `due`). */
  addPage(s: StreamState, page: SourcePage, fresh: IndexEntry[]): void {
    this.entries.push(...fresh);
    // Their catalog rows go into the transaction the commit ends, while the next pages come.
    this.d.catalog?.add(fresh);
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
  }

  /** A commit is due: a second since the last one, or COMMIT_MAX_DOCS lines or statuses waiting. */
  get due(): boolean {
    if (!this.dirty.size) return false;
    const waiting = this.entries.length + this.statuses.length;
    return this.clock.now() - this.last >= COMMIT_INTERVAL_MS || waiting >= COMMIT_MAX_DOCS;
  }

  /** The run's end: the store's last commit ended, the key store learns every line. */
  async finish(): Promise<void> {
    await this.d.store.settled?.();
    this.d.index.publish();
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
    // The documents are durable: what must follow them (the awareness queue) is written now,
    // before the index and checkpoints say they were kept.
    if (this.entries.length) await this.d.onCommit?.(this.entries);
    // Journaled before the checkpoint that says they were learnt: a crash between the two learns
    // them again (a status only goes up, so twice is once).
    const journal = await appendJournal(this.d.dir, this.statuses);
    for (const r of this.statuses) this.d.catalog?.note(r);
    const indexLength = await this.d.index.append(this.entries);
    for (const s of this.dirty) s.checkpoint = { ...s.checkpoint, indexLength };
    const lines = this.d.index.lastAppended;
    // A shared catalog (src/catalog/postgres/) keeps the checkpoints too: it commits them with the
    // lines they cover, in the catalog's commit below.
    await this.d.store.saveAll(
      [...this.dirty].map((s) => s.checkpoint),
      lines,
    );
    const withCatalog = Boolean(this.d.store.committedWithCatalog) && lines.length > 0;
    // Committed: the summary says so even if what follows fails (the key store's files on a disk
    // just filled up), since the index and checkpoints already hold these documents.
    if (!withCatalog) markKept(this.d.summary);
    // The catalog follows the index it describes (a crash before this leaves it behind, and the
    // next open ingests the difference from the folder: src/catalog/folder.ts).
    await this.d.catalog?.commit(lines, { bytes: indexLength, lastLine: this.d.index.lastLine }, journal);
    if (withCatalog) markKept(this.d.summary);
    // The key store learns what the checkpoints hold: with a shared catalog whose transaction
    // still runs, the lines of the commits before it alone (a kill now cuts the index back to them).
    this.d.index.publish(this.d.store.committedLength?.());
    this.d.pending.clear();
    this.entries = [];
    this.statuses = [];
    this.dirty.clear();
    this.last = this.clock.now();
  }
}
