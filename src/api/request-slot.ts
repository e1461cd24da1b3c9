// A slot of a caller's own limit on requests in flight (a pull's lanes share --concurrency of
// them, lane.ts), held by the request sent within it and given back once that request's answer
// has arrived whole: the answer is then parsed, and the page it holds written, while another
// lane's request is already on its way. A lane's fetches carry an abort signal of their own that
// names its slot (slotSignal), so that the layers between (a stream's pages, the pagination, the
// endpoint function), which pass the signal on already, pass nothing more. (Not an
// AsyncLocalStorage: once one runs, every promise of the process pays for the context, and a
// pull makes many.)

const slots = new WeakMap<AbortSignal, RequestSlot>();

export class RequestSlot {
  private release: (() => void) | undefined;

  /** Runs `fn` holding the slot that `release` gives back; released at the latest when `fn` ends. */
  async hold<T>(release: () => void, fn: () => Promise<T>): Promise<T> {
    this.release = release;
    try {
      return await fn();
    } finally {
      this.answered();
    }
  }

  /** A successful answer arrived whole: the slot is free for another request. */
  answered(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }
}

/** A signal that follows `signal` and names `slot` to the requests sent with it. */
export function slotSignal(signal: AbortSignal, slot: RequestSlot): AbortSignal {
  const own = AbortSignal.any([signal]);
  slots.set(own, slot);
  return own;
}

/** The slot a request's signal names, if any. */
export function slotOf(signal: AbortSignal): RequestSlot | undefined {
  return slots.get(signal);
}
