// The pull's catalog work on a thread of its own where the build has one (dist/facts-worker.js):
// reading each file's facts (the lean pass, some 70 µs a document, at the file's commit) and
// applying each commit's rows in the catalog's transaction (some 60 µs a document) cost the pull's one thread as much
// as everything else it does for a document; on their own thread they run while it fetches and
// writes the next pages, and the pull gets a second share of a busy machine's cores. A commit is
// still awaited until the worker says its transaction ended, with the same rows and coverage as
// on the calling thread, so what a crash leaves is the same. Where there is no built worker (the
// sources run by the tests), the work stays on the calling thread. The shared catalog's
// transaction runs on its lease's connection (src/catalog/postgres/): there the thread reads the
// facts and encodes each commit's rows as its statements take them (encode), handed back as bytes.
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { CatalogError } from '../errors.js';
import { eventSummary, extractFacts } from './extract/index.js';
import type { EncodedRows } from './postgres/encode.js';
import type { CatalogLine, Coverage, StatusRecord } from './store.js';
import type { StagedRef } from '../sync/file-writes.js';
import { builtWorkerFile, detachOnce, startThread } from '../worker-file.js';
import { HeldBytes } from './held-bytes.js';

export type Staged = Pick<CatalogLine, 'facts' | 'summary'>;

/** What the catalog keeps of one file (a document's facts, an event's summary); nothing for a file the lean pass cannot follow. */
export function readStaged(type: string, event: boolean, bytes: Uint8Array): Staged {
  try {
    if (event) {
      const summary = eventSummary(type, bytes);
      return summary ? { summary } : {};
    }
    const facts = extractFacts(type, bytes);
    return facts ? { facts } : {};
  } catch {
    // A file the lean reader cannot follow is catalogued with what its index line says.
    return {};
  }
}

/** Messages to the worker, handled in order. */
export type ToWorker =
  | { do: 'open'; path: string }
  | { do: 'stage'; files: StagedFile[]; bytes: Uint8Array }
  | { do: 'add'; seq: number; lines: StagedLine[] }
  | { do: 'commit'; seq: number; lines: StagedLine[]; records: StatusRecord[]; coverage: Coverage }
  | { do: 'encode'; seq: number; lines: StagedLine[] }
  | { do: 'ending' }
  | { do: 'close'; seq: number }
  | { do: 'files'; port: MessagePort };

/** An index line with the id its file was staged under (-1: none). */
export type StagedLine = Omit<CatalogLine, 'facts' | 'summary'> & { staged: number };

/** A file of a batch: its bytes are `bytes.subarray(start, end)` of the batch's buffer. */
type StagedFile = [id: number, type: string, event: boolean, start: number, end: number];

/** The reply to a message with a seq. */
export type Reply = { seq: number; error?: string; encoded?: EncodedRows };

/** A reply, or a batch's buffer handed back for the next batches. */
export type FromWorker = Reply | { free: Uint8Array };

/** Sent in batches: a message costs the sending thread more than reading a small file does. */
const BATCH = 64;
/**
 * A batch's files are copied into one buffer, handed to the thread and back, and reused: an
 * ArrayBuffer per file lives outside the young generation, and the thread then spent a fifth of
 * its time in the full collections that freed them (and the process held them until then).
 */
const BATCH_BYTES = 256 * 1024;
/**
 * The catalog's thread's young generation: semi-spaces of 2 MB, as the pull's own thread has
 * (bin/fiscal.js). 4 MB were chosen for the thread's CPU (a 20k pull, 10 rounds alternated: CPU
 * 5.38 against 5.76 s, peak RSS 152 against 148 MB); since its pages wait in bounded budgets
 * (page-memory.ts), 2 MB are 7 MB less at the 1M pull's peak (155.8 against 162.8 MB) with no
 * more CPU there (180 s against 190 s for a build of cfaecd8, same hour: docs/bench.md, issue 22).
 */
const CATALOG_SEMI_SPACE_MB = 2;

/**
 * Buffers kept for reuse. The thread keeps a batch's buffer until the commit that reads its files
 * (facts-worker.ts), so a commit's worth of them is in flight (some 25 of 256 KB at 1,000 NF-e a
 * second); the ones beyond these are left to the collector once back, not held past the peak.
 */
const POOL = 16;

export class CatalogThread {
  private nextId = 0;
  private nextSeq = 0;
  private files: StagedFile[] = [];
  /** The batch being filled, and how much of it is. */
  private bytes: Uint8Array | undefined;
  private used = 0;
  private readonly pool: Uint8Array[] = [];
  private readonly waiting = new Map<number, { resolve: (m: Reply) => void; reject: (e: Error) => void }>();
  private failure: Error | undefined;
  /** Bytes of the files whose lines were sent to be inserted (add) and are not yet: the thread keeps them until then. */
  private readonly queued = new HeldBytes();
  /** The catalog's close, once asked (closeSoon, or close). */
  private closing: Promise<unknown> | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly path: string | undefined,
  ) {
    worker.unref();
    worker.on('message', (m: FromWorker) => {
      if ('free' in m) {
        if (this.pool.length < POOL) this.pool.push(m.free);
        return;
      }
      const w = this.waiting.get(m.seq);
      this.waiting.delete(m.seq);
      if (this.waiting.size === 0) worker.unref();
      if (m.error === undefined) w?.resolve(m);
      else w?.reject(this.error(m.error));
    });
    const lost = (error: Error) => {
      this.failure ??= error;
      for (const w of this.waiting.values()) w.reject(this.error(error.message));
      this.waiting.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`its thread stopped (exit ${code})`)));
    if (path !== undefined) worker.postMessage({ do: 'open', path } satisfies ToWorker);
  }

  /** Whether commits are applied on the thread (a SQLite catalog), not encoded for another (encode). */
  get applies(): boolean {
    return this.path !== undefined;
  }

  /**
   * The thread writing the SQLite catalog at `path`, or without one the thread that only reads
   * facts; undefined where the build has no worker.
   */
  static start(path?: string): CatalogThread | undefined {
    const file = builtWorkerFile('facts-worker');
    if (!file) return undefined;
    // Buffers go to the thread from here (flush, and the files written through filesPort).
    detachOnce();
    try {
      return new CatalogThread(startThread(file, { semiSpaceMb: CATALOG_SEMI_SPACE_MB }), path);
    } catch {
      return undefined;
    }
  }

  /**
   * A port on which the thread writes a pull's files as its own file-writing thread would
   * (FileWriteThread.through): one thread less in the process, some 8 MB.
   */
  filesPort(): MessagePort | undefined {
    if (this.failure) return undefined;
    const { port1, port2 } = new MessageChannel();
    this.worker.postMessage({ do: 'files', port: port2 } satisfies ToWorker, [port2]);
    return port1;
  }

  /**
   * An id for a file the thread writes itself (filesPort), whose bytes it keeps from that write
   * until the commit reads them: no copy handed over (stage).
   */
  stageWritten(type: string, event: boolean): StagedRef {
    return [this.nextId++, type, event];
  }

  /** Hands the file to the thread, which reads its facts at its commit; returns the id its line is committed with. */
  stage(type: string, event: boolean, bytes: Uint8Array): number {
    const id = this.nextId++;
    // A copy of the file's bytes, handed over: the caller still writes its own.
    if (this.bytes && this.used + bytes.length > this.bytes.length) this.flush();
    this.bytes ??= this.buffer(bytes.length);
    this.bytes.set(bytes, this.used);
    this.files.push([id, type, event, this.used, (this.used += bytes.length)]);
    if (this.files.length >= BATCH) this.flush();
    return id;
  }

  /** A free buffer of at least `size` bytes. */
  private buffer(size: number): Uint8Array {
    const free = this.pool.pop();
    return free && free.length >= size ? free : new Uint8Array(Math.max(BATCH_BYTES, size));
  }

  /**
   * Inserts the lines' rows (with their staged facts) in the transaction the next commit() ends,
   * as their pages are written: the commit then waits only for what is left.
   */
  add(lines: StagedLine[], bytes: number): void {
    this.flush();
    if (this.failure) return;
    // A failed transaction still answers (the next commit says why); a thread that died answers
    // every waiting message with its failure.
    this.queued.holdUntil(bytes, this.ask({ do: 'add', seq: this.nextSeq++, lines }));
  }

  /**
   * Waits while the files of the lines sent to be inserted (add) come to more than `bytes`: the
   * thread keeps each file's bytes until its row is inserted, and a pull that writes faster than
   * the thread inserts would have them pile up (docs/pull.md, Memory).
   */
  async room(bytes: number): Promise<void> {
    await this.queued.room(bytes, () => this.failure !== undefined);
  }

  /** The bytes of the files sent to be inserted (add) and not inserted yet, and a call when some are. */
  get held(): HeldBytes {
    return this.queued;
  }

  /** Applies the lines (their staged facts) and records in the transaction with the coverage. */
  commit(lines: StagedLine[], records: StatusRecord[], coverage: Coverage): Promise<void> {
    this.flush();
    return this.ask({ do: 'commit', seq: this.nextSeq++, lines, records, coverage }).then(() => undefined);
  }

  /** The lines' rows (with the facts of the files staged under their ids) as the shared catalog's statements take them. */
  async encode(lines: StagedLine[]): Promise<EncodedRows> {
    this.flush();
    return (await this.ask({ do: 'encode', seq: this.nextSeq++, lines })).encoded ?? {};
  }

  /** No lines are added after these (a pull's last page is written): the thread builds what it left for the end. */
  ending(): void {
    this.flush();
    if (!this.failure) this.worker.postMessage({ do: 'ending' } satisfies ToWorker);
  }

  /**
   * The thread closes the catalog once the messages sent before are handled (a pull's last
   * commit): not waited for here, but by close().
   */
  closeSoon(): void {
    this.flush();
    if (this.failure || this.closing) return;
    this.closing = this.ask({ do: 'close', seq: this.nextSeq++ }).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closeSoon();
    await this.closing;
    await this.worker.terminate();
  }

  private flush(): void {
    const { files, bytes } = this;
    this.files = [];
    this.bytes = undefined;
    this.used = 0;
    // A thread that failed reads nothing more: the next commit says why.
    if (files.length === 0 || !bytes || this.failure) return;
    this.worker.postMessage({ do: 'stage', files, bytes } satisfies ToWorker, [bytes.buffer as ArrayBuffer]);
  }

  private ask(message: ToWorker & { seq: number }): Promise<Reply> {
    if (this.failure) return Promise.reject(this.error(this.failure.message));
    return new Promise((resolve, reject) => {
      this.waiting.set(message.seq, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage(message);
    });
  }

  private error(message: string): CatalogError {
    return new CatalogError(`the catalog ${this.path ?? 'thread'} could not be written: ${message}`, {
      details: ['the pull committed its files; the next run (or `fiscal catalog rebuild`) brings the catalog level'],
    });
  }
}
