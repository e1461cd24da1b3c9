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

  /** `buffer` is no longer read by anyone: kept for the next take, if it is worth keeping. */
  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength < POOL_STEP || buffer.byteLength > this.largest) return;
    if (this.free.length >= this.kept || this.free.includes(buffer)) return;
    this.free.push(buffer);
  }
}
