// A rebuild on every core: reading each file and its facts (the lean pass) is three quarters of
// a rebuild's CPU and needs nothing but the line, so threads of their own do it (rebuild-
// worker.ts) and hand back each line's rows, while this thread inserts them in the index's order
// and, between its inserts, reads chunks itself (readRows). The catalog is the one the same lines
// give on one thread (the rows are built by the same functions); where the build has no worker
// file (the sources run by the tests), or there is one core, the rebuild reads on its thread alone.
import { availableParallelism } from 'node:os';
import { setImmediate as turn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { CatalogError } from '../errors.js';
import { readLineRows } from './index-lines.js';
import type { LineRows } from './rows.js';
import { builtWorkerFile } from '../worker-file.js';

export interface RowsRequest {
  seq: number;
  dir: string;
  texts: string[];
}

export type RowsReply = { seq: number; rows: (LineRows | null)[]; error?: undefined } | { seq: number; error: string };

/** Lines a thread reads at a time (a message to the pool's threads, or a turn of this one's). */
export const CHUNK = 250;
/**
 * Chunks given to each of the pool's threads at a time: one it reads, one waiting for it, so that
 * it never waits for this thread's next hand-out while this one inserts or reads.
 */
const IN_FLIGHT = 2;
/** Chunks read ahead of the one inserted, at most. */
const WINDOW = 16;
/**
 * The threads' young generation: the lean pass's strings die young, and in the installed
 * command's 2 MB semi-spaces (bin/fiscal.js) a thread spent a sixth of its time collecting them.
 */
const YOUNG_MB = 48;
/**
 * Threads at most besides this one. One per core besides this one's: a thread more only takes
 * turns, and cost 15% more CPU on the loaded 2-core machine for no gain (docs/bench.md).
 */
const MAX_THREADS = 3;

export class RebuildPool {
  private nextSeq = 0;
  private stopped: CatalogError | undefined;
  /** Chunks each thread was given and has not answered. */
  private readonly inFlight: number[];
  private readonly waiting = new Map<
    number,
    { resolve: (rows: (LineRows | null)[]) => void; reject: (e: Error) => void }
  >();

  private constructor(
    private readonly dir: string,
    private readonly workers: Worker[],
  ) {
    this.inFlight = workers.map(() => 0);
    workers.forEach((w, i) => {
      w.on('message', (m: RowsReply) => {
        this.inFlight[i]!--;
        const p = this.waiting.get(m.seq);
        this.waiting.delete(m.seq);
        if (m.error === undefined) p?.resolve(m.rows);
        else p?.reject(failure(m.error));
      });
      w.on('error', (error) => this.lost(error));
      w.on('exit', (code) => this.lost(new Error(`a thread stopped (exit ${code})`)));
    });
  }

  /** Threads for the folder `dir`; undefined where the build has none, or on one core. */
  static start(dir: string): RebuildPool | undefined {
    const file = builtWorkerFile('rebuild-worker');
    const threads = Math.min(MAX_THREADS, availableParallelism() - 1);
    if (!file || threads < 1) return undefined;
    try {
      return new RebuildPool(
        dir,
        Array.from(
          { length: threads },
          () => new Worker(file, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } }),
        ),
      );
    } catch {
      return undefined;
    }
  }

  /** Threads at work: the readers and this one. */
  get size(): number {
    return this.workers.length + 1;
  }

  /**
   * The rows of the lines' texts, in their order (null: not a line), read by the thread with the
   * fewest chunks in hand; undefined when each has enough.
   */
  offer(texts: string[]): Promise<(LineRows | null)[]> | undefined {
    // A thread that stopped answers nothing more: what is asked after fails at once.
    if (this.stopped) return Promise.reject(this.stopped);
    const least = Math.min(...this.inFlight);
    if (least >= IN_FLIGHT) return undefined;
    const i = this.inFlight.indexOf(least);
    this.inFlight[i]!++;
    const seq = this.nextSeq++;
    const worker = this.workers[i]!;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      worker.postMessage({ seq, dir: this.dir, texts } satisfies RowsRequest);
    });
  }

  private lost(error: Error): void {
    this.stopped ??= failure(error.message);
    for (const p of this.waiting.values()) p.reject(failure(error.message));
    this.waiting.clear();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

interface Slot<L> {
  lines: L[];
  rows?: (LineRows | null)[];
  /** Settles when a pool's thread answered (rows or error set). */
  asked?: Promise<void>;
  error?: Error;
}

/**
 * The rows of each chunk of lines of `dir`, in order (null: not a line). The pool's threads take
 * the chunks ahead from the front of a window; this thread, each time it comes back for the next
 * chunk, reads the first that no thread has taken while the next is not ready, and waits only when
 * every chunk of the window is taken. So on two cores both read (the inserts are a quarter of the
 * work), and the chunks read here cost no copy between threads.
 */
export async function* readRows<L extends { text: string }>(
  dir: string,
  pool: RebuildPool | undefined,
  chunks: Iterable<L[]>,
): AsyncGenerator<{ lines: L[]; rows: (LineRows | null)[] }> {
  const source = chunks[Symbol.iterator]();
  const window: Slot<L>[] = [];
  let ended = false;
  for (;;) {
    while (!ended && window.length < WINDOW) {
      const next = source.next();
      if (next.done) ended = true;
      else window.push({ lines: next.value });
    }
    if (pool) for (const slot of window) if (!slot.rows && !slot.asked && !offer(pool, slot)) break;
    const head = window[0];
    if (!head) return;
    if (head.error) throw head.error;
    if (head.rows) {
      window.shift();
      yield { lines: head.lines, rows: head.rows };
      continue;
    }
    const free = window.find((s) => !s.rows && !s.asked);
    if (!free) {
      await head.asked;
      continue;
    }
    free.rows = free.lines.map((l) => readLineRows(dir, l.text) ?? null);
    // The threads' answers are taken between chunks, and their next chunks handed out.
    if (pool) await turn();
  }
}

/** Hands the slot's chunk to a thread of the pool; false when none has room. */
function offer<L extends { text: string }>(pool: RebuildPool, slot: Slot<L>): boolean {
  const rows = pool.offer(slot.lines.map((l) => l.text));
  if (!rows) return false;
  slot.asked = rows.then(
    (r) => void (slot.rows = r),
    (e: Error) => void (slot.error = e),
  );
  return true;
}

function failure(message: string): CatalogError {
  return new CatalogError(`the catalog could not be rebuilt: ${message}`, {
    details: ['the folder is as it was; run `fiscal catalog rebuild` again'],
  });
}
