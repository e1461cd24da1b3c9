// Page-sized buffers used again instead of left to the collector: a pull's answers and the
// documents decoded out of them (src/api/http-body.ts, src/api/binary-fields.ts), and the pages'
// files handed to the thread that writes them (src/sync/file-writes.ts). Each such block (some MB)
// was garbage freed only by a full collection, which a pull then had to force (src/memory.ts).

/** Buffers are sized in steps of this many bytes; smaller ones are the C heap's, and not kept. */
const POOL_STEP = 256 * 1024;

export class BufferPool {
  private readonly free: ArrayBuffer[] = [];

  /**
   * `kept`: how many are kept (each is resident while kept); `largest`: none larger is kept.
   */
  constructor(
    private readonly kept: number,
    private readonly largest = Infinity,
  ) {}

  /** A buffer of at least `size` bytes: a kept one, else a new one sized in steps (below a step, exactly). */
  take(size: number): ArrayBuffer {
    const i = this.free.findIndex((b) => b.byteLength >= size);
    if (i !== -1) return this.free.splice(i, 1)[0]!;
    return new ArrayBuffer(size < POOL_STEP ? size : Math.ceil(size / POOL_STEP) * POOL_STEP);
  }

  /**
   * `buffer` is no longer read by anyone: kept for the next take if it is worth keeping, else its
   * memory let go at once. With the pool full, the larger buffer is kept: pages differ in size,
   * and keeping the first ones given made most takes of a pull's larger pages new buffers (a 20k
   * pull: 20 of 52 answers read into a new buffer, against 4 keeping the larger).
   */
  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength < POOL_STEP || this.free.includes(buffer)) return;
    if (buffer.byteLength > this.largest || this.kept === 0) return letGo(buffer);
    if (this.free.length < this.kept) {
      this.free.push(buffer);
      return;
    }
    let smallest = 0;
    for (let i = 1; i < this.free.length; i++)
      if (this.free[i]!.byteLength < this.free[smallest]!.byteLength) smallest = i;
    if (this.free[smallest]!.byteLength >= buffer.byteLength) return letGo(buffer);
    letGo(this.free[smallest]!);
    this.free[smallest] = buffer;
  }
}

/**
 * A page-sized buffer not kept, its memory let go by the next young collection (every 2 MB of
 * objects: bin/fiscal.js) instead of the next full one. Used for a page or more, it was in the old
 * generation, where only a full collection frees it (the pull forces one every 8 MB of documents:
 * src/sync/pull-streams.ts); in the meantime a pull's dropped answers, documents and files made
 * 10 to 20 MB of its main thread's external memory. Moved (not copied) into a new, young
 * ArrayBuffer that nothing references: `buffer` is detached, so that a view of it read after it
 * was given back reads nothing rather than another page's bytes.
 */
function letGo(buffer: ArrayBuffer): void {
  structuredClone(buffer, { transfer: [buffer] });
}
