// Group commit of a pull: pages are written as they come; every second (or 5000 documents) their
// files are made durable at once, their index lines appended, and the checkpoints of the streams
// that moved replaced, in that order (see pull-engine.ts for why a crash anywhere is safe). A
// commit that is `due` runs while the engine writes the next pages (start()): it takes the group
// as it stands when it begins, and the pages written meanwhile are the next commit's.
import { appendJournal } from '../catalog/journal.js';
import type { StatusRecord } from '../catalog/store.js';
import type { Clock } from '../context.js';
import type { Checkpoint } from './checkpoint.js';
import { entryId, type IndexEntry } from './index-file.js';
import type { SourcePage } from './source.js';
import type { CommitDeps, StreamState } from './stream-state.js';
import { countPage, counted, markKept } from './summary.js';

/** Commit at most this often: one file-system sync then covers every file of the group. */
const COMMIT_INTERVAL_MS = 1000;
const COMMIT_MAX_DOCS = 5000;
/**
 * Lines written while a commit runs, at most: a commit takes some 0.2-0.4 s on a busy disk, in which
 * a pull writes 500 to 1,000 documents; more only held more of their bytes (some 15 MB of a 20k
 * pull's peak with 2,500).
 */
const WHILE_COMMITTING = 1000;

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
  /** The commit start() began, while it runs (it never rejects: its failure is kept in `failed`). */
  private running: Promise<void> | undefined;
  private failed: { error: unknown } | undefined;
  /**
   * Lines of pages written while a commit ends the catalog's transaction: they go into the next
   * one (added once that commit has reached the catalog's thread), never into a transaction whose
   * coverage of the index does not hold them.
   */
  private held: IndexEntry[][] | undefined;

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
    if (this.held) this.held.push(fresh);
    else this.d.catalog?.add(fresh);
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
   * Begins committing the group, unless a commit runs: the engine goes on writing pages meanwhile
   * (the file-system sync and the catalog's turn would hold it, and the requests its lanes would
   * send). Its failure is thrown by check().
   */
  start(): void {
    if (this.running) return;
    this.running = this.commitGroup().then(
      () => {
        this.running = undefined;
        // The pages written meanwhile: the engine may be waiting for a page that is slow to come.
        if (this.due) this.start();
      },
      (error: unknown) => {
        this.running = undefined;
        this.failed = { error };
      },
    );
  }

  /**
   * Waits for the commit start() began while the group written since holds WHILE_COMMITTING lines:
   * the documents not committed yet (whose bytes the catalog's thread keeps for their commit)
   * stay bounded however long a file-system sync takes.
   */
  async room(): Promise<void> {
    while (this.running && this.entries.length + this.statuses.length >= WHILE_COMMITTING) await this.running;
  }

  /** Throws the failure of the commit start() began, once. */
  check(): void {
    const failed = this.failed;
    this.failed = undefined;
    if (failed) throw failed.error;
  }

  /**
   * Commits the group now, once the commit start() began has ended (throwing its failure). With
   * `everyStream`, every stream's checkpoint is rewritten, so that all of them end with the final
   * index length whatever moment each stream last moved: the state a run leaves then does not
   * depend on timing.
   */
  async commit(everyStream?: StreamState[]): Promise<void> {
    // (A commit that ends begins the next one when due: that one is waited for too.)
    while (this.running) await this.running;
    this.check();
    await this.commitGroup(everyStream);
  }

  private async commitGroup(everyStream?: StreamState[]): Promise<void> {
    for (const s of everyStream ?? []) this.dirty.add(s);
    if (!this.dirty.size) return;
    // The group as it stands: the lines written, and the positions that follow them.
    const entries = this.entries;
    const statuses = this.statuses;
    const streams = [...this.dirty];
    const positions = streams.map((s) => s.checkpoint);
    const kept = counted(this.d.summary);
    this.entries = [];
    this.statuses = [];
    this.dirty.clear();
    this.held = [];
    try {
      await this.d.writer.flush();
      // The documents are durable: what must follow them (the awareness queue) is written now,
      // before the index and checkpoints say they were kept.
      if (entries.length) await this.d.onCommit?.(entries);
      // Journaled before the checkpoint that says they were learnt: a crash between the two learns
      // them again (a status only goes up, so twice is once).
      const journal = await appendJournal(this.d.dir, statuses);
      for (const r of statuses) this.d.catalog?.note(r);
      const indexLength = await this.d.index.append(entries);
      const checkpoints = positions.map((c) => ({ ...c, indexLength }));
      for (const [i, s] of streams.entries()) if (s.checkpoint === positions[i]) s.checkpoint = checkpoints[i]!;
      const lines = this.d.index.lastAppended;
      // A shared catalog (src/catalog/postgres/) keeps the checkpoints too: it commits them with the
      // lines they cover, in the catalog's commit below.
      await this.d.store.saveAll(checkpoints, lines);
      const withCatalog = Boolean(this.d.store.committedWithCatalog) && lines.length > 0;
      // Committed: the summary says so even if what follows fails (the key store's files on a disk
      // just filled up), since the index and checkpoints already hold these documents.
      if (!withCatalog) markKept(this.d.summary, kept);
      // The catalog follows the index it describes (a crash before this leaves it behind, and the
      // next open ingests the difference from the folder: src/catalog/folder.ts).
      await this.d.catalog?.commit(lines, { bytes: indexLength, lastLine: this.d.index.lastLine }, journal);
      this.addHeld();
      if (withCatalog) markKept(this.d.summary, kept);
      // The key store learns what the checkpoints hold: with a shared catalog whose transaction
      // still runs, the lines of the commits before it alone (a kill now cuts the index back to them).
      this.d.index.publish(this.d.store.committedLength?.());
      for (const e of entries) this.d.pending.delete(entryId(e));
      this.last = this.clock.now();
    } catch (error) {
      // The group is the next commit's again, before what was written meanwhile (a line a failed
      // attempt had already appended is in the index: see CatalogWriter.commit).
      this.addHeld();
      this.entries = [...entries, ...this.entries];
      this.statuses = [...statuses, ...this.statuses];
      for (const s of streams) this.dirty.add(s);
      throw error;
    }
  }

  private addHeld(): void {
    for (const lines of this.held ?? []) this.d.catalog?.add(lines);
    this.held = undefined;
  }
}
