// R5: an optional fixed-window rate limit per account. Every answered request of a limited
// account carries X-RateLimit-Limit, -Remaining and (designed) -Reset; a 429 has no body, adds
// Retry-After, and does not consume quota.

/**
 * R38: the spec shows X-RateLimit-* on 200 answers, so an emulator without `--rate-limit` reports
 * this quota too. Designed: large enough that no test or client reaches it, and never enforced
 * (a spent nominal quota still answers; the headers then say 0 remaining).
 */
export const NOMINAL_RATE_LIMIT: RateLimitOptions = { limit: 100_000, windowMs: 60_000 };

export interface RateLimitOptions {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

type RateDecision =
  { allowed: true; headers: Record<string, string> } | { allowed: false; headers: Record<string, string> };

/** What the limiter did since the last reset of the counters (admin stats). */
export interface RateLimitStats {
  limit: number;
  windowMs: number;
  /** Windows opened, over all accounts. */
  windows: number;
  /** Requests let through: the quota used. */
  allowed: number;
  /** Requests answered 429. */
  rejected: number;
  /**
   * When the first and the last of these windows opened (emulator clock, unix ms; null before any):
   * the quota offered over a run is its windows and the time between them (designed here).
   */
  firstWindowAt: number | null;
  lastWindowAt: number | null;
}

interface Window {
  startMs: number;
  used: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private counters = RateLimiter.noCounters();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly clock: () => number = Date.now,
  ) {
    if (!Number.isInteger(options.limit) || options.limit < 1)
      throw new Error('rate limit: limit must be a positive integer');
    if (!(options.windowMs > 0)) throw new Error('rate limit: windowMs must be positive');
  }

  get limit(): number {
    return this.options.limit;
  }

  /** Takes one request from the account's quota when there is one left. */
  take(accountId: string): RateDecision {
    const now = this.clock();
    let window = this.windows.get(accountId);
    if (!window || now >= window.startMs + this.options.windowMs) {
      // A window opens with the first request after the previous one ended.
      window = { startMs: now, used: 0 };
      this.windows.set(accountId, window);
      this.counters.windows++;
      this.counters.firstWindowAt ??= now;
      this.counters.lastWindowAt = now;
    }
    const headers = this.headers(window.startMs + this.options.windowMs, window.used);
    if (window.used >= this.options.limit) {
      headers['Retry-After'] = String(Math.max(1, Math.ceil((window.startMs + this.options.windowMs - now) / 1000)));
      this.counters.rejected++;
      return { allowed: false, headers };
    }
    window.used++;
    this.counters.allowed++;
    headers['X-RateLimit-Remaining'] = String(this.options.limit - window.used);
    return { allowed: true, headers };
  }

  /**
   * The headers the account's next answer would carry, without taking quota: for answers that
   * do nothing (injected faults), which must not change the limiter's state either.
   */
  peek(accountId: string): Record<string, string> {
    const now = this.clock();
    const window = this.windows.get(accountId);
    if (!window || now >= window.startMs + this.options.windowMs) return this.headers(now + this.options.windowMs, 0);
    return this.headers(window.startMs + this.options.windowMs, window.used);
  }

  stats(): RateLimitStats {
    return { limit: this.options.limit, windowMs: this.options.windowMs, ...this.counters };
  }

  /** Zeroes the counters; the windows (the quota state) are kept. */
  resetStats(): void {
    this.counters = RateLimiter.noCounters();
  }

  private static noCounters(): Omit<RateLimitStats, 'limit' | 'windowMs'> {
    return { windows: 0, allowed: 0, rejected: 0, firstWindowAt: null, lastWindowAt: null };
  }

  private headers(resetMs: number, used: number): Record<string, string> {
    return {
      'X-RateLimit-Limit': String(this.options.limit),
      'X-RateLimit-Remaining': String(Math.max(0, this.options.limit - used)),
      'X-RateLimit-Reset': String(Math.ceil(resetMs / 1000)),
    };
  }
}
