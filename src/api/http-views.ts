// Clients made from a client: the same pool, pacing and statistics, with something added to every
// request. The pool belongs to the client a view was made from: closing a view closes nothing.
import type { HttpClient, HttpResponse, RequestOptions } from './http.js';
import { slotOf } from './request-slot.js';

function viewOf(http: HttpClient, request: <T>(ro: RequestOptions<T>) => Promise<HttpResponse<T>>): HttpClient {
  return {
    get baseUrl() {
      return http.baseUrl;
    },
    get stats() {
      return http.stats;
    },
    request,
    tellQuota: (limit, windowMs) => http.tellQuota?.(limit, windowMs),
    quotaLeft: (maxInFlight) => http.quotaLeft?.(maxInFlight) ?? 0,
    close: async () => undefined,
  };
}

/**
 * The same client with every request also ended by `signal`: what a pull hands its streams, so
 * that stopping the run stops their requests, retries and backoff too.
 */
export function withSignal(http: HttpClient, signal: AbortSignal): HttpClient {
  // A lane's signal names its slot of requests in flight, given back once an answer arrived.
  const slot = slotOf(signal);
  const onAnswer = slot && (() => slot.answered());
  return viewOf(http, (ro) =>
    http.request({
      ...ro,
      signal: ro.signal ? AbortSignal.any([ro.signal, signal]) : signal,
      ...(onAnswer && !ro.onAnswer ? { onAnswer } : {}),
    }),
  );
}

/**
 * The same client with every request sent once (`RequestOptions.once`): a failure throws at once
 * and leaves the run's retries as they were. For requests asked ahead on a guess.
 */
export function sentOnce(http: HttpClient): HttpClient {
  return viewOf(http, (ro) => http.request({ ...ro, once: true }));
}

/** A view of an HTTP client whose answers have their base64 values lifted (binary-fields.ts). */
export interface BinaryFieldsClient extends HttpClient {
  /**
   * The bytes of a base64 value of an answer: those lifted by this view are handed over once
   * (the view keeps them only until then), any other is decoded.
   */
  bytesOf(value: string): Buffer;
}

/**
 * `http` with the base64 string properties `names` of every answer decoded straight from its
 * bytes: what a pull reads its pages with. The parsed body keeps a short mark in their place, which
 * `bytesOf` turns into the bytes. Marks start with a NUL, which base64 never holds.
 */
export function withBinaryFields(http: HttpClient, names: readonly string[]): BinaryFieldsClient {
  const kept = new Map<string, Buffer>();
  let requests = 0;
  const view = viewOf(http, async (ro) => {
    const tag = `\u0000${++requests}.`;
    const res = await http.request({ ...ro, binary: { names, tag } });
    res.lifted?.forEach((bytes, n) => kept.set(`${tag}${n}`, bytes));
    return res;
  });
  return Object.assign(view, {
    bytesOf(value: string): Buffer {
      const bytes = kept.get(value);
      if (bytes === undefined) return Buffer.from(value, 'base64');
      kept.delete(value);
      return bytes;
    },
  });
}
