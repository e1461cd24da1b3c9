// When a request was written to its socket. The rate limit's window opens when the server takes a
// window's first request: the instant a request was handed to undici can be tens of ms earlier on
// a busy event loop (a page being decoded), or a connection's setup earlier, and the pacer would
// have to allow for that on every window (arrivals.ts, ARRIVAL_SLACK_MS).
import type { Dispatcher } from 'undici';

type Handler = Dispatcher.DispatchHandler;

/** A handler that says when its request starts on a socket, and otherwise is the one it wraps. */
class WriteNoted implements Handler {
  constructor(
    private readonly inner: Handler,
    private readonly onWrite: () => void,
  ) {}

  // undici calls it just before it writes the request (again for a request retried on a new socket).
  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.onWrite();
    this.inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(...a: Parameters<NonNullable<Handler['onRequestUpgrade']>>): void {
    this.inner.onRequestUpgrade?.(...a);
  }

  onResponseStart(...a: Parameters<NonNullable<Handler['onResponseStart']>>): void {
    this.inner.onResponseStart?.(...a);
  }

  onResponseData(...a: Parameters<NonNullable<Handler['onResponseData']>>): void {
    this.inner.onResponseData?.(...a);
  }

  onResponseEnd(...a: Parameters<NonNullable<Handler['onResponseEnd']>>): void {
    this.inner.onResponseEnd?.(...a);
  }

  onResponseError(...a: Parameters<NonNullable<Handler['onResponseError']>>): void {
    this.inner.onResponseError?.(...a);
  }
}

/** `dispatcher`, calling `onWrite` each time the request it sends is written. */
export function notingWrites(dispatcher: Dispatcher, onWrite: () => void): Dispatcher {
  return dispatcher.compose((dispatch) => (opts, handler) => dispatch(opts, new WriteNoted(handler, onWrite)));
}
