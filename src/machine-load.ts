// Whether a second thread would find a core to itself: the work of other processes on the
// machine, measured over this command's own life (from main()'s start to the question), with this
// process's CPU taken out. The last minute's load average, used before, counts this command's past
// too, and whatever ran in the minute before it: a pull that kept both cores busy leaves it above
// 1.5 for tens of seconds after its end, and a report started then (the bench's order, a user's
// script) read its items on one thread beside an idle core. The render pool reads its samples over
// its own short windows (fiscal/render/pool-size.ts).
import { availableParallelism, cpus, loadavg } from 'node:os';

export interface MachineSample {
  /** performance.now() */
  at: number;
  /** CPU time of every core, busy (not idle, not waiting on the disk), ms. */
  busy: number;
  /** This process's CPU time (all its threads), ms. */
  own: number;
  /** The cores `busy` sums. */
  cores: number;
}

export function sampleMachine(): MachineSample {
  let busy = 0;
  const all = cpus();
  for (const { times } of all) busy += times.user + times.nice + times.sys + times.irq;
  const own = process.cpuUsage();
  return { at: performance.now(), busy, own: (own.user + own.system) / 1000, cores: all.length };
}

/** The cores no one (this process included) kept busy on average between two samples; 0 over no time. */
export function idleCoresBetween(a: MachineSample, b: MachineSample): number {
  const span = b.at - a.at;
  return span > 0 ? Math.max(0, b.cores - (b.busy - a.busy) / span) : 0;
}

let start: MachineSample | undefined;

/** The command starts: what the machine has done is measured from now (main.ts). */
export function noteCommandStart(): void {
  start = sampleMachine();
}

/**
 * A shorter span than this says too little (the kernel counts CPU time in ticks of 10 ms: two
 * cores over 100 ms are 20 ticks): the last minute's load average is taken instead.
 */
const SHORTEST_MS = 100;

/**
 * How long before othersBusyCores() measures the command's own span rather than taking the load
 * average: a thread wanted early (warm-thread.ts warmThread) is decided that much later.
 */
export function msBeforeMeasured(): number {
  return start ? Math.max(0, SHORTEST_MS - (performance.now() - start.at)) : 0;
}

/** Cores kept busy by other processes since the command started (a fraction), or the load average's estimate. */
export function othersBusyCores(): number {
  const now = sampleMachine();
  const span = start ? now.at - start.at : 0;
  if (!start || span < SHORTEST_MS) return loadavg()[0] ?? 0;
  return Math.max(0, now.busy - start.busy - (now.own - start.own)) / span;
}

/**
 * Whether a thread started now beside this one would have a core: the cores left once other
 * processes' work and this thread's own are counted, at least half a core. On a machine whose
 * cores are all busy a second thread only competes with the first for them, and costs its start
 * (the report of the items at 400k: 0.3 s more CPU and no less time at loads of 14 to 16).
 */
export function idleCoreBeside(): boolean {
  const cores = availableParallelism();
  return cores > 1 && cores - 1 - othersBusyCores() >= 0.5;
}
