// Keeping a long pull's memory flat. A pull allocates a few MB per page that die at once: the
// answer and its decoded documents (read into buffers used again: answerBuffers in
// src/api/http-body.ts, PageSlabs in src/api/binary-fields.ts), the strings parsed from it, the
// buffers the file-writing thread hands back beyond those it keeps. Those outside the young
// generation V8 lets pile up to well over 100 MB before a full collection. A full collection every
// few MB of documents (some 10 ms with a pull's small live set, a few percent of the run) keeps
// the peak near the live set instead.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: ((options?: { type: 'minor' | 'major' }) => void) | null | undefined;

function collector(): typeof gc {
  if (gc === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as typeof gc;
    } catch {
      gc = null;
    }
  }
  return gc;
}

/** A full collection. */
function collectGarbage(): void {
  collector()?.();
}

/**
 * A collection of the young generation alone (a millisecond or so). Buffers that a stream reads
 * into and that die at once (a socket's 64 KB reads) are young: V8 frees their memory at the next
 * such collection, but it runs one per 2 MB of objects (bin/fiscal.js), and a Buffer is a small
 * object: some 10,000 reads, 640 MB of them, could wait for it. Only their count past 64 MB of
 * them makes V8 collect on its own.
 */
export function collectYoung(): void {
  collector()?.({ type: 'minor' });
}

/**
 * A full collection once the heap in use grew by `growth` bytes since the last one made here:
 * for garbage its owner does not count as it goes (objects that lived long enough to be promoted,
 * then died in the old generation, which V8 lets grow to some three times what is live before it
 * collects on its own).
 */
export class HeapBound {
  private settled = 0;

  constructor(
    private readonly growth: number,
    /** The heap's bytes in use and a full collection: V8's (the tests give their own). */
    private readonly heap = { used: () => getHeapStatistics().used_heap_size, collect: collectGarbage },
  ) {}

  /** Collects fully if the heap grew by `growth` since the last collection made here. */
  check(): void {
    if (this.heap.used() - this.settled >= this.growth) this.collect();
  }

  /** A full collection now (its owner's own reckoning called for it). */
  collect(): void {
    this.heap.collect();
    this.settled = this.heap.used();
  }
}
