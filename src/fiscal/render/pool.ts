// Drawing on worker threads: `pull --with-pdf local` and `pdf --local` hand each XML to a pool of
// workers (one, and more while drawings back up on a machine with idle cores: pool-size.ts), so
// that drawing runs while the main thread fetches, writes and commits. Jobs go to a worker as soon
// as they are asked (the one holding the fewest), up to some 150 ms of drawing each, not when it is
// free: the main thread is often busy writing a page when a worker ends, and a worker with its next
// jobs already queued does not wait for it. The jobs given together (a page's documents, or the
// next ones as a worker answers) go in one message, and a worker answers a few PDFs at a time
// (render-worker.ts): a message each way per document was some 5,600 wake-ups of the other thread
// in a pull of 2,786 NF-e, and a page handed on in as many parts (see sync/attachments.ts). Where
// there is no built worker (the sources run by the tests), the pool draws on the calling thread,
// with the same answers.
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import type { EventLoopUtilization } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import type { LocalDocument } from '../../sync/local-status.js';
import { RENDERERS, renderPdf, RenderError, type RenderType } from './index.js';
import { builtWorkerFile } from '../../worker-file.js';
import { startRenderThread } from './early-thread.js';
import { takeWarm } from '../../warm-thread.js';
import { createPoolSizer } from './pool-size.js';

export interface RenderJob {
  id: number;
  type: RenderType;
  xml: Uint8Array;
  canceled: boolean;
  /** The XML's file: the CANCELADA mark also follows the event files beside it (`pdf --local`). */
  besideFile?: string | undefined;
}

export type RenderReply =
  { id: number; pdf: Uint8Array } | { id: number; error: { name: string; message: string; otherType: boolean } };

/** What the pool sends a worker: jobs, or a type to load the renderer of before its first job. */
export type RenderRequest = { jobs: RenderJob[] } | { preload: RenderType };

interface PoolJob {
  canceled?: boolean;
  besideFile?: string | undefined;
}

export interface RenderPool {
  /** The PDF of `xml` as a `type`; a RenderError when it cannot be drawn. */
  render(type: RenderType, xml: Uint8Array, job?: PoolJob): Promise<Buffer>;
  /**
   * Starts the workers now and has them load `type`'s renderer (its modules and the fonts' metrics): a pull
   * pays that while it waits for its first page instead of after it.
   */
  preload(type: RenderType): Promise<void>;
  /** Ends the workers (jobs still waiting fail). */
  close(): Promise<void>;
}

interface Waiting {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  waiting: Map<number, Waiting>;
  /** Jobs given since the last message, sent together. */
  outbox: RenderJob[];
  /** Its event loop's time, busy and idle, when the pool's growth last asked (pool-size.ts). */
  elu: EventLoopUtilization;
}

/**
 * Jobs a worker holds at most (drawing or queued): some 150 ms of drawing, topped up as its answers
 * come (16 at a time), so that it has its next jobs while the main thread is busy. The others wait
 * in the pool: a thread started while they back up takes its share of them at once, and a warm
 * thread draws more of them than one still warming its code.
 */
const HELD_BY_A_WORKER = 128;

/**
 * V8's tier-up budget while a pool draws, 8 times its default (--interrupt-budget, 66 KB of
 * bytecode run before a function is sent to the optimising compiler). A DANFe runs each of some
 * 500 drawing functions a few times: at the default most of them were compiled by TurboFan after
 * a few dozen documents, and V8's compiler threads spent 1.7 to 1.9 s of CPU in a pull of 2,786
 * NF-e (perf: two thirds of their samples in the compiler), half as much as the drawing itself;
 * 0.8 s at 8x, where only the hot ones are compiled, the drawing no slower (`pdf --local` over
 * 3,000 NF-e: 0.33 to 0.38 s against 1.2 to 1.4; 4x 0.58 s, 16x 0.35 s). The flag is the
 * process's, read each time a function's budget is reset, not a thread's own: it holds for the
 * calling thread too while the pool lives (a plain pull with it spent some 8% less CPU, no slower).
 */
const DRAWING_INTERRUPT_BUDGET = 8 * 67_584;
const BUDGET_FLAG = '--interrupt-budget';
/** Pools alive: the process's own budget comes back once there are none. */
let pools = 0;

function drawingBudget(on: boolean): void {
  if (on ? pools++ > 0 : --pools > 0) return;
  setFlagsFromString(
    on
      ? `${BUDGET_FLAG}=${DRAWING_INTERRUPT_BUDGET}`
      : (process.execArgv.find((a) => a.startsWith(`${BUDGET_FLAG}=`)) ?? `${BUDGET_FLAG}=67584`),
  );
}

export interface RenderPoolOptions {
  /** The most workers (default: one per core). */
  max?: number;
  /** Told each time the pool grows (--verbose). */
  log?: (message: string) => void;
}

/**
 * Up to `max` workers, one from the first job and more while jobs back up and cores are idle
 * (pool-size.ts); drawing on the calling thread where none is built.
 */
export function createRenderPool({ max = availableParallelism(), log }: RenderPoolOptions = {}): RenderPool {
  const file = builtWorkerFile('render-worker');
  if (!file || max < 1) return inThread();
  const sizer = createPoolSizer(max);
  drawingBudget(true);
  let closed = false;
  const slots: Slot[] = [];
  /** Jobs asked and not given to a worker yet, in the order asked. */
  let queue: Array<{ job: RenderJob; waiting: Waiting }> = [];
  let flushing = false;
  let nextId = 0;
  const start = (): Slot => {
    // The first thread is the one started with the command, where it was (early-thread.ts).
    const early = takeWarm(file);
    if (early) log?.('render pool: drawing on the thread started with the command');
    const worker = early ?? startRenderThread(file);
    const slot: Slot = { worker, waiting: new Map(), outbox: [], elu: worker.performance.eventLoopUtilization() };
    slot.worker.unref();
    slot.worker.on('message', (replies: RenderReply[]) => {
      for (const reply of replies) {
        const job = slot.waiting.get(reply.id);
        if (!job) continue;
        slot.waiting.delete(reply.id);
        if ('pdf' in reply) job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
        else job.reject(errorOf(reply.error));
      }
      if (queue.length > 0) flush();
      // An idle worker does not keep the process alive; one with jobs does.
      if (slot.waiting.size === 0) slot.worker.unref();
    });
    // A worker that died fails the jobs it held and leaves the pool; the jobs still waiting in the
    // pool go to the others, or to one started for them (nothing else would give them out).
    const lost = (error: Error) => {
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      for (const job of slot.waiting.values()) job.reject(error);
      slot.waiting.clear();
      if (queue.length > 0) flush();
    };
    slot.worker.on('error', lost);
    slot.worker.on('exit', (code) => lost(new Error(`a render worker stopped (exit ${code})`)));
    return slot;
  };
  /** The least busy thread's share of the time since the last call (0 for one not started yet). */
  const busy = () => {
    let least = 1;
    for (const slot of slots) {
      const now = slot.worker.performance.eventLoopUtilization();
      const share = slot.worker.performance.eventLoopUtilization(now, slot.elu).utilization;
      slot.elu = now;
      least = Math.min(least, Number.isFinite(share) ? share : 0);
    }
    return least;
  };
  const grow = (waiting: number) => {
    const added = sizer.more(slots.length, waiting, busy);
    for (let n = added; n > 0; n--) slots.push(start());
    if (added > 0 && slots.length > 1)
      log?.(
        `render pool: ${slots.length} drawing threads (${sizer.idle.toFixed(1)} cores idle in the last window, the drawing busy through it, ${waiting} drawings waiting)`,
      );
  };
  /** Gives the waiting jobs to the workers holding the fewest (up to HELD_BY_A_WORKER each), one message each. */
  const flush = () => {
    flushing = false;
    if (closed) return;
    let held = 0;
    for (const slot of slots) held += slot.waiting.size;
    grow(held + queue.length);
    let given = 0;
    while (given < queue.length) {
      const slot = slots.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
      if (slot.waiting.size >= HELD_BY_A_WORKER) break;
      const { job, waiting } = queue[given++]!;
      slot.outbox.push(job);
      slot.waiting.set(job.id, waiting);
    }
    queue = queue.slice(given);
    for (const slot of slots) {
      const jobs = slot.outbox.splice(0);
      if (jobs.length === 0) continue;
      slot.worker.ref();
      slot.worker.postMessage(
        { jobs } satisfies RenderRequest,
        jobs.map((j) => j.xml.buffer as ArrayBuffer),
      );
    }
  };
  return {
    render(type, xml, job = {}) {
      // A copy of the XML's bytes alone, handed over: a Buffer is often a view of a larger one (a
      // page's answer), which the message would copy whole, and which the caller still writes.
      // (Buffer's slice() is a view: handing its memory over would empty the caller's.)
      if (closed) return Promise.reject(new Error('the render pool is closed'));
      const bytes = new Uint8Array(xml);
      const id = nextId++;
      // The jobs asked together (a page's) are given out once the calling code yields.
      if (!flushing) setImmediate(flush);
      flushing = true;
      return new Promise<Buffer>((resolve, reject) => {
        const asked = { id, type, xml: bytes, canceled: job.canceled ?? false, besideFile: job.besideFile };
        queue.push({ job: asked, waiting: { resolve, reject } });
      });
    },
    async preload(type) {
      grow(0);
      for (const slot of slots) slot.worker.postMessage({ preload: type } satisfies RenderRequest);
    },
    async close() {
      if (!closed) drawingBudget(false);
      closed = true;
      for (const { waiting } of queue.splice(0)) waiting.reject(new Error('the render pool was closed'));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}

/** The error a worker answered, as the calling thread would have thrown it. */
function errorOf(e: { name: string; message: string; otherType: boolean }): Error {
  if (e.name === 'RenderError') return new RenderError(e.message, e.otherType);
  const error = new Error(e.message);
  error.name = e.name;
  return error;
}

function inThread(): RenderPool {
  let statusOf: Promise<(file: string, doc: LocalDocument) => string> | undefined;
  return {
    preload: async (type) => void (await RENDERERS[type].load()),
    render: async (type, xml, job = {}) => {
      const beside = job.besideFile;
      if (!beside) return renderPdf(type, xml, { canceled: job.canceled ?? false });
      statusOf ??= import('../../sync/local-status.js').then((m) => m.createStatusReader());
      const status = await statusOf;
      return renderPdf(type, xml, { canceled: (doc) => status(beside, doc) === 'canceled' });
    },
    close: async () => undefined,
  };
}
