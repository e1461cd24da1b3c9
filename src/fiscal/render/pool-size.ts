// How many drawing threads a render pool runs (pool.ts): one from the start, another while drawings
// back up and the machine has had a core idle in the last moments. The pool used to be sized by
// the last minute's load average (`pdf --local`), which counts the run's own past and whatever ran
// before it, or at one per core but one (the pull): on two cores a pull drew on one thread beside a
// core it left a third idle (the bench's PDF pull: 1.3 of 2 cores used, the drawing thread its
// bottleneck). What the cores did in the last quarter of a second is what another thread would find.
import { availableParallelism } from 'node:os';
import { idleCoresBetween, sampleMachine, type MachineSample } from '../../machine-load.js';

/**
 * The shortest window the idle cores are measured over (machine-load.ts: a core waiting on the disk
 * counts as idle, this process's threads as busy). The kernel counts CPU time in ticks of 10 ms, so
 * 250 ms on two cores read idle time to within a twentieth of a core; and a page of a pull (250
 * NF-e) takes a drawing thread some 300 ms, so a second thread starts within the page after the
 * first that backed up.
 */
export const SAMPLE_MS = 250;

/**
 * Idle cores that make another drawing thread worth its start (its modules loaded, the drawing code
 * compiled and warmed again: some 0.3 s of CPU, once): a third of a core that nothing used is a
 * third more drawing each second of a pull that lasts several. On a busy machine no core is idle
 * and the pool stays at one thread: `pdf --local` over 1,000 NF-e took more CPU and no less time
 * with two threads than with one at a load of 9.
 */
export const IDLE_TO_GROW = 0.3;

/**
 * Jobs waiting in the pool (drawn or not answered yet) before it grows: some 150 ms of drawing.
 * Another thread's start (some 0.3 s of CPU, the drawing of 250 DANFes) pays only against a
 * backlog: a pull lists two pages ahead and has 500 to 900 drawings waiting while its thread is
 * the bottleneck; `pdf --local` keeps 64 in flight and saves them as they come, and a second
 * thread there took some 14% more CPU for no less time (1,000 NF-e, loads of 4 to 7): it stays at
 * one.
 */
export const BACKLOG_TO_GROW = 128;

/**
 * The share of the window each drawing thread must have been busy for the pool to grow: jobs
 * waiting at a moment do not say that the drawing is what the run waits for (a pull's thread with
 * a backlog was busy 99.7 to 100% of each window; one that idles while the run does something
 * else has no use for a second).
 */
export const BUSY_TO_GROW = 0.9;

/**
 * What another thread's start costs, in core-seconds (its modules loaded, the drawing code compiled
 * and warmed again: some 0.3 s of CPU). Designed here: the pool grows once the idle cores it
 * has seen beside a backlog add up to that much (each window's idle cores times its length, in a
 * row of windows that all met the rules above), not at the first such window. A rule of the ski
 * rental's kind: a run that ends soon never pays for a thread that would start too late to earn
 * its start back, and a long one waits no more than that cost. Growing at the first window, the
 * bench's PDF pull (2,786 NF-e, 1.4 s) started a second thread in half its runs, 0.7 to 1.2 s in,
 * whose start (0.2-0.3 s of CPU, and V8's platform thread's compiles) made those runs 0.1-0.15 s
 * slower.
 */
export const START_CORE_SECONDS = 0.3;

/** The longest window a decision reads: one over a longer quiet time says little of now. */
const STALE_MS = 4 * SAMPLE_MS;

interface PoolSizer {
  /**
   * Threads to start now (0 or more) for a pool of `threads` with `waiting` jobs. `busy` is asked
   * once per window read: the least busy thread's share of the time since it was last asked (0-1).
   */
  more(threads: number, waiting: number, busy: () => number): number;
  /** The cores idle over the window the last decision read (for --verbose). */
  readonly idle: number;
}

/**
 * Decides a pool's growth, up to `max` threads: one for its first job, then more while jobs wait,
 * every thread was busy and the cores idle since the last decision (at least SAMPLE_MS before)
 * were enough. The machine
 * is sampled only then, while jobs wait: a quiet pool reads nothing. After a growth, the next
 * decision reads a window in which the new threads drew.
 */
export function createPoolSizer(
  max = availableParallelism(),
  sample: () => MachineSample = sampleMachine,
  now: () => number = () => performance.now(),
): PoolSizer {
  let last = sample();
  let idle = 0;
  /** Idle core-seconds seen beside a backlog in the windows since the last that did not qualify. */
  let owed = 0;
  return {
    get idle() {
      return idle;
    },
    more(threads, waiting, busy) {
      if (threads >= max) return 0;
      if (threads === 0) return 1;
      if (waiting < BACKLOG_TO_GROW) {
        owed = 0;
        return 0;
      }
      if (now() - last.at < SAMPLE_MS) return 0;
      const current = sample();
      const window = current.at - last.at;
      const stale = window > STALE_MS;
      idle = idleCoresBetween(last, current);
      last = current;
      // Asked even when the answer is no: its window is then this one too.
      const drawing = busy();
      if (stale || idle < IDLE_TO_GROW || !(drawing >= BUSY_TO_GROW)) {
        owed = 0;
        return 0;
      }
      owed += (idle * window) / 1000;
      if (owed < START_CORE_SECONDS) return 0;
      owed = 0;
      // Several at once where many cores are idle, no more than the jobs waiting keep busy.
      return Math.min(max - threads, Math.max(1, Math.round(idle)), Math.max(1, Math.floor(waiting / BACKLOG_TO_GROW)));
    },
  };
}
