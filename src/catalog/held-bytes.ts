// Bytes another thread keeps for work it has not done yet, and a wait for them to come down: the
// pull hands the catalog's thread each page's files for their rows (staging.ts) and waits while
// the thread keeps more than a budget of them, instead of letting them pile up.

export class HeldBytes {
  private held = 0;
  private readonly waiters: Array<() => void> = [];
  private readonly listeners: Array<() => void> = [];

  /** The bytes held now. */
  get bytes(): number {
    return this.held;
  }

  /** Calls `listener` whenever held bytes are let go. */
  onRelease(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Holds `bytes` more until `done` settles (fulfilled or rejected: either way they are let go). */
  holdUntil(bytes: number, done: Promise<unknown>): void {
    this.held += bytes;
    const release = () => {
      this.held -= bytes;
      for (const wake of this.waiters.splice(0)) wake();
      for (const listener of this.listeners) listener();
    };
    done.then(release, release);
  }

  /** Settles once at most `max` bytes are held, or at once when `stopped()` says there is no point. */
  async room(max: number, stopped: () => boolean = () => false): Promise<void> {
    while (this.held > max && !stopped()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
}
