// Interrupting a spawned CLI at a moment it was seen to reach, never at a time: the emulator holds
// its answers, the run is seen waiting on one of them (so it cannot have finished, however fast or
// slow the machine), and only then the signal is sent; the emulator is released after. Or, for the
// first moments of a run (node starting, fiscal loading, nothing asked of the API yet), a time
// after the start: `landed` then says whether the run was still going.
import type { Result } from 'execa';
import { spawnCli } from './cli.js';
import type { TestEmulator } from './emulator.js';

export interface InterruptOptions {
  env: Record<string, string>;
  /** Default SIGKILL. */
  signal?: NodeJS.Signals;
  /** Progress to wait for before holding (an index that reached n lines...); default none. */
  when?: () => boolean;
  /** API requests let through once holding (after `when`), before the one the run is stopped on. */
  after?: number;
  /** How long the run goes on with what it already has (writing, committing) before the signal. */
  settleMs?: number;
  /** The signal this long after the start instead, nothing held. */
  atMs?: number;
}

export interface Interrupted {
  result: Result;
  /** The signal reached a run that had not ended; false only if the run ended before it needed the held answer. */
  landed: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function interruptRun(emu: TestEmulator, args: string[], o: InterruptOptions): Promise<Interrupted> {
  const child = spawnCli(args, { env: o.env });
  let ended = false;
  const end = child.then(() => (ended = true));
  try {
    if (o.atMs !== undefined) await Promise.race([pause(o.atMs), end]);
    else {
      if (o.when) {
        for (let waited = 0; !ended && !o.when() && waited < 120_000; waited += 5) await pause(5);
      }
      emu.hold(o.after ?? 0);
      await Promise.race([emu.held(), end]);
      if (!ended) await pause(o.settleMs ?? 0);
    }
    const landed = !ended;
    if (landed) child.kill(o.signal ?? 'SIGKILL');
    return { result: await child, landed };
  } finally {
    emu.release();
  }
}

/** API requests the emulator answered while `run` ran to its end. */
export async function requestsOf(emu: TestEmulator, run: () => Promise<unknown>): Promise<number> {
  const before = emu.stats().requests.total;
  await run();
  return emu.stats().requests.total - before;
}
