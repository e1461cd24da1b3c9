// Retry policy: exponential backoff with full jitter, the server's own wait hints (R5), and the
// limits (attempts, total waiting) after which a request gives up.

const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 30_000;
/** Below this the local clock and the server's Date header agree within Date's 1 s resolution. */
export const SKEW_IGNORED_MS = 2_000;

/**
 * Full jitter: a random wait between 0 and the exponential ceiling. Several streams that failed
 * together then come back at different times instead of hitting the server in step again.
 * `retry` counts from 1 (the first retry).
 */
export function backoffMs(retry: number, random: () => number, base = BACKOFF_BASE_MS, cap = BACKOFF_CAP_MS): number {
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, retry - 1));
  return Math.floor(Math.min(Math.max(random(), 0), 1) * ceiling);
}

/** Rate-limit headers of one response, with times on the local clock. */
export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  /** `X-RateLimit-Reset`, converted from unix seconds to local ms. */
  resetAtMs?: number;
  /** `Retry-After` (seconds or an HTTP date), as a local ms instant. */
  retryAtMs?: number;
}

function intHeader(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*-?\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Reads R5 headers. `X-RateLimit-Reset` is the server's unix time: when the response carries a
 * `Date` header that disagrees with our clock by more than its own resolution, the reset is moved
 * by that skew, so a laptop whose clock runs minutes late neither hammers nor stalls.
 */
export function readRateLimit(headers: Record<string, string>, now: number): RateLimitInfo {
  const serverNow = headers.date === undefined ? NaN : Date.parse(headers.date);
  const skew = Number.isFinite(serverNow) && Math.abs(serverNow - now) > SKEW_IGNORED_MS ? serverNow - now : 0;
  const info: RateLimitInfo = {};
  const limit = intHeader(headers['x-ratelimit-limit']);
  const remaining = intHeader(headers['x-ratelimit-remaining']);
  const reset = intHeader(headers['x-ratelimit-reset']);
  if (limit !== undefined && limit > 0) info.limit = limit;
  if (remaining !== undefined) info.remaining = Math.max(0, remaining);
  if (reset !== undefined && reset > 0) info.resetAtMs = reset * 1000 - skew;
  const retryAfter = headers['retry-after'];
  const seconds = intHeader(retryAfter);
  if (seconds !== undefined) info.retryAtMs = now + Math.max(0, seconds) * 1000;
  else if (retryAfter !== undefined && Number.isFinite(Date.parse(retryAfter)))
    info.retryAtMs = Date.parse(retryAfter) - skew;
  return info;
}

/** R5: when a 429 says we may try again: the later of Retry-After and X-RateLimit-Reset. */
export function serverRetryAt(info: RateLimitInfo): number | undefined {
  const at = [info.retryAtMs, info.resetAtMs].filter((t): t is number => t !== undefined);
  return at.length ? Math.max(...at) : undefined;
}

/** R5: how long, from `now`, a 429 asks us to wait. */
export function serverWaitMs(info: RateLimitInfo, now: number): number | undefined {
  const at = serverRetryAt(info);
  return at === undefined ? undefined : Math.max(0, at - now);
}

export interface RetryPolicy {
  maxAttempts: number;
  budgetMs: number;
  random: () => number;
}

type RetryDecision = { delayMs: number } | { giveUp: string };

/**
 * Whether attempt number `attempt` (1-based, just failed) gets another try, and after how long.
 * A server hint is a floor: retrying before it is a wasted request. A hint beyond the remaining
 * budget ends the request at once, since waiting part of it would only earn another 429.
 */
export function decideRetry(policy: RetryPolicy, attempt: number, waitedMs: number, hintMs?: number): RetryDecision {
  if (attempt >= policy.maxAttempts)
    return { giveUp: `after ${attempt} attempts${waitedMs > 0 ? ` and ${formatMs(waitedMs)} of waiting` : ''}` };
  const left = policy.budgetMs - waitedMs;
  if (hintMs !== undefined && hintMs > left) {
    return {
      giveUp: `after ${attempt} attempts: the server asks to wait ${formatMs(hintMs)}, more than the ${formatMs(Math.max(0, left))} left of the retry budget`,
    };
  }
  if (left <= 0) return { giveUp: `after ${attempt} attempts and ${formatMs(waitedMs)} of waiting (the retry budget)` };
  const delayMs = Math.min(left, Math.max(hintMs ?? 0, backoffMs(attempt, policy.random)));
  return { delayMs };
}

/** `850 ms`, `7 s`, `2 min 5 s`: for messages a person reads. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  if (s < 120) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0).replace(/\.0$/, '')} s`;
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * One retry budget for a run (a client), not one per request: a server that fails every request
 * must not get a fresh set of attempts and a fresh wait at each endpoint the run goes on to. Since
 * the last success, the failures' time counts together (from the first failed attempt's start,
 * waiting and attempts alike), and once a request has given up, every later failure gives up at
 * once. Any success starts over.
 */
export class RunRetryBudget {
  private since: number | undefined;
  private spent = false;

  succeeded(): void {
    this.since = undefined;
    this.spent = false;
  }

  /** Records a failed attempt started at `startedAt`; answers the ms the failures have lasted. */
  failed(startedAt: number, now: number): number {
    this.since ??= startedAt;
    return now - this.since;
  }

  /** A request gave up: the run has no retries left until something succeeds. */
  giveUp(): void {
    this.spent = true;
  }

  get exhausted(): boolean {
    return this.spent;
  }
}
