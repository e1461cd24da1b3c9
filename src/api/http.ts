// The HTTP core: one `request` function over one undici pool per client. It sends the R1 headers,
// paces requests against the rate limit (pacing.ts), retries what is safe to retry (retry.ts),
// parses 2xx bodies with the caller's zod schema, maps error answers to typed errors
// (errors-map.ts) and never lets the API key into a message or a trace line (redact.ts).
import { setMaxListeners } from 'node:events';
import { FiscalError, InterruptedError, ProtocolError, RateLimitError, TemporaryError } from '../errors.js';
import { describeNetworkError } from './errors-map.js';
import { readAnswer, type Attempt, type Retryable } from './http-answer.js';
import {
  ANSWER_TIMEOUT_FACTOR,
  AnswerTooLarge,
  MAX_ANSWER_BYTES,
  answerBuffers,
  answerDeadline,
  readBounded,
} from './http-body.js';
import { PageSlabs } from './binary-fields.js';
import { notingWrites } from './http-written.js';
import { Agent, request as undiciRequest } from './undici-parts.js';
import { QuotaWaitTooLong, RateLimitPacer } from './pacing.js';
import {
  buildUrl,
  newHttpStats,
  type HttpClient,
  type HttpClientOptions,
  type HttpResponse,
  type RequestOptions,
} from './http-types.js';
import { createRedactor, traceHeaders } from './redact.js';
import { decideRetry, formatMs, readRateLimit, RunRetryBudget, type RateLimitInfo, type RetryPolicy } from './retry.js';

export * from './http-types.js';

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export function createHttpClient(o: HttpClientOptions): HttpClient {
  const timeoutMs = o.timeoutMs ?? 30_000;
  const connectTimeoutMs = o.connectTimeoutMs ?? 10_000;
  const answerTimeoutMs = o.answerTimeoutMs ?? timeoutMs * ANSWER_TIMEOUT_FACTOR;
  const maxAnswerBytes = o.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const budget = new RunRetryBudget();
  const policy: RetryPolicy = {
    maxAttempts: Math.max(1, o.maxAttempts ?? 6),
    budgetMs: o.retryBudgetMs ?? 120_000,
    random: o.random ?? Math.random,
  };
  const dispatcher =
    o.dispatcher ??
    new Agent({
      connect: { timeout: connectTimeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      keepAliveTimeout: 10_000,
    });
  const redact = createRedactor(o.apiKey);
  // Every request in flight listens on the client's signal: a backfill's planning counts and its
  // windows' pages are dozens at once, which is no leak.
  if (o.signal) setMaxListeners(64, o.signal);
  const baseUrl = o.baseUrl.replace(/\/+$/, '');
  const stats = newHttpStats();
  // Pages (answers whose base64 values are lifted) are read into buffers used again (http-body.ts).
  const answers = answerBuffers();
  const slabs = new PageSlabs();
  const pacer = new RateLimitPacer(o.clock, (ms, s) => {
    const line = `rate limit: ${s.remaining ?? '?'}/${s.limit ?? '?'} left, pausing ${formatMs(ms)} until the window resets`;
    if (ms >= 10_000) o.log.warn(line);
    else o.log.debug(`⏸ ${line}`);
  });

  /** Once closed, a request still running fails at once instead of retrying on a destroyed pool. */
  let closed = false;

  /** The client's signal and the request's own, as one. */
  const signalOf = (ro: RequestOptions<unknown>): AbortSignal | undefined =>
    ro.signal && o.signal ? AbortSignal.any([o.signal, ro.signal]) : (ro.signal ?? o.signal);

  const interrupted = (signal: AbortSignal | undefined): InterruptedError => {
    const reason: unknown = signal?.reason;
    return reason instanceof InterruptedError && reason.message ? reason : new InterruptedError('interrupted');
  };

  async function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await o.clock.sleep(ms, signal);
    } catch (err) {
      if (signal?.aborted || err instanceof InterruptedError) throw interrupted(signal);
      throw err;
    }
  }

  async function acquire(ro: RequestOptions<unknown>, signal: AbortSignal | undefined): Promise<() => void> {
    try {
      return await pacer.acquire(signal, policy.budgetMs);
    } catch (err) {
      if (err instanceof QuotaWaitTooLong) {
        throw new RateLimitError(
          redact(
            `${ro.method} ${ro.path}: rate limit quota spent; it resets in ${formatMs(err.waitMs)}, more than the retry budget of ${formatMs(policy.budgetMs)}; safe to retry later`,
          ),
          429,
          ro.method,
          ro.path,
        );
      }
      if (signal?.aborted || err instanceof InterruptedError) throw interrupted(signal);
      throw err;
    } finally {
      stats.pacedMs = pacer.pacedMs;
      stats.quota = pacer.quota();
    }
  }

  function requestHeaders(hasBody: boolean): Record<string, string> {
    return {
      'X-API-ID': o.apiId,
      'X-API-KEY': o.apiKey,
      'X-Use-ApiGateway': 'always',
      'User-Agent': o.userAgent,
      Accept: 'application/json',
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    };
  }

  async function attempt<T>(
    ro: RequestOptions<T>,
    url: string,
    lastMismatch: { bytes?: Buffer },
    signal: AbortSignal | undefined,
  ): Promise<Attempt<T>> {
    const release = await acquire(ro as RequestOptions<unknown>, signal);
    const headers = requestHeaders(ro.body !== undefined);
    const payload = ro.body === undefined ? undefined : JSON.stringify(ro.body);
    const sentAt = o.clock.now();
    stats.requests++;
    o.log.debug(redact(`→ ${ro.method} ${url}`));
    for (const line of traceHeaders(headers, redact)) o.log.debug(line);
    if (payload !== undefined)
      o.log.debug(redact(`  body: ${payload.length > 500 ? `${payload.slice(0, 500)}…` : payload}`));
    let status = 0;
    let resHeaders: Record<string, string> = {};
    let rl: RateLimitInfo = {};
    let bytes: Buffer;
    // Nothing of a page's answer outlives its reading: its documents are decoded out of it, the
    // rest parsed from text (binary-fields.ts).
    const pooled = ro.binary ? answers : undefined;
    const deadline = answerDeadline(answerTimeoutMs);
    try {
      const both = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
      // The pacer reads when the request was written (the last write, if undici sent it again).
      let writtenAt = sentAt;
      const writing = notingWrites(dispatcher, () => (writtenAt = o.clock.now()));
      const res = await undiciRequest(url, {
        dispatcher: writing,
        method: ro.method,
        headers,
        body: payload,
        signal: both,
      });
      status = res.statusCode;
      resHeaders = flattenHeaders(res.headers);
      rl = readRateLimit(resHeaders, o.clock.now());
      const answerBytes = Number(resHeaders['content-length']);
      pacer.observe({
        ...rl,
        sentAt: writtenAt,
        receivedAt: o.clock.now(),
        bytes: Number.isFinite(answerBytes) ? answerBytes : undefined,
        rateLimited: status === 429,
      });
      // From here the response counts in the server's `remaining`, no longer as in flight.
      release();
      try {
        bytes = await readBounded(res.body, resHeaders['content-length'], maxAnswerBytes, pooled);
      } catch (err) {
        res.body.destroy();
        throw err;
      }
    } catch (err) {
      if (signal?.aborted) throw interrupted(signal);
      if (err instanceof AnswerTooLarge) {
        o.log.debug(redact(`← ${status}, ${err.message}`));
        throw new ProtocolError(redact(`${ro.method} ${ro.path}: ${err.message}`));
      }
      const net = deadline.expired()
        ? { text: `the answer did not arrive whole within ${formatMs(answerTimeoutMs)}`, retry: true, unsent: false }
        : describeNetworkError(err, timeoutMs, connectTimeoutMs, new URL(url).host);
      stats.networkErrors++;
      o.log.debug(redact(`← ${status ? `${status}, then ` : ''}${net.text} (${o.clock.now() - sentAt} ms)`));
      if (!net.retry || closed)
        throw new TemporaryError(
          redact(`${ro.method} ${ro.path}: ${net.text}${closed ? ' (the client was closed)' : ''}`),
        );
      return { failed: { kind: 'network', describe: net.text, unsent: net.unsent } };
    } finally {
      deadline.clear();
      release();
    }
    // A caller's slot (a pull's lane) is free for another request while this answer is parsed.
    if (status >= 200 && status < 300) ro.onAnswer?.();
    traceResponse(status, resHeaders, bytes, sentAt);
    try {
      return readAnswer(
        { ro, status, headers: resHeaders, rl, bytes, lastMismatch },
        { stats, redact, warn: (m) => o.log.warn(m), credentialsFrom: o.credentialsFrom, baseUrl, slabs },
      );
    } finally {
      pooled?.give(bytes.buffer as ArrayBuffer);
    }
  }

  function traceResponse(status: number, headers: Record<string, string>, bytes: Buffer, sentAt: number): void {
    const remaining =
      headers['x-ratelimit-remaining'] === undefined
        ? ''
        : `, remaining ${headers['x-ratelimit-remaining']}/${headers['x-ratelimit-limit'] ?? '?'}`;
    o.log.debug(redact(`← ${status} (${o.clock.now() - sentAt} ms, ${bytes.length} bytes${remaining})`));
  }

  function finalError(ro: RequestOptions<unknown>, f: Retryable, why: string): FiscalError {
    const what = f.kind === 'rate' ? 'rate limited (429)' : f.describe;
    const message = redact(`${ro.method} ${ro.path}: ${what}; gave up ${why}`);
    // The cause says what kept failing, so a caller can ask differently (smaller v2 pages, R40).
    return f.kind === 'rate'
      ? new RateLimitError(message, 429, ro.method, ro.path)
      : new TemporaryError(message, { cause: { kind: f.kind } });
  }

  async function request<T>(ro: RequestOptions<T>): Promise<HttpResponse<T>> {
    const signal = signalOf(ro as RequestOptions<unknown>);
    if (signal?.aborted) throw interrupted(signal);
    const url = buildUrl(baseUrl, ro.path, ro.query);
    const mayRepeat = ro.retry ?? ro.method === 'GET';
    const lastMismatch: { bytes?: Buffer } = {};
    let waited = 0;
    for (let n = 1; ; n++) {
      const startedAt = o.clock.now();
      const result = await attempt(ro, url, lastMismatch, signal);
      if ('ok' in result) {
        budget.succeeded();
        return result.ok;
      }
      const f = result.failed;
      if (ro.once) throw finalError(ro as RequestOptions<unknown>, f, 'after its one attempt (sent once)');
      const lasted = budget.failed(startedAt, o.clock.now());
      // A 429 was refused before any work was done, and a refused connection carried nothing:
      // sending those again is safe even for a POST.
      if (!mayRepeat && f.kind !== 'rate' && !f.unsent) {
        throw new TemporaryError(
          redact(
            `${ro.method} ${ro.path}: ${f.describe}; not retried automatically because the request may have taken effect: check before sending it again`,
          ),
        );
      }
      const hintMs = f.retryAt === undefined ? undefined : Math.max(0, f.retryAt - o.clock.now());
      if (budget.exhausted)
        throw finalError(
          ro as RequestOptions<unknown>,
          f,
          `after ${n} attempt${n === 1 ? '' : 's'}: the run's retries are spent (another request gave up and none succeeded since); safe to retry later`,
        );
      const decision = decideRetry(policy, n, Math.max(waited, lasted), hintMs);
      if ('giveUp' in decision) {
        budget.giveUp();
        throw finalError(ro as RequestOptions<unknown>, f, `${decision.giveUp}; safe to retry later`);
      }
      // Stopped while this attempt was answered: no retry, and nothing to warn about.
      if (signal?.aborted) throw interrupted(signal);
      stats.retries++;
      const line = `${ro.method} ${ro.path}: ${f.describe}; retry ${n} of ${policy.maxAttempts - 1} in ${formatMs(decision.delayMs)}`;
      if (f.kind === 'rate' || decision.delayMs >= 5_000) o.log.warn(redact(line));
      else o.log.debug(redact(`↻ ${line}`));
      await sleep(decision.delayMs, signal);
      waited += decision.delayMs;
    }
  }

  return {
    baseUrl,
    stats,
    request,
    tellQuota: (limit, windowMs) => {
      pacer.tell(limit, windowMs);
      stats.quota = pacer.quota();
    },
    quotaLeft: (maxInFlight) => pacer.quotaLeft(maxInFlight),
    async close() {
      closed = true;
      // An injected dispatcher belongs to whoever injected it.
      if (!o.dispatcher) await dispatcher.close();
    },
  };
}
