// A stream's pages with one page fetched ahead: the next page downloads while the current one
// is written. Fetches of all lanes share a limit (--concurrency).

export class Semaphore {
  private waiting: Array<() => void> = [];
  constructor(private free: number) {}

  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

export class Lane<T> {
  private readonly iterator: AsyncIterator<T>;
  private pending: Promise<IteratorResult<T>> | undefined;
  private finished = false;

  constructor(
    iterable: AsyncIterable<T>,
    private readonly limit: Semaphore,
  ) {
    this.iterator = iterable[Symbol.asyncIterator]();
  }

  get done(): boolean {
    return this.finished;
  }

  /** Starts fetching the next page if none is on its way. */
  prefetch(): void {
    if (this.pending || this.finished) return;
    this.pending = this.limit.acquire().then(async (release) => {
      try {
        return await this.iterator.next();
      } finally {
        release();
      }
    });
    // The error is delivered by next(); until then it must not count as unhandled.
    this.pending.catch(() => undefined);
  }

  async next(): Promise<IteratorResult<T>> {
    this.prefetch();
    const result = await this.pending!;
    this.pending = undefined;
    if (result.done) this.finished = true;
    else this.prefetch();
    return result;
  }

  /**
   * Stops the underlying iterator. The promise settles once a page on its way has ended too (a
   * generator's return() waits for its pending fetch, which the abort signal ends): await it
   * when nothing may still run afterwards.
   */
  close(): Promise<void> {
    this.finished = true;
    const ended = Promise.allSettled([this.pending, this.iterator.return?.()]);
    return ended.then(() => undefined);
  }
}
