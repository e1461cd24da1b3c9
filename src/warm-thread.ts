// A worker thread started before its work is known: a command that will likely want one (a report
// of a large catalog, a pull that draws its PDFs) starts it as its own modules load, and the thread loads its modules (some
// 100 to 170 ms from `new Worker`: its isolate, node's start, its chunks) on the idle core
// meanwhile, instead of after the command's thread is ready for it. Its work comes later as its
// first message (the entry reads it with workOf), or the caller takes the thread as it is
// (takeWarm). A thread never claimed ends with the command. The rule, unless the caller has one,
// stays machine-load.ts's: a thread only beside an idle core, measured over the command's
// own span; when too little of it has gone by, the thread is decided (and started) once it has.
import type { MessagePort, Worker } from 'node:worker_threads';
import type { Context } from './context.js';
import { idleCoreBeside, msBeforeMeasured } from './machine-load.js';
import { startThread } from './worker-file.js';

interface Warm {
  /** Set until the thread is decided. */
  timer?: ReturnType<typeof setTimeout>;
  worker?: Worker;
}

/** By built file: at most one thread waits for each. */
const warm = new Map<string, Warm>();

/**
 * Starts a thread of `file` (worker-file.ts builtWorkerFile) ahead of its work where a core is idle
 * (decided now, or once the command's span says; see above). Ends with the command (ctx.defer)
 * unless claimed.
 */
export function warmThread(
  ctx: Pick<Context, 'defer'>,
  file: string,
  o: {
    semiSpaceMb: number;
    /** It compiles its hot functions on its own thread (worker-file.ts startThread). */
    compileInThread?: boolean;
    /**
     * Whether to start it, decided at once, in place of machine-load.ts's rule: the tests', or a
     * command's that will want the thread whatever the machine's load (pull --with-pdf local).
     */
    idleCore?: () => boolean;
    /** A message for it as soon as it starts (a thread of several works told which to load). */
    first?: unknown;
  },
): void {
  if (warm.has(file)) return;
  const slot: Warm = {};
  warm.set(file, slot);
  const decide = () => {
    slot.timer = undefined;
    if (warm.get(file) !== slot) return;
    if (!(o.idleCore ?? idleCoreBeside)()) return void warm.delete(file);
    const worker = startThread(file, { semiSpaceMb: o.semiSpaceMb, compileInThread: o.compileInThread });
    if (o.first !== undefined) worker.postMessage(o.first);
    slot.worker = worker;
    // A thread that failed before its work came is forgotten: the work then starts a thread of its own.
    const forget = () => warm.get(file) === slot && warm.delete(file);
    worker.once('error', forget);
    worker.once('exit', forget);
  };
  const wait = o.idleCore ? 0 : msBeforeMeasured();
  if (wait > 0) slot.timer = setTimeout(decide, wait);
  else decide();
  ctx.defer(async () => {
    if (warm.get(file) !== slot) return;
    warm.delete(file);
    clearTimeout(slot.timer);
    await slot.worker?.terminate();
  });
}

/** Whether a thread of `file` started by warmThread waits for its work. */
export function isWarm(file: string): boolean {
  return warm.get(file)?.worker !== undefined;
}

/**
 * The thread of `file` warmThread started, now the caller's; undefined when there is none (not
 * started, failed, or taken). A warm thread not yet decided is decided no more.
 */
export function takeWarm(file: string): Worker | undefined {
  const slot = warm.get(file);
  warm.delete(file);
  clearTimeout(slot?.timer);
  return slot?.worker;
}

/** A thread of `file` given `workerData`: the warm one (handed it as its first message), else one started now. */
export function claimThread(file: string, o: { semiSpaceMb: number; workerData: unknown }): Worker {
  const worker = takeWarm(file);
  if (!worker) return startThread(file, o);
  worker.postMessage(o.workerData);
  return worker;
}

/**
 * A thread's messages in order, each read when the thread is ready for it: a warm thread's work
 * comes while its modules load, what follows it (items-split.ts's keys) may come before the
 * thread listens again. The port keeps the thread alive only while it waits for one.
 */
export function messagesOf(port: MessagePort): () => Promise<unknown> {
  const queued: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  port.on('message', (message: unknown) => {
    const reader = waiting.shift();
    if (reader) reader(message);
    else queued.push(message);
    if (!waiting.length) port.unref();
  });
  port.unref();
  return () => {
    if (queued.length) return Promise.resolve(queued.shift());
    port.ref();
    return new Promise((resolve) => waiting.push(resolve));
  };
}
