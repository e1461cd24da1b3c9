import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sentOnce, withSignal } from '../../../src/api/http-views.js';
import { buildUrl, createHttpClient, type HttpClientOptions } from '../../../src/api/http.js';
import { RequestSlot, slotSignal } from '../../../src/api/request-slot.js';
import {
  ExitCode,
  InterruptedError,
  ProtocolError,
  RateLimitError,
  TemporaryError,
  ApiError,
  exitCodeOf,
} from '../../../src/errors.js';
import {
  createFakeClock,
  createMemoryLogger,
  startScriptedServer,
  type ScriptedServer,
} from '../../helpers/scripted-server.js';

const KEY = 'sk_live_0123456789abcdefWXYZ';
const okSchema = z.object({ ok: z.boolean() });
const OK = { body: { ok: true } };

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

function setup(over: Partial<HttpClientOptions> = {}) {
  const clock = createFakeClock();
  const log = createMemoryLogger();
  // random = 1 makes full jitter take its ceiling, so backoff durations are exact.
  const http = createHttpClient({
    baseUrl: server.url,
    apiId: 'api-id-1',
    apiKey: KEY,
    userAgent: 'fiscal/test',
    clock,
    log,
    random: () => 1,
    ...over,
  });
  return { http, clock, log };
}

const get = { method: 'GET', path: '/v1/nfe/received', schema: okSchema } as const;

describe('request basics', () => {
  it('R1: sends X-API-ID, X-API-KEY, X-Use-ApiGateway, User-Agent and Accept; Content-Type only with a body', async () => {
    const { http } = setup();
    server.enqueue(OK, OK);
    await http.request(get);
    await http.request({ method: 'POST', path: '/v2/dfe/nfe', body: { Limit: 1 }, schema: okSchema });
    const [g, p] = server.requests;
    expect(g!.headers).toMatchObject({
      'x-api-id': 'api-id-1',
      'x-api-key': KEY,
      'x-use-apigateway': 'always',
      'user-agent': 'fiscal/test',
      accept: 'application/json',
    });
    expect(g!.headers['content-type']).toBeUndefined();
    expect(p!.headers).toMatchObject({
      'x-api-key': KEY,
      'x-use-apigateway': 'always',
      'content-type': 'application/json',
    });
    expect(p!.json).toEqual({ Limit: 1 });
    await http.close();
  });

  it('builds URLs from a base with a path prefix, literal bracket keys and repeated array keys', () => {
    const url = buildUrl('https://api.example/gw/', '/v1/nfe/received', {
      cursor: 0,
      limit: 50,
      'access_key[]': ['1', '2'],
      filter: '(= status ok)',
      'created_at[from]': '2024-01-01 00:00:00',
      skip: undefined,
      flag: true,
    });
    expect(url).toBe(
      'https://api.example/gw/v1/nfe/received?cursor=0&limit=50&access_key[]=1&access_key[]=2&filter=(%3D%20status%20ok)&created_at[from]=2024-01-01%2000%3A00%3A00&flag=true',
    );
    expect(new URL(url).searchParams.getAll('access_key[]')).toEqual(['1', '2']);
  });

  it('returns status, lower-case headers and the parsed body', async () => {
    const { http } = setup();
    server.enqueue({
      body: { ok: true, extra: 1 },
      headers: { 'X-RateLimit-Limit': 100, 'X-RateLimit-Remaining': 99 },
    });
    const res = await http.request(get);
    expect(res).toMatchObject({ status: 200, body: { ok: true }, headers: { 'x-ratelimit-remaining': '99' } });
    expect(http.stats).toMatchObject({ requests: 1, retries: 0 });
  });

  it('a 2xx body that does not match the schema is a ProtocolError naming the path and the first issue', async () => {
    const { http } = setup();
    server.enqueue({ body: { ok: 'yes' } });
    const err = await http.request(get).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProtocolError);
    expect((err as Error).message).toMatch(/^GET \/v1\/nfe\/received: unexpected response body: ok: /);
    expect(server.requests).toHaveLength(1);
    // The server's fault, not a bug of ours: its own exit code.
    expect(exitCodeOf(err)).toBe(ExitCode.unreadableAnswer);
  });
});

describe('retries', () => {
  it('retries 500 and 503 with exponential backoff, then succeeds', async () => {
    const { http, clock } = setup();
    server.enqueue({ status: 500 }, { status: 503, body: { error: 'busy' } }, OK);
    await expect(http.request(get)).resolves.toMatchObject({ body: { ok: true } });
    expect(clock.sleeps).toEqual([500, 1000]);
    expect(http.stats).toMatchObject({ requests: 3, retries: 2, serverErrors: 2 });
  });

  it('R5: honours Retry-After on 429', async () => {
    const { http, clock } = setup();
    server.enqueue(
      { status: 429, headers: { 'Retry-After': 7, 'X-RateLimit-Limit': 10, 'X-RateLimit-Remaining': 0 } },
      OK,
    );
    await http.request(get);
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(7000);
    expect(http.stats.rateLimited).toBe(1);
  });

  it('R5: honours X-RateLimit-Reset when it says later than Retry-After', async () => {
    const { http, clock } = setup();
    const reset = Math.ceil(clock.now() / 1000) + 20;
    server.enqueue(
      {
        status: 429,
        headers: { 'Retry-After': 2, 'X-RateLimit-Reset': reset, 'X-RateLimit-Limit': 10, 'X-RateLimit-Remaining': 0 },
      },
      OK,
    );
    await http.request(get);
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(reset * 1000 - 1_700_000_000_000);
  });

  it('retries a connection reset before the answer', async () => {
    const { http } = setup();
    server.enqueue({ reset: true }, OK);
    await expect(http.request(get)).resolves.toMatchObject({ body: { ok: true } });
    expect(http.stats).toMatchObject({ networkErrors: 1, retries: 1 });
  });

  it('retries a socket reset in the middle of the body', async () => {
    const { http } = setup();
    server.enqueue({ body: { ok: true, padding: 'x'.repeat(5000) }, resetAfterBytes: 100 }, OK);
    await expect(http.request(get)).resolves.toMatchObject({ body: { ok: true } });
    expect(http.stats.networkErrors).toBe(1);
  });

  it('retries a truncated JSON body', async () => {
    const { http } = setup();
    server.enqueue({ body: '{"ok": tr' }, OK);
    await expect(http.request(get)).resolves.toMatchObject({ body: { ok: true } });
    expect(http.stats.retries).toBe(1);
  });

  it('retries a read timeout', async () => {
    const { http } = setup({ timeoutMs: 150 });
    server.enqueue({ body: { ok: true }, stall: true }, OK);
    await expect(http.request(get)).resolves.toMatchObject({ body: { ok: true } });
    expect(http.stats.networkErrors).toBe(1);
    await http.close();
  });

  it('exhausted 5xx retries throw TemporaryError (exit 5) saying how many attempts and that retrying later is safe', async () => {
    const { http } = setup({ maxAttempts: 3 });
    server.enqueue({ status: 503, body: { error: 'maintenance' } }, { status: 503 }, { status: 502 });
    const err = await http.request(get).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TemporaryError);
    expect((err as Error).message).toBe(
      'GET /v1/nfe/received: 502 Bad Gateway; gave up after 3 attempts and 1.5 s of waiting; safe to retry later',
    );
    expect(exitCodeOf(err)).toBe(ExitCode.temporary);
    expect(http.stats).toMatchObject({ requests: 3, retries: 2, serverErrors: 3 });
  });

  it('R5: exhausted 429 retries throw RateLimitError (exit 5)', async () => {
    const { http } = setup({ maxAttempts: 2 });
    const r429 = { status: 429, headers: { 'Retry-After': 1 } };
    server.enqueue(r429, r429);
    const err = await http.request(get).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as Error).message).toMatch(/rate limited \(429\); gave up after 2 attempts.*safe to retry later/);
    expect(exitCodeOf(err)).toBe(ExitCode.temporary);
    expect(http.stats.rateLimited).toBe(2);
  });

  it('R5: a Retry-After longer than the retry budget gives up at once', async () => {
    const { http, clock } = setup({ retryBudgetMs: 10_000 });
    server.enqueue({ status: 429, headers: { 'Retry-After': 3600 } });
    const err = await http.request(get).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as Error).message).toMatch(/asks to wait 60 min 0 s/);
    expect(clock.sleeps).toEqual([]);
    // The pacer now knows the quota is spent for an hour: the next request is not even sent.
    const next = await http.request(get).catch((e: unknown) => e);
    expect(next).toBeInstanceOf(RateLimitError);
    expect((next as Error).message).toMatch(/quota spent; it resets in 60 min/);
    expect(server.requests).toHaveLength(1);
  });

  it('the retry budget caps the total waiting', async () => {
    const { http, clock } = setup({ retryBudgetMs: 2_000, maxAttempts: 10 });
    for (let i = 0; i < 10; i++) server.enqueue({ status: 500 });
    await expect(http.request(get)).rejects.toBeInstanceOf(TemporaryError);
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2_000);
  });

  it('never retries a 400', async () => {
    const { http } = setup();
    server.enqueue({ status: 400, body: { error: { code: 'E1', message: 'bad' } } });
    await expect(http.request(get)).rejects.toBeInstanceOf(ApiError);
    expect(server.requests).toHaveLength(1);
  });

  it('a POST without retry is not retried on 500 or on a reset, and says why', async () => {
    const { http } = setup();
    const post = { method: 'POST', path: '/v1/nfe/upload', body: { invoices: [] }, schema: okSchema } as const;
    server.enqueue({ status: 500, body: { error: 'boom' } }, { reset: true });
    const e1 = await http.request(post).catch((e: unknown) => e);
    const e2 = await http.request(post).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(TemporaryError);
    expect((e1 as Error).message).toMatch(
      /^POST \/v1\/nfe\/upload: 500 Internal Server Error: boom; not retried automatically/,
    );
    expect(e2).toBeInstanceOf(TemporaryError);
    expect(server.requests).toHaveLength(2);
  });

  it('a POST whose connection was refused is retried: nothing reached the server', async () => {
    const closed = await startScriptedServer();
    await closed.close();
    const { http } = setup({ baseUrl: closed.url, maxAttempts: 3 });
    const err = await http
      .request({ method: 'POST', path: '/v1/nfe/upload', body: {}, schema: okSchema })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TemporaryError);
    // The host tried is named: a wrong base URL shows at once.
    const host = new URL(closed.url).host;
    expect((err as Error).message).toContain(
      `POST /v1/nfe/upload: connection refused by ${host}; gave up after 3 attempts`,
    );
    expect(http.stats.networkErrors).toBe(3);
    await http.close();
  });

  it('a list POST with retry: true is retried', async () => {
    const { http } = setup();
    server.enqueue({ status: 500 }, OK);
    await http.request({ method: 'POST', path: '/v2/dfe/nfe', body: {}, schema: okSchema, retry: true });
    expect(server.requests).toHaveLength(2);
  });

  it('a request sent once (a guess asked ahead: sentOnce) fails at its first 500 or 429, with no wait, and leaves the run its retries', async () => {
    const { http, clock } = setup({ maxAttempts: 2 });
    const list = { method: 'POST', path: '/v2/dfe/nfe', body: {}, schema: okSchema, retry: true } as const;
    server.enqueue({ status: 500 }, { status: 429, headers: { 'Retry-After': 1 } });
    await expect(sentOnce(http).request(list)).rejects.toBeInstanceOf(TemporaryError);
    await expect(sentOnce(http).request(list)).rejects.toBeInstanceOf(RateLimitError);
    expect(server.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([]);
    // Had either given up the ordinary way, the run's next failure would give up at once.
    server.enqueue({ status: 500 }, OK);
    await http.request(list);
    expect(server.requests).toHaveLength(4);
  });

  it('R5: a 429 is retried even for a POST without retry (the server refused it before doing anything)', async () => {
    const { http } = setup();
    server.enqueue({ status: 429, headers: { 'Retry-After': 1 } }, OK);
    await http.request({ method: 'POST', path: '/v1/nfe/upload', body: {}, schema: okSchema });
    expect(server.requests).toHaveLength(2);
  });
});

describe('interruption', () => {
  it('aborting during a request throws InterruptedError', async () => {
    const ac = new AbortController();
    const { http } = setup({ signal: ac.signal });
    server.enqueue({ body: { ok: true }, stall: true });
    server.onRequest = () => ac.abort();
    await expect(http.request(get)).rejects.toBeInstanceOf(InterruptedError);
    await http.close();
  });

  it('aborting during a backoff sleep throws InterruptedError and sends nothing more', async () => {
    const ac = new AbortController();
    const { http, clock } = setup({ signal: ac.signal });
    clock.onSleep = () => ac.abort();
    server.enqueue({ status: 503 }, OK);
    await expect(http.request(get)).rejects.toBeInstanceOf(InterruptedError);
    expect(server.requests).toHaveLength(1);
  });

  it("a request's own signal ends its retries: aborted in the backoff after a 429, no warning and nothing more sent", async () => {
    const ac = new AbortController();
    const { http, clock, log } = setup();
    clock.onSleep = () => ac.abort(new InterruptedError('time limit'));
    server.enqueue({ status: 429, headers: { 'Retry-After': 1 } }, OK);
    const err = await http.request({ ...get, signal: ac.signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterruptedError);
    expect((err as Error).message).toBe('time limit');
    expect(server.requests).toHaveLength(1);
    // The client itself goes on: only that request was stopped.
    server.enqueue(OK);
    await expect(http.request(get)).resolves.toMatchObject({ body: { ok: true } });
    expect(log.lines.filter((l) => l.startsWith('warn:') && !l.includes('retry 1 of'))).toEqual([]);
  });

  it("withSignal: the view's requests end with its signal, mid-request, and share the stats; the client goes on", async () => {
    const ac = new AbortController();
    const { http, log } = setup();
    const view = withSignal(http, ac.signal);
    server.enqueue({ body: { ok: true }, stall: true });
    server.onRequest = () => ac.abort();
    await expect(view.request(get)).rejects.toBeInstanceOf(InterruptedError);
    server.onRequest = undefined;
    await expect(view.request(get)).rejects.toBeInstanceOf(InterruptedError);
    expect(server.requests).toHaveLength(1);
    server.enqueue(OK);
    await expect(http.request(get)).resolves.toMatchObject({ status: 200 });
    expect(view.stats.requests).toBe(2);
    expect(log.lines.filter((l) => l.startsWith('warn:'))).toEqual([]);
    await http.close();
  });

  it('an already aborted signal sends nothing', async () => {
    const ac = new AbortController();
    ac.abort(new InterruptedError('SIGINT'));
    const { http } = setup({ signal: ac.signal });
    const err = await http.request(get).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterruptedError);
    expect((err as Error).message).toBe('SIGINT');
    expect(server.requests).toHaveLength(0);
  });
});

// A pull's lane holds a slot of --concurrency for its request (src/api/request-slot.ts), named by
// its signal: the HTTP core gives it back once a successful answer has arrived whole, before the
// answer is parsed, and not on an answer it sends the request again for, so that the retry still
// holds the slot.
/** `fn` with a client whose requests name a slot that `release` gives back. */
function inSlot<T>(release: () => void, fn: (http: ReturnType<typeof setup>['http']) => Promise<T>): Promise<T> {
  const slot = new RequestSlot();
  const { http } = setup();
  return slot.hold(release, () => fn(withSignal(http, slotSignal(new AbortController().signal, slot))));
}

describe('a request slot', () => {
  it('is given back once, when the 2xx answer arrived, before it is parsed', async () => {
    const events: string[] = [];
    // Parsed by a schema that records when it runs: the slot is free by then.
    const schema = z.object({ ok: z.boolean() }).transform((v) => (events.push('parsed'), v));
    server.enqueue({ body: { ok: true } });
    const out = await inSlot(
      () => events.push('released'),
      (http) => http.request({ method: 'GET', path: '/v1/nfe/received', schema }),
    );
    expect(out.body).toEqual({ ok: true });
    expect(events).toEqual(['released', 'parsed']);
  });

  it('is held through an answer that is sent again (a 500), and given back on the 2xx that follows', async () => {
    const released: number[] = [];
    server.enqueue({ status: 500, body: { message: 'oops' } }, { body: { ok: true } });
    await inSlot(
      () => released.push(server.requests.length),
      (http) => http.request({ method: 'GET', path: '/v1/nfe/received', schema: z.object({ ok: z.boolean() }) }),
    );
    expect(server.requests).toHaveLength(2);
    expect(released).toEqual([2]);
  });
});
