// The work of other processes since the command started (src/machine-load.ts), which decides
// whether a report of the items reads half of them on a second thread: a process spinning beside
// it counts, this process's own CPU does not, and before the command's start is noted the last
// minute's load average stands in.
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteCommandStart, othersBusyCores, sampleMachine } from '../../src/machine-load.js';

const spinners: ChildProcess[] = [];
afterEach(() => {
  for (const child of spinners.splice(0)) child.kill('SIGKILL');
});

/** A process that keeps a core busy until killed; resolves once it runs. */
function spinner(): Promise<void> {
  const child = spawn(process.execPath, ['-e', 'process.stdout.write("up\\n"); for (;;);'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  spinners.push(child);
  return new Promise((resolve) => child.stdout!.once('data', () => resolve()));
}

/** Keeps this thread busy for `ms` (its CPU is this process's own, which is taken out). */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('othersBusyCores', () => {
  it('is the load average before a command started', async () => {
    vi.resetModules();
    const fresh = await import('../../src/machine-load.js');
    const expected = loadavg()[0]!;
    expect(Math.abs(fresh.othersBusyCores() - expected)).toBeLessThan(1);
  });

  it('counts a process busy beside this one', async () => {
    await spinner();
    noteCommandStart();
    await new Promise((resolve) => setTimeout(resolve, 400));
    // A spinner has a core to itself on an idle machine, shares one on a loaded one: well above
    // a quarter of a core either way (its 400 ms of CPU over 400 ms, or half of it on two busy cores).
    expect(othersBusyCores()).toBeGreaterThan(0.25);
  });

  it("leaves this process's own CPU out, of all its threads", async () => {
    noteCommandStart();
    const from = sampleMachine();
    // A second thread of this process spins while this one does: up to two cores' worth of this
    // process's own CPU, none of it another's.
    const worker = new Worker('const end = Date.now() + 400; while (Date.now() < end);', { eval: true });
    const ended = new Promise((resolve) => worker.once('exit', resolve));
    spin(400);
    await ended;
    const to = sampleMachine();
    const others = othersBusyCores();
    // Against the machine's busy cores and this process's own over the same window (read here):
    // counted as another's, this process's CPU would put `others` at the machine's whole busy
    // time. The margin is the kernel's ticks of 10 ms at the window's two ends.
    const span = to.at - from.at;
    const machine = (to.busy - from.busy) / span;
    const own = (to.own - from.own) / span;
    expect(others).toBeGreaterThanOrEqual(0);
    expect(others).toBeLessThanOrEqual(Math.max(0, machine - own) + 0.25);
  });
});
