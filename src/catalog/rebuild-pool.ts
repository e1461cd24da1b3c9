// A rebuild on every core: reading each file and its facts (the lean pass) is three quarters of
// a rebuild's CPU and needs nothing but the line, so threads of their own do it (rebuild-
// worker.ts) and hand back each line's rows, while this thread only inserts them, in the index's
// order, one batch behind. The catalog is the one the same lines give on one thread (the rows are
// built by the same functions); where the build has no worker file (the sources run by the
// tests), or there is one core, the rebuild stays on its thread.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { CatalogError } from '../errors.js';
import type { LineRows } from './rows.js';
import { builtWorkerFile } from '../worker-file.js';

export interface RowsRequest {
  seq: number;
  dir: string;
  texts: string[];
}

export type RowsReply = { seq: number; rows: (LineRows | null)[]; error?: undefined } | { seq: number; error: string };

/** Lines per message: small enough that the threads share a batch evenly. */
const CHUNK = 250;
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
  private turn = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (rows: (LineRows | null)[]) => void; reject: (e: Error) => void }
  >();

  private constructor(
    private readonly dir: string,
    private readonly workers: Worker[],
  ) {
    for (const w of workers) {
      w.on('message', (m: RowsReply) => {
        const p = this.waiting.get(m.seq);
        this.waiting.delete(m.seq);
        if (m.error === undefined) p?.resolve(m.rows);
        else p?.reject(failure(m.error));
      });
      w.on('error', (error) => this.lost(error));
      w.on('exit', (code) => this.lost(new Error(`a thread stopped (exit ${code})`)));
    }
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

  /** The rows of the lines' texts, in their order (null: not a line). */
  async rows(texts: string[]): Promise<(LineRows | null)[]> {
    const parts: Promise<(LineRows | null)[]>[] = [];
    for (let at = 0; at < texts.length; at += CHUNK) parts.push(this.ask(texts.slice(at, at + CHUNK)));
    return (await Promise.all(parts)).flat();
  }

  private ask(texts: string[]): Promise<(LineRows | null)[]> {
    const seq = this.nextSeq++;
    const worker = this.workers[this.turn++ % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      worker.postMessage({ seq, dir: this.dir, texts } satisfies RowsRequest);
    });
  }

  private lost(error: Error): void {
    for (const p of this.waiting.values()) p.reject(failure(error.message));
    this.waiting.clear();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

function failure(message: string): CatalogError {
  return new CatalogError(`the catalog could not be rebuilt: ${message}`, {
    details: ['the folder is as it was; run `fiscal catalog rebuild` again'],
  });
}
