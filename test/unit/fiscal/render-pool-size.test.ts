// How many drawing threads a render pool runs (src/fiscal/render/pool-size.ts): one from its first
// job, another only while jobs back up and the machine's cores were idle over the last window
// (not the last minute's load average, which counts the run's own past), never past its maximum.
// The machine's samples and the clock are given, so nothing here depends on the machine's load.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  BACKLOG_TO_GROW,
  BUSY_TO_GROW,
  createPoolSizer,
  IDLE_TO_GROW,
  SAMPLE_MS,
  START_CORE_SECONDS,
} from '../../../src/fiscal/render/pool-size.js';
import { idleCoresBetween, sampleMachine, type MachineSample } from '../../../src/machine-load.js';

/** A machine of 16 cores and a clock to move. */
function machine() {
  const cores = 16;
  let now = 0;
  let busy = 0;
  return {
    sample: (): MachineSample => ({ at: now, busy, own: 0, cores }),
    now: () => now,
    /** `ms` pass with `idle` cores idle on average. */
    pass(ms: number, idle: number) {
      now += ms;
      busy += ms * (cores - idle);
    },
  };
}

describe('idleCoresBetween', () => {
  it('reads the cores idle on average between two samples (this process counted busy)', () => {
    const at = (ms: number, busy: number): MachineSample => ({ at: ms, busy, own: busy, cores: 2 });
    expect(idleCoresBetween(at(0, 1000), at(250, 1125))).toBe(1.5);
    expect(idleCoresBetween(at(10, 5), at(10, 5))).toBe(0);
  });
});

/** Drawing threads busy through every window (the drawing is the bottleneck). */
const busy = () => 1;

describe('createPoolSizer', () => {
  it('starts one thread for the first job, whatever the machine', () => {
    const m = machine();
    const sizer = createPoolSizer(2, m.sample, m.now);
    expect(sizer.more(0, 0, busy)).toBe(1);
  });

  it('grows once the idle cores beside a backlog add up to what a thread costs to start', () => {
    const m = machine();
    const sizer = createPoolSizer(2, m.sample, m.now);
    // 0.9 idle cores for a quarter of a second: 0.225 core-seconds, less than a start costs.
    expect(0.9 * (SAMPLE_MS / 1000)).toBeLessThan(START_CORE_SECONDS);
    m.pass(SAMPLE_MS, 0.9);
    expect(sizer.more(1, BACKLOG_TO_GROW, busy)).toBe(0);
    m.pass(SAMPLE_MS, 0.9);
    expect(sizer.more(1, BACKLOG_TO_GROW, busy)).toBe(1);
    // At its maximum it asks no more, however idle the machine.
    m.pass(SAMPLE_MS, 2);
    expect(sizer.more(2, 1000, busy)).toBe(0);
  });

  it('counts the idle cores of a row of windows only: one that does not qualify starts the count again', () => {
    const m = machine();
    const sizer = createPoolSizer(2, m.sample, m.now);
    m.pass(SAMPLE_MS, 0.9);
    expect(sizer.more(1, 500, busy)).toBe(0);
    // The drawing caught up for a window (the run waited on something else): the count starts again.
    m.pass(SAMPLE_MS, 0.9);
    expect(sizer.more(1, 500, () => 0.5)).toBe(0);
    m.pass(SAMPLE_MS, 0.9);
    expect(sizer.more(1, 500, busy)).toBe(0);
    // The backlog drained: again.
    expect(sizer.more(1, BACKLOG_TO_GROW - 1, busy)).toBe(0);
    m.pass(SAMPLE_MS, 0.9);
    expect(sizer.more(1, 500, busy)).toBe(0);
    m.pass(SAMPLE_MS, 0.9);
    expect(sizer.more(1, 500, busy)).toBe(1);
  });

  it('does not grow when the drawing keeps up, or before a window has passed', () => {
    const m = machine();
    const sizer = createPoolSizer(2, m.sample, m.now);
    m.pass(SAMPLE_MS, 2);
    expect(sizer.more(1, BACKLOG_TO_GROW - 1, busy)).toBe(0);
    const early = createPoolSizer(2, m.sample, m.now);
    m.pass(SAMPLE_MS - 1, 2);
    expect(early.more(1, BACKLOG_TO_GROW, busy)).toBe(0);
  });

  it('does not grow while a thread has idled in the window: the drawing is not what the run waits for', () => {
    const m = machine();
    const sizer = createPoolSizer(2, m.sample, m.now);
    m.pass(SAMPLE_MS, 1.5);
    expect(sizer.more(1, 500, () => BUSY_TO_GROW - 0.2)).toBe(0);
    // A thread not started yet reports no time at all.
    m.pass(SAMPLE_MS, 1.5);
    expect(sizer.more(1, 500, () => Number.NaN)).toBe(0);
    m.pass(SAMPLE_MS, 1.5);
    expect(sizer.more(1, 500, () => BUSY_TO_GROW)).toBe(1);
  });

  it('does not grow on a busy machine, and grows once cores turn idle', () => {
    const m = machine();
    const sizer = createPoolSizer(2, m.sample, m.now);
    m.pass(SAMPLE_MS, IDLE_TO_GROW - 0.1);
    expect(sizer.more(1, 500, busy)).toBe(0);
    // The window read is the one since the last decision, not the machine's whole past.
    m.pass(SAMPLE_MS, 1.5);
    expect(sizer.more(1, 500, busy)).toBe(1);
  });

  it('reads nothing from a window longer than a second: the next decision reads a fresh one', () => {
    const m = machine();
    const sizer = createPoolSizer(2, m.sample, m.now);
    m.pass(10_000, 2);
    expect(sizer.more(1, 500, busy)).toBe(0);
    m.pass(SAMPLE_MS, 2);
    expect(sizer.more(1, 500, busy)).toBe(1);
  });

  it('grows by the idle cores at once, no more than the waiting jobs keep busy', () => {
    const m = machine();
    const sizer = createPoolSizer(16, m.sample, m.now);
    m.pass(SAMPLE_MS, 6.2);
    expect(sizer.more(1, 10 * BACKLOG_TO_GROW, busy)).toBe(6);
    m.pass(SAMPLE_MS, 6);
    expect(sizer.more(7, 2 * BACKLOG_TO_GROW, busy)).toBe(2);
  });
});

describe('sampleMachine', () => {
  it("reads the machine's idle time: between two samples, no fewer than none and no more than its cores", async () => {
    const before = sampleMachine();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const idle = idleCoresBetween(before, sampleMachine());
    expect(idle).toBeGreaterThanOrEqual(0);
    // The kernel counts in ticks of 10 ms: a tick more on each core at most.
    expect(idle).toBeLessThanOrEqual(availableParallelism() * 1.1);
  });
});
