// A page's files written on a thread of their own (dist/write-worker.js), so that the thread that
// fetches is never held in a file-system call: creating a file on a busy disk can take a
// millisecond or more (open(2) finding a free inode), and a page of 250 documents written on the
// event loop held every response and every next request of the run that long. The calls stay
// synchronous, one after the other, as on the event loop (one message per page, not a thread-pool
// round trip per call: see docs/pull.md, Crash safety). Where there is no built worker (the
// sources run by the tests), the files are written on the calling thread, with the same results.
import { appendFileSync, closeSync, constants, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { Worker, type MessagePort } from 'node:worker_threads';
import { BufferPool } from '../buffer-pool.js';
import { builtWorkerFile } from '../worker-file.js';

export interface FileWrite {
  path: string;
  data: Uint8Array | string;
  /**
   * What the catalog reads from the file at its commit, when the thread writing it is the
   * catalog's (staging.ts): the bytes are kept there, not sent a second time.
   */
  staged?: StagedRef | undefined;
}

/** A file's id in the catalog's thread, its document type and whether it is an event. */
export type StagedRef = [id: number, type: string, event: boolean];

/** The temp file a document is written to before it is renamed into place: hidden, beside it. */
const tempPath = (path: string) => join(dirname(path), `.${basename(path)}.tmp`);

/**
 * Writes each file in order: one that is not there yet is created in place, one that is there is
 * replaced through its temp file and a rename (whoever reads it sees the old bytes or the new,
 * never half). A failed one throws, what it left removed (a full disk leaves part of a file), the
 * files before it written.
 *
 * Designed here: a new file is created under its own name (O_CREAT | O_EXCL), not renamed from a
 * temp file: creating the temp name and renaming it took twice the system time of the file alone
 * (11k documents: 0.75-0.88 s of CPU against 0.35-0.55), and it bought nothing the index does not
 * give already: a file no index line names is not trusted, and the same pull run again writes it
 * again. What is left is a file half written by a run that died and that the next run never writes
 * again (other filters): `journal` (the folder's `.fiscal/new-files`) is told each job's paths,
 * relative to the folder, before any of them is created, and the next run removes those of them
 * no index line names (durable.ts, sweepNewFiles).
 */
export function writeFilesNow(files: readonly FileWrite[], journal?: string): void {
  if (journal && files.length > 0) {
    const root = dirname(dirname(journal));
    appendFileSync(journal, files.map((f) => `${relative(root, f.path)}\n`).join(''));
  }
  for (const { path, data } of files) {
    if (created(path, data)) continue;
    const tmp = tempPath(path);
    try {
      writeFileSync(tmp, data, { mode: 0o644 });
      renameSync(tmp, path);
    } catch (error) {
      rmSync(tmp, { force: true });
      throw error;
    }
  }
}

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;

/** Writes a file that is not there yet under its own name; false when one is there. */
function created(path: string, data: Uint8Array | string): boolean {
  let fd: number;
  try {
    fd = openSync(path, CREATE, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeFileSync(fd, data);
  } catch (error) {
    closeSync(fd);
    rmSync(path, { force: true });
    throw error;
  }
  closeSync(fd);
  return true;
}

/**
 * A batch as a message carries it: the files' bytes one after the other in one buffer, handed
 * over, not copied. (A document's bytes are often a view of a larger buffer, a page's answer or
 * a pool's slab, which a message would copy whole for each of them.)
 */
export interface WriteJob {
  id: number;
  bytes: Uint8Array<ArrayBuffer>;
  files: Array<{ path: string; end: number; staged?: StagedRef | undefined }>;
  /** Where the paths of the files are noted before they are written (writeFilesNow). */
  journal?: string | undefined;
}

export function packed(id: number, files: readonly FileWrite[], buffers?: BufferPool, journal?: string): WriteJob {
  const parts = files.map((f) => (typeof f.data === 'string' ? Buffer.from(f.data) : f.data));
  const size = parts.reduce((n, p) => n + p.byteLength, 0);
  const bytes = new Uint8Array(buffers ? buffers.take(size) : new ArrayBuffer(size));
  let end = 0;
  const out = parts.map((part, i) => {
    bytes.set(part, end);
    end += part.byteLength;
    const staged = files[i]!.staged;
    return staged ? { path: files[i]!.path, end, staged } : { path: files[i]!.path, end };
  });
  return journal ? { id, bytes, files: out, journal } : { id, bytes, files: out };
}

/**
 * The jobs' buffers, back from the thread that wrote their files, for the next pages' jobs: a
 * page's buffer (some 1.6 MB) handed over for good was garbage of that thread, whose collector,
 * paced by its own small heap, let 20 to 40 MB of them pile up in a fast pull (docs/pull.md,
 * Memory). A buffer is taken whole (its files end where `files` say) and sized in steps, so that
 * the next page, a little larger, fits. Two are kept: one being written, one whose files the
 * catalog reads (a third, to spare, was resident between pages for no pull faster:
 * docs/bench.md, Issue 28: the last megabytes of the 1M peak). More come back at once where the
 * catalog keeps a commit's pages: those are let go.
 */
export const jobBuffers = (): BufferPool => new BufferPool(2);

export function unpacked(job: WriteJob): FileWrite[] {
  let start = 0;
  return job.files.map(({ path, end, staged }) => {
    const data = job.bytes.subarray(start, end);
    start = end;
    return staged ? { path, data, staged } : { path, data };
  });
}

/** A file-system error as a message carries it: what local-files.ts reads of one. */
interface WriteFailure {
  message: string;
  code?: string | undefined;
  path?: string | undefined;
  syscall?: string | undefined;
  errno?: number | undefined;
}

/** A batch's answer, with its buffer handed back unless the thread keeps it; or a buffer kept until then, handed back. */
type WriteReply = { id: number; error?: WriteFailure; free?: Uint8Array } | { free: Uint8Array };

export function failureOf(error: unknown): WriteFailure {
  const e = error as NodeJS.ErrnoException;
  return { message: e?.message ?? String(error), code: e?.code, path: e?.path, syscall: e?.syscall, errno: e?.errno };
}

/** The error the worker answered, as the calling thread would have thrown it. */
function errorOf(f: WriteFailure): Error {
  const error = new Error(f.message);
  for (const field of ['code', 'path', 'syscall', 'errno'] as const)
    if (f[field] !== undefined) Object.assign(error, { [field]: f[field] });
  return error;
}

/**
 * Answers the batches sent on `port`, one after the other (a thread that writes files:
 * write-worker.ts, and the catalog's, which keeps the staged files' bytes: `written` says whether
 * it keeps the batch's buffer, and calls `giveBack` once done with it). The buffer goes back to the
 * writer with the answer, or once given back, for its next batches (jobBuffers).
 */
export function serveWrites(
  port: MessagePort,
  written?: (job: WriteJob, files: FileWrite[], giveBack: () => void) => boolean,
): void {
  port.on('message', (job: WriteJob) => {
    let reply: WriteReply = { id: job.id };
    let kept = false;
    try {
      const files = unpacked(job);
      writeFilesNow(files, job.journal);
      const giveBack = () => port.postMessage({ free: job.bytes } satisfies WriteReply, [job.bytes.buffer]);
      kept = written?.(job, files, giveBack) ?? false;
    } catch (error) {
      reply = { id: job.id, error: failureOf(error) };
    }
    if (kept) port.postMessage(reply);
    else port.postMessage({ ...reply, free: job.bytes }, [job.bytes.buffer]);
  });
}

/**
 * Writes batches of files on one worker thread, one batch after the other: a thread of its own,
 * or another's that serves them on a port (the catalog's, staging.ts: a thread is some 8 MB of
 * the process's memory, and a pull's two threads take turns on a busy machine anyway).
 */
export class FileWriteThread {
  /** A thread of this class's own (ended here), or a port of another's. */
  private channel: Worker | MessagePort | undefined;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private readonly file = builtWorkerFile('write-worker');
  private readonly buffers = jobBuffers();
  /** Whether a thread died with writes unanswered (some may be half done). */
  private dropped = false;

  /**
   * Writes through `port`, a thread's that serves writes (serveWrites), unless writes began on a
   * thread of its own; says whether it does.
   */
  through(port: MessagePort | undefined): boolean {
    if (!port || this.channel) {
      port?.close();
      return false;
    }
    this.attach(port);
    return true;
  }

  /** Writes `files` (writeFilesNow), telling `journal` their paths first. */
  write(files: FileWrite[], journal?: string): Promise<void> {
    if (!this.file && !this.channel) {
      writeFilesNow(files, journal);
      return Promise.resolve();
    }
    // A small heap for a thread of its own: it holds one page's files at a time.
    const channel =
      this.channel ?? this.attach(new Worker(this.file!, { resourceLimits: { maxYoungGenerationSizeMb: 2 } }));
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      channel.ref();
      const job = packed(id, files, this.buffers, journal);
      channel.postMessage(job, [job.bytes.buffer]);
    });
  }

  /** Whether every write was answered: none is half done. */
  get idle(): boolean {
    return this.waiting.size === 0 && !this.dropped;
  }

  async close(): Promise<void> {
    const channel = this.channel;
    this.channel = undefined;
    if (channel instanceof Worker) await channel.terminate();
    else channel?.close();
  }

  private attach<C extends Worker | MessagePort>(channel: C): C {
    channel.on('message', (reply: WriteReply) => {
      if (reply.free) this.buffers.give(reply.free.buffer as ArrayBuffer);
      if (!('id' in reply)) return;
      const job = this.waiting.get(reply.id);
      if (!job) return;
      this.waiting.delete(reply.id);
      // An idle thread does not keep the process alive; one with files to write does.
      if (this.waiting.size === 0) channel.unref();
      if (reply.error) job.reject(errorOf(reply.error));
      else job.resolve();
    });
    // A thread that died (or a port whose thread ended) fails what it was asked; the next write
    // starts a thread of this class's own.
    const lost = (error: Error) => {
      if (this.channel === channel) this.channel = undefined;
      if (this.waiting.size > 0) this.dropped = true;
      for (const job of this.waiting.values()) job.reject(error);
      this.waiting.clear();
    };
    if (channel instanceof Worker) {
      channel.on('error', lost);
      channel.on('exit', (code) => lost(new Error(`the file-writing thread stopped (exit ${code})`)));
    } else {
      channel.on('close', () => lost(new Error('the file-writing thread stopped')));
    }
    // (After the listener: a port is ref'ed by its first one.)
    channel.unref();
    this.channel = channel;
    return channel;
  }
}
