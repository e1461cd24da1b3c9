// R5: an optional fixed-window rate limit per account. Every answered request of a limited
// account carries X-RateLimit-Limit, -Remaining and (designed) -Reset; a 429 has no body, adds
// Retry-After, and does not consume quota.

export interface RateLimitOptions {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export type RateDecision =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; headers: Record<string, string> };

interface Window {
  startMs: number;
  used: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly clock: () => number = Date.now,
  ) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new Error('rate limit: limit must be a positive integer');
    if (!(options.windowMs > 0)) throw new Error('rate limit: windowMs must be positive');
  }

  /** Takes one request from the account's quota when there is one left. */
  take(accountId: string): RateDecision {
    const now = this.clock();
    let window = this.windows.get(accountId);
    if (!window || now >= window.startMs + this.options.windowMs) {
      // A window opens with the first request after the previous one ended.
      window = { startMs: now, used: 0 };
      this.windows.set(accountId, window);
    }
    const resetMs = window.startMs + this.options.windowMs;
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(this.options.limit),
      'X-RateLimit-Reset': String(Math.ceil(resetMs / 1000)),
    };
    if (window.used >= this.options.limit) {
      headers['X-RateLimit-Remaining'] = '0';
      headers['Retry-After'] = String(Math.max(1, Math.ceil((resetMs - now) / 1000)));
      return { allowed: false, headers };
    }
    window.used++;
    headers['X-RateLimit-Remaining'] = String(this.options.limit - window.used);
    return { allowed: true, headers };
  }
}
