// A long pull's full collections (src/memory.ts HeapBound): one each time the heap in use grew by
// the bound since the last one made there, counted from what the heap held after it, not from
// the start; one at once when its owner asks; and V8's own collection, which frees what nothing
// holds.
import { describe, expect, it } from 'vitest';
import { HeapBound } from '../../src/memory.js';

/** A heap whose bytes in use the test sets, counting the collections asked of it. */
function fakeHeap(used: number) {
  const heap = { used: () => used, collect: () => void heap.collections++, collections: 0 };
  return { heap, set: (bytes: number) => void (used = bytes) };
}

describe('HeapBound', () => {
  it('collects once the heap grew by the bound since its last collection', () => {
    const { heap, set } = fakeHeap(0);
    const bound = new HeapBound(16, heap);
    set(15);
    bound.check();
    expect(heap.collections).toBe(0);
    set(16);
    bound.check();
    expect(heap.collections).toBe(1);
    // Counted from what the collection left (10), not from the last check.
    set(10);
    bound.collect();
    expect(heap.collections).toBe(2);
    set(25);
    bound.check();
    expect(heap.collections).toBe(2);
    set(26);
    bound.check();
    expect(heap.collections).toBe(3);
  });

  it("V8's full collection frees an object nothing holds", async () => {
    let garbage: number[] | undefined = new Array<number>(100_000).fill(1);
    const ref = new WeakRef(garbage);
    garbage = undefined;
    // A WeakRef's target lives to the end of the job that made or read it.
    await new Promise((resolve) => setImmediate(resolve));
    new HeapBound(0).check();
    expect(ref.deref()).toBeUndefined();
  });
});
