// A slot of a caller's own limit on requests in flight (a pull's lanes share --concurrency of
// them, lane.ts), held by the request sent within it and given back once that request's answer
// has arrived whole: the answer is then parsed, and the page it holds written, while another
// lane's request is already on its way. Carried by the async context, so that the layers
// between (a stream's pages, the pagination, the endpoint function) need not pass it on.
import { AsyncLocalStorage } from 'node:async_hooks';

const slots = new AsyncLocalStorage<() => void>();

/** Runs `fn` holding a slot that `release` gives back; released at the latest when `fn` ends. */
export async function inRequestSlot<T>(release: () => void, fn: () => Promise<T>): Promise<T> {
  try {
    return await slots.run(release, fn);
  } finally {
    release();
  }
}

/** A successful answer arrived whole: the slot it was sent in (if any) is free for another request. */
export function answerArrived(): void {
  slots.getStore()?.();
}
