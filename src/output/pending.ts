// Output that finishes after the command's last write: an xlsx is made whole at the end, by an
// asynchronous library. The writer registers that work against the stream it writes to, and the
// verb's runner waits for it (settleOutput) before the command counts as done, so its errors are
// the command's errors and an in-process caller reads the whole file.
import type { Writable } from 'node:stream';

interface Work {
  done: Promise<void>;
  error?: unknown;
}

const pending = new WeakMap<Writable, Work[]>();

export function deferOutput(out: Writable, work: Promise<void>): void {
  const entry: Work = { done: Promise.resolve() };
  // Caught here so that a failure waits for settleOutput instead of being an unhandled rejection.
  entry.done = work.then(
    () => undefined,
    (e: unknown) => {
      entry.error = e ?? new Error('output failed');
    },
  );
  pending.set(out, [...(pending.get(out) ?? []), entry]);
}

/** Waits for the output still being made for `out`; throws the first failure. */
export async function settleOutput(out: Writable): Promise<void> {
  const works = pending.get(out);
  if (!works) return;
  pending.delete(out);
  await Promise.all(works.map((w) => w.done));
  const failed = works.find((w) => w.error !== undefined);
  if (failed) throw failed.error;
}
