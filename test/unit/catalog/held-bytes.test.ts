// The catalog thread's backlog as the pull waits on it (staging.ts, CatalogThread.room): bytes
// held until their insert answers, a wait that ends once they are under the budget, whether the
// answers succeed or fail, and at once when the thread has failed.
import { describe, expect, it } from 'vitest';
import { HeldBytes } from '../../../src/catalog/held-bytes.js';

/** A promise with its settling functions. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((y, n) => {
    resolve = y;
    reject = n;
  });
  return { promise, resolve, reject };
}

/** Lets every queued promise reaction run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('HeldBytes', () => {
  it('says the bytes held and calls its listeners each time some are let go (for the budget of the lanes: page-memory.ts)', async () => {
    const held = new HeldBytes();
    const inserts = [deferred(), deferred()];
    held.holdUntil(5, inserts[0]!.promise);
    held.holdUntil(7, inserts[1]!.promise);
    const seen: number[] = [];
    held.onRelease(() => seen.push(held.bytes));
    expect(held.bytes).toBe(12);
    inserts[1]!.resolve();
    await settle();
    inserts[0]!.reject(new Error('the transaction failed'));
    await settle();
    expect(seen).toEqual([5, 0]);
  });

  it('waits while more than the budget is held, and goes on once answers (kept or failed) bring it under', async () => {
    const held = new HeldBytes();
    const inserts = [deferred(), deferred(), deferred()];
    for (const d of inserts) held.holdUntil(5, d.promise);
    let roomy = false;
    const wait = held.room(8).then(() => (roomy = true));
    await settle();
    expect(roomy).toBe(false); // 15 held
    inserts[0]!.resolve();
    await settle();
    expect(roomy).toBe(false); // 10 held
    inserts[1]!.reject(new Error('the transaction failed'));
    await settle();
    expect(roomy).toBe(true); // 5 held
    await wait;
    await held.room(5); // at the budget: no wait
    inserts[2]!.resolve();
  });

  it('does not wait when the thread has stopped: its bytes would never come down', async () => {
    const held = new HeldBytes();
    held.holdUntil(100, new Promise(() => undefined));
    let stopped = false;
    let roomy = false;
    void held.room(10, () => stopped).then(() => (roomy = true));
    await settle();
    expect(roomy).toBe(false);
    stopped = true;
    // A wait begun now ends at once (one already waiting is woken by the failed answers).
    await held.room(10, () => stopped);
  });
});
