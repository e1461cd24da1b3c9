// The requests a pacer (pacing.ts) has let go and not yet seen answered: how many, the most ever
// at once, and a wait for the next to end (a pacer with nothing to say when its window ends lets
// the next request go once an answer in flight may have said it).
import { InterruptedError } from '../errors.js';

export class InFlight {
  count = 0;
  /** The most requests ever in flight at once: how far out of order responses can arrive. */
  peak = 1;
  private readonly wakers = new Set<() => void>();

  /** One more request in flight; the function given back ends it (once) and wakes every waiter. */
  begin(): () => void {
    this.count++;
    this.peak = Math.max(this.peak, this.count);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.count--;
      const wakers = [...this.wakers];
      this.wakers.clear();
      for (const wake of wakers) wake();
    };
  }

  /** Resolves when a request in flight ends; an InterruptedError once `signal` aborts. */
  nextRelease(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new InterruptedError('interrupted'));
      const onAbort = () => {
        this.wakers.delete(wake);
        reject(new InterruptedError('interrupted'));
      };
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      this.wakers.add(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
