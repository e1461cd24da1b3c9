// `--forward-to`: hands a notification on to a local application, byte for byte, with its
// signature header, so the application checks the signature itself. Anything but a 2xx answer in
// time is a failure: the receiver then answers 502 and the service delivers the notification again.
import type { IncomingHttpHeaders } from 'node:http';
import { SIGNATURE_HEADER } from '../../api/webhook-signature.js';
import { request } from '../../api/undici-parts.js';

/** Designed: how long the application may take to answer a forwarded notification. */
const FORWARD_TIMEOUT_MS = 10_000;

/** Forwards one body; answers undefined when the application took it, else what went wrong. */
export type Forwarder = (body: Buffer, headers: IncomingHttpHeaders) => Promise<string | undefined>;

const FORWARDED_HEADERS = ['content-type', SIGNATURE_HEADER, 'user-agent'];

export function createForwarder(url: string, signal: AbortSignal, timeoutMs = FORWARD_TIMEOUT_MS): Forwarder {
  return async (body, headers) => {
    const out: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = headers[name];
      if (typeof value === 'string') out[name] = value;
    }
    try {
      const res = await request(url, {
        method: 'POST',
        headers: out,
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      await res.body.dump();
      return res.statusCode >= 200 && res.statusCode < 300 ? undefined : `${url} answered ${res.statusCode}`;
    } catch (error) {
      const e = error as Error & { code?: string };
      return `${url}: ${e.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (e.code ?? e.message)}`;
    }
  };
}
