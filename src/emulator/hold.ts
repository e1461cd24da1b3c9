// Holding the API on demand, for tests that interrupt a client: once held, API requests wait at
// the door until released. A client waiting on a held request cannot have finished its run, so a
// signal sent then always lands, whatever the machine's speed.

export class ApiHold {
  /** Requests still let through before holding; undefined while not holding. */
  private passes: number | undefined;
  private readonly waiting: Array<() => void> = [];
  private readonly watchers: Array<() => void> = [];

  /** From now on the next `after` API requests go through and every later one waits for release(). */
  hold(after = 0): void {
    this.passes = after;
  }

  /** Every held request goes on, and no more are held. */
  release(): void {
    this.passes = undefined;
    for (const go of this.waiting.splice(0)) go();
  }

  /** Resolves once a request waits on the hold. */
  held(): Promise<void> {
    if (this.waiting.length) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push(resolve));
  }

  /** Resolves at once unless holding; then once released. */
  async pass(): Promise<void> {
    if (this.passes === undefined) return;
    if (this.passes > 0) {
      this.passes--;
      return;
    }
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      for (const tell of this.watchers.splice(0)) tell();
    });
  }
}
