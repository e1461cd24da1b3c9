// The catalog as the pull writes it: facts staged as each page is written (from the bytes the
// pull holds, never read again), applied once a commit's index lines and checkpoints are saved,
// with the index length they bring the catalog to. A crash between the two leaves the catalog
// behind the index, and the next open ingests the difference from the folder (folder.ts). With
// a CatalogThread (staging.ts) the reading and the transaction run on it: each page's new lines
// go into the open transaction as the page is written (add), and a commit only ends it with
// the coverage; the pull goes on while the thread does so, and waits for it at the next commit
// (or at close, where a failure stops the pull with exit 13 as it would have then).
import type { MessagePort } from 'node:worker_threads';
import type { StagedRef } from '../sync/file-writes.js';
import { hashOf } from './folder.js';
import { encodeRows } from './postgres/encode.js';
import { readStaged, type CatalogThread, type Staged, type StagedLine } from './staging.js';
import type { CatalogLine, CatalogStore, Coverage, StatusRecord } from './store.js';

/** An index line as the pull writes it (src/sync/index-file.ts). */
type PulledLine = Omit<CatalogLine, 'facts' | 'summary'>;

/**
 * Bytes of files the catalog's thread may keep for rows not inserted yet (add), and for the lines
 * written while a commit runs (the next transaction's), before the pull waits for it (room): some
 * five pages of 250 NF-e. Designed here: with 6 MB the latency backfill kept fewer requests in
 * flight on a loaded machine (the pull stopped behind the thread's inserts while its lanes had
 * stopped asking); without a bound the thread's backlog grew with the run (36 MB at the end of a
 * 20k pull). The lines written during a commit (up to Committer's WHILE_COMMITTING) came on top
 * of it before issue 22's last round: four pages more at the thread. 8 MB, not the 12 first
 * chosen, once the pages' one budget (PageMemory's TOTAL_BYTES, which counts these files) came to
 * 12 MB: more held here could only be held while nothing else is (docs/bench.md, Issue 28: a
 * leaner peak).
 */
const HELD_BYTES = 8 * 1024 * 1024;

export class CatalogWriter {
  /** What each line's file gave: its facts, or the id they were staged under on the thread. */
  private readonly staged = new WeakMap<PulledLine, Staged | number>();
  private records: StatusRecord[] = [];
  /** The commit the thread is applying; its failure is thrown by the next commit or by close. */
  private applying: Promise<void> | undefined;
  /** The lines whose rows the thread inserted in the transaction the next commit ends (add). */
  private added = new Set<PulledLine>();
  /**
   * A commit that failed: every later one fails alike, since the rows it lost are not in any
   * later transaction (a coverage past them would hide them from the next open's catch-up).
   */
  private failure: unknown;
  /** Whether the thread writes the pull's files (filesPort, then filesWritten): it then keeps their bytes itself. */
  private writes = false;
  /**
   * The files the thread wrote and keeps for lines not sent to be inserted yet (add, commit): a
   * page written while a commit runs is the next transaction's, and waits for that commit's end.
   */
  private readonly unsent = new Map<PulledLine, number>();
  /** Their bytes, and those of a commit's other lines until the thread applied it. */
  private unsentBytes = 0;
  private readonly released: Array<() => void> = [];

  constructor(
    private readonly store: CatalogStore,
    private coverage: Coverage,
    private readonly thread?: CatalogThread | undefined,
  ) {}

  /** A port on which the catalog's thread writes the pull's files (FileWriteThread.through), where it has one for a folder catalog. */
  filesPort(): MessagePort | undefined {
    return this.thread?.applies ? this.thread.filesPort() : undefined;
  }

  /** The pull's files are written through filesPort(). */
  filesWritten(): void {
    this.writes = true;
  }

  /**
   * Where the files are written on the catalog's thread: the id under which it keeps the bytes
   * of the line's file as it writes them (set on the file's FileWrite), else undefined (stage()).
   */
  stageWritten(line: PulledLine): StagedRef | undefined {
    if (!this.writes || !this.thread) return undefined;
    const ref = this.thread.stageWritten(line.type, line.event !== undefined);
    this.staged.set(line, ref[0]);
    this.unsent.set(line, line.bytes);
    this.unsentBytes += line.bytes;
    return ref;
  }

  /** Reads a document's facts (an event's summary) from the bytes being written: kept until its commit. */
  stage(line: PulledLine, bytes: Uint8Array): void {
    const event = line.event !== undefined;
    this.staged.set(
      line,
      this.thread ? this.thread.stage(line.type, event, bytes) : readStaged(line.type, event, bytes),
    );
  }

  /**
   * The new lines of a page just written, which the next commit takes: on the catalog's thread
   * their rows are inserted in its open transaction now, while the pull fetches the next pages,
   * so that the commit (and the end of the run, which waits for the last) only ends it.
   */
  add(lines: readonly PulledLine[]): void {
    if (!this.thread?.applies || lines.length === 0 || this.failure !== undefined) return;
    const staged = lines.filter((l) => this.staged.has(l));
    this.thread.add(
      this.onThread(lines),
      staged.reduce((n, l) => n + l.bytes, 0),
    );
    // Their bytes are the thread's queue's now (room).
    this.unsentBytes -= this.sent(lines);
    for (const l of lines) this.added.add(l);
  }

  /**
   * Waits while the catalog's thread keeps more than HELD_BYTES of files for rows it has not
   * inserted yet, sent or not: the pull then writes its next page once the thread caught up,
   * instead of handing it pages it would keep (some 35 MB of a 20k pull's peak, docs/bench.md).
   */
  async room(): Promise<void> {
    if (!this.thread?.applies) return;
    // The files of lines not sent yet count too; they go once the commit that holds them ended
    // (Committer.room), while the thread's queue goes down by itself: a wait on it always ends.
    await this.thread.room(Math.max(0, HELD_BYTES - this.unsentBytes));
  }

  /**
   * Bytes of files the catalog's thread keeps for rows not inserted yet, whether sent to be
   * inserted (room) or waiting for a commit to end, and a call once it let some go; undefined
   * without such a thread.
   */
  held(): { bytes(): number; onRelease(listener: () => void): void } | undefined {
    const held = this.thread?.applies ? this.thread.held : undefined;
    if (!held) return undefined;
    return {
      bytes: () => held.bytes + this.unsentBytes,
      onRelease: (listener) => {
        held.onRelease(listener);
        this.released.push(listener);
      },
    };
  }

  /** The bytes of `lines` counted as not sent (unsent), no longer so. */
  private sent(lines: readonly PulledLine[]): number {
    let bytes = 0;
    for (const l of lines) {
      bytes += this.unsent.get(l) ?? 0;
      this.unsent.delete(l);
    }
    return bytes;
  }

  /** A status learnt without a file, written to the journal with the same commit (journal.ts). */
  note(record: StatusRecord): void {
    this.records.push(record);
  }

  /**
   * The lines of a commit, now in the index up to `indexBytes` (`lastLine`: the text of its last
   * line), and the journal up to `journalBytes`.
   */
  async commit(
    lines: readonly PulledLine[],
    index: { bytes: number; lastLine: string | undefined },
    journal?: { bytes: number; lastLine: string | undefined },
  ): Promise<void> {
    const cov: Coverage = {
      ...this.coverage,
      indexBytes: index.bytes,
      ...(index.lastLine !== undefined ? { indexTail: hashOf(index.lastLine) } : {}),
      ...(journal ? { journalBytes: journal.bytes } : {}),
      ...(journal?.lastLine !== undefined ? { journalTail: hashOf(journal.lastLine) } : {}),
    };
    if (this.failure !== undefined) throw this.failure;
    if (cov.indexBytes === this.coverage.indexBytes && cov.journalBytes === this.coverage.journalBytes) return;
    await this.settle();
    // The records noted until now are this commit's (their journal lines are in it); while the
    // thread applies it, later ones may be noted: they are the next commit's.
    const records = this.records.splice(0);
    try {
      if (this.thread?.applies) {
        // The lines added are in the index now (a line of the group that a failed attempt had
        // already appended is not among `lines` but is in the index all the same); any other
        // line of the commit is inserted with it.
        const rest = lines.filter((l) => !this.added.has(l));
        this.added = new Set();
        // Not awaited: a crash meanwhile leaves the catalog behind the index, as one between the
        // index and the catalog's commit always could (the next open ingests the difference).
        const applying = this.thread.commit(this.onThread(rest), records, cov);
        const bytes = this.sent(rest);
        const release = () => {
          this.unsentBytes -= bytes;
          for (const listener of this.released) listener();
        };
        applying.then(release, release);
        this.applying = applying.catch((error: unknown) => {
          this.failure ??= error;
          throw error;
        });
        this.applying.catch(() => undefined);
      } else if (this.store.applyEncoded) {
        // The shared catalog: its rows encoded on the thread, its transaction on the lease's
        // connection; neither is waited for here (the next commit waits for both). Each commit's
        // rows go at once: its transaction is the lease's, taken when the checkpoints are saved.
        const rows = this.thread
          ? this.thread.encode(this.onThread(lines))
          : Promise.resolve(encodeRows(this.withFacts(lines)));
        await this.store.applyEncoded(rows, lines, records, cov);
      } else {
        await this.store.apply(this.withFacts(lines), records, cov);
      }
    } catch (error) {
      this.records.unshift(...records);
      throw error;
    }
    this.coverage = cov;
  }

  /** On the thread: each line with the id its file was staged under. */
  private onThread(lines: readonly PulledLine[]): StagedLine[] {
    return lines.map((l) => {
      const id = this.staged.get(l);
      return { ...l, staged: typeof id === 'number' ? id : -1 };
    });
  }

  /** Here: each line with its facts. */
  private withFacts(lines: readonly PulledLine[]): CatalogLine[] {
    return lines.map((l) => ({ ...l, ...(this.staged.get(l) as Staged | undefined) }));
  }

  /** Waits for the commit the thread is applying; throws its failure. */
  private async settle(): Promise<void> {
    const applying = this.applying;
    this.applying = undefined;
    await applying;
  }

  /**
   * The pull wrote its last page: the thread builds the indexes left for the end (a first pull's,
   * SqliteCatalog.indexesAtClose) in the open transaction now, while the pull makes its last
   * commit durable, not after it.
   */
  ending(): void {
    if (this.thread?.applies && this.failure === undefined) this.thread.ending();
  }

  /**
   * The pull's last commit is sent: the thread closes the catalog right after it (the write-ahead
   * log's checkpoint at the close of its last connection: the pull's own is closed once the thread
   * has one, sync/catalog.ts) while the pull ends its key store; close() waits for it.
   */
  lastCommitSent(): void {
    if (this.thread?.applies) this.thread.closeSoon();
  }

  /** Ends the catalog's thread once its last commit ended; throws that commit's failure. */
  async close(): Promise<void> {
    try {
      await this.settle();
    } finally {
      await this.thread?.close();
    }
  }
}
