// A node:http server on 127.0.0.1:0 that answers from a queue of scripted responses and records
// every request, for HTTP-core tests. It can also misbehave on purpose: reset the socket before
// answering or in the middle of a body, stall after the headers, or send a body cut short.
// Also here: the fake clock and memory logger those tests inject, and a client made with them.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../../src/api/http.js';
import type { Clock, Logger } from '../../src/context.js';
import { InterruptedError } from '../../src/errors.js';

export interface RecordedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, or undefined. */
  json: unknown;
}

export interface ScriptedResponse {
  status?: number;
  headers?: Record<string, string | number>;
  /** Objects are sent as JSON; strings as they are (a cut-off JSON string is a truncated body). */
  body?: unknown;
  /** Reset the connection (TCP RST) instead of answering. */
  reset?: boolean;
  /** Send the headers with the full Content-Length and this many body bytes, then reset. */
  resetAfterBytes?: number;
  /** Send the headers and then nothing, until the client gives up or the server closes. */
  stall?: boolean;
}

export type Responder = ScriptedResponse | ((req: RecordedRequest) => ScriptedResponse);

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  /** Queues responses, answered in order; when the queue is empty the fallback answers. */
  enqueue(...responses: Responder[]): void;
  /** Called for each request as it arrives (before it is answered). */
  onRequest?: (req: RecordedRequest) => void;
  close(): Promise<void>;
}

/** Without a fallback an unscripted request gets 418, which no client retries: tests fail fast. */
const EXHAUSTED: ScriptedResponse = { status: 418, body: { error: 'scripted server: no response queued' } };

export async function startScriptedServer(opts: { fallback?: Responder } = {}): Promise<ScriptedServer> {
  const queue: Responder[] = [];
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        json: parseJson(body),
      };
      requests.push(recorded);
      scripted.onRequest?.(recorded);
      const next = queue.shift() ?? opts.fallback ?? EXHAUSTED;
      answer(res, typeof next === 'function' ? next(recorded) : next);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const scripted: ScriptedServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...r) => void queue.push(...r),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return scripted;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function answer(res: ServerResponse, r: ScriptedResponse): void {
  // Tests run on a fake clock: a real Date header would look like clock skew to the client.
  res.sendDate = false;
  if (r.reset) return void res.socket?.resetAndDestroy();
  const text = r.body === undefined ? '' : typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
  const bytes = Buffer.from(text, 'utf8');
  const headers: Record<string, string | number> = { 'Content-Length': bytes.length, ...(r.headers ?? {}) };
  if (bytes.length && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['Content-Type'] = 'application/json';
  res.writeHead(r.status ?? 200, headers);
  if (r.stall) return void res.flushHeaders();
  if (r.resetAfterBytes !== undefined) {
    res.write(bytes.subarray(0, r.resetAfterBytes), () => res.socket?.resetAndDestroy());
    return;
  }
  res.end(bytes);
}

export interface FakeClock extends Clock {
  /** Every duration asked of sleep(), in order. */
  sleeps: number[];
  advance(ms: number): void;
  /** Runs inside sleep(), before it resolves: lets a test abort or change the world mid-wait. */
  onSleep?: (ms: number) => void;
}

/**
 * A clock whose sleep() returns at once but moves time forward to when it would have woken.
 * Sleeps that overlap (parallel requests) end at the latest wake-up, as real ones would.
 */
export function createFakeClock(start = 1_700_000_000_000): FakeClock {
  let now = start;
  const clock: FakeClock = {
    sleeps: [],
    now: () => now,
    advance: (ms) => void (now += ms),
    async sleep(ms, signal) {
      const wake = now + Math.max(0, ms);
      clock.sleeps.push(ms);
      clock.onSleep?.(ms);
      if (signal?.aborted) throw new InterruptedError('');
      now = Math.max(now, wake);
    },
  };
  return clock;
}

export interface MemoryLogger extends Logger {
  lines: string[];
}

export function createMemoryLogger(): MemoryLogger {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => void lines.push(`info: ${m}`),
    warn: (m) => void lines.push(`warn: ${m}`),
    debug: (m) => void lines.push(`debug: ${m}`),
  };
}

/** An HTTP client for `baseUrl` with a test's defaults (credentials, a fake clock, a memory logger, no jitter). */
export function testHttpClient(baseUrl: string, over: Partial<HttpClientOptions> = {}): HttpClient {
  return createHttpClient({
    baseUrl,
    apiId: 'id',
    apiKey: 'key-123456',
    userAgent: 't',
    clock: createFakeClock(),
    log: createMemoryLogger(),
    random: () => 0,
    ...over,
  });
}
