// Rate-limit pacing (R5). One pacer per HTTP client, shared by every request the client makes
// (several streams may run in parallel), so that a long run waits for the window to reset instead
// of spending requests on 429s, while still using the whole quota of each window.
//
// Model: a fixed window of `limit` requests that starts with the first request after a reset (as
// Laravel's throttle does; an aligned window then only makes our predictions conservative). The
// server tells us `limit` and `remaining` on most responses, and when the window ends only on a
// 429 (Retry-After / X-RateLimit-Reset) or on responses that happen to carry a Reset. The window
// length is learned from the first window whose start we saw (remaining = limit - 1) and end we
// were told; later windows are then predicted, so the 429 that taught us is usually the only one.
import type { Clock } from '../context.js';
import { SKEW_IGNORED_MS, type RateLimitInfo } from './retry.js';
import { Arrivals } from './arrivals.js';
import { InFlight } from './in-flight.js';
import { WindowLength } from './window-length.js';

/**
 * Waiting a little past a reset the server announced (X-RateLimit-Reset, Retry-After) absorbs a
 * disagreement between its clock and ours too small for the Date header to show.
 */
export const RESET_MARGIN_MS = 50;

/**
 * Past a window's end reckoned on our own clock (told the quota, or a length learned from the
 * Resets), from when its first request reached the server: only the clocks' millisecond rounding
 * and the bound on that arrival (ARRIVAL_JITTER_MS) are left to absorb.
 */
export const OWN_RESET_MARGIN_MS = 10;

/** The quota is spent and resets later than the caller is willing to wait. */
export class QuotaWaitTooLong extends Error {
  constructor(readonly waitMs: number) {
    super(`rate-limit quota spent; it resets in ${waitMs} ms`);
  }
}

interface PacerObservation extends RateLimitInfo {
  /** When the request that got this response was sent (local clock). */
  sentAt: number;
  /** The answer's size in bytes (Content-Length), when it says one. */
  bytes?: number | undefined;
  /** When its answer arrived: the server took it between sentAt and now (default: sentAt). */
  receivedAt?: number;
  rateLimited: boolean;
}

type PaceWaitListener = (ms: number, state: { limit?: number | undefined; remaining?: number | undefined }) => void;

export class RateLimitPacer {
  /** Total time spent waiting for a window to reset. */
  pacedMs = 0;
  private limit: number | undefined;
  private remaining: number | undefined;
  private resetAt: number | undefined;
  private windowStart: number | undefined;
  /** True when windowStart is the send time of the window's first request, not an estimate. */
  private windowStartExact = false;
  /**
   * When the server opened the window at the latest (its first request reached it by then), less
   * the least time a request takes to reach it: the next window's first request, sent a window
   * after this, reaches it once the window ended (arrivedBy).
   */
  private windowOpenedBy: number | undefined;
  /** What the answers' round trips say of when a request reached the server. */
  private readonly arrivals = new Arrivals();
  /** Whether the current window's end is reckoned on our clock (OWN_RESET_MARGIN_MS) or said by the server. */
  private ownReset = false;
  private windowMs: number | undefined;
  /** The user told the quota (`--rate-limit`): the window length is known, not learned. */
  private told = false;
  /** Not told: what the windows' Resets say of their length, closer than a Reset's second. */
  private readonly length = new WindowLength();
  private readonly inFlight = new InFlight();
  /** Responses to requests sent before this instant belong to an earlier window. */
  private since = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly clock: Clock,
    private readonly onWait?: PaceWaitListener,
  ) {}

  /** Waits until a request may be sent; call the returned function once its response was observed. */
  async acquire(signal?: AbortSignal, maxWaitMs = Number.POSITIVE_INFINITY): Promise<() => void> {
    for (;;) {
      const now = this.clock.now();
      this.rollWindow(now);
      const need = this.waitNeeded(now);
      if (need === 0) return this.admit(now);
      if (need === 'in-flight') {
        await this.inFlight.nextRelease(signal);
        continue;
      }
      if (need > maxWaitMs) throw new QuotaWaitTooLong(need);
      this.onWait?.(need, { limit: this.limit, remaining: this.remaining });
      await this.clock.sleep(need, signal);
      this.pacedMs += need;
    }
  }

  /**
   * The quota as the user knows it (`pull --rate-limit 30/5s`). The window's end is then its first
   * request's send time plus the window, where the server's Reset (whole seconds, rounded up)
   * would say up to a second later: on a 5 s window, a tenth of the quota.
   */
  tell(limit: number, windowMs: number): void {
    this.limit = limit;
    this.windowMs = windowMs;
    this.told = true;
    // Before any answer, at most the quota is sent at once (a plan's counts go out together).
    this.remaining ??= limit;
  }

  /** Feeds the rate-limit headers of a response (any status) into the model. */
  observe(o: PacerObservation): void {
    if (o.limit !== undefined) this.limit = o.limit;
    if (o.receivedAt !== undefined) this.arrivals.roundTrip(o.sentAt, o.receivedAt);
    try {
      this.observeWindow(o);
    } finally {
      // After the window's bounds: a request's own round trip says nothing of how soon it arrived.
      if (o.receivedAt !== undefined && !o.rateLimited) this.arrivals.answer(o.sentAt, o.receivedAt, o.bytes);
    }
  }

  private observeWindow(o: PacerObservation): void {
    // A response to a request sent before the current window was set up describes an older
    // window (or the same one, with a count we already have): it can only mislead.
    if (o.sentAt < this.since) return;
    if (o.rateLimited) return this.onRateLimited(o);
    if (o.remaining === undefined || this.limit === undefined) return;
    // Responses of parallel requests arrive out of order, but within one window `remaining` only
    // goes down; a rise larger than the parallelism can only be a new window.
    const fresh = this.remaining === undefined || o.remaining > this.remaining + this.inFlight.peak;
    this.remaining = fresh ? o.remaining : Math.min(this.remaining!, o.remaining);
    if (o.remaining === this.limit - 1) this.startWindow(o.sentAt, true, o.receivedAt, o.bytes);
    else if (fresh) this.startWindow(o.sentAt, false, o.receivedAt, o.bytes);
    else this.openedBefore(o);
    if (o.resetAtMs !== undefined && o.resetAtMs > this.clock.now()) this.learnReset(o.resetAtMs);
  }

  /** The quota paced by, once known: told (`--rate-limit`) or learned from the answers' headers. */
  quota(): { limit: number; windowMs: number | undefined; told: boolean } | undefined {
    return this.limit === undefined ? undefined : { limit: this.limit, windowMs: this.windowMs, told: this.told };
  }

  /**
   * Requests the current window still allows beyond those in flight (once it has none, the next
   * window's quota), when the window could run out
   * before it resets (`maxInFlight` requests at a time, each a shortest round trip long): those a
   * run does not send while its writer is behind are lost. 0 when nothing is at stake: no quota
   * known, no end of the window known, or a quota far larger than the run can use (a nominal one).
   */
  quotaLeft(maxInFlight: number): number {
    if (this.remaining === undefined || this.resetAt === undefined) return 0;
    const now = this.clock.now();
    const reset = now >= this.resetAt + this.resetMargin();
    // A window whose reset has passed has its whole quota again (rollWindow, at the next acquire).
    // One spent already puts the next one's at stake: requests asked for now wait in acquire() and
    // go out the moment it opens, where a stream that waited for the writer to ask would send the
    // window's first request late (a page being written takes some 100 ms on a loaded machine).
    const next = reset || this.remaining - this.inFlight.count <= 0;
    const left = Math.max(
      0,
      next ? (this.limit ?? 0) - (reset ? this.inFlight.count : 0) : this.remaining - this.inFlight.count,
    );
    const until = next ? (this.windowMs ?? 0) : this.resetAt - now;
    const sendable = (maxInFlight * until) / this.arrivals.sendInterval();
    return left < sendable ? left : 0;
  }

  /** For tests and the trace. */
  snapshot() {
    return {
      limit: this.limit,
      remaining: this.remaining,
      resetAt: this.resetAt,
      windowMs: this.windowMs,
      inFlight: this.inFlight.count,
    };
  }

  private onRateLimited(o: PacerObservation): void {
    const at = Math.max(o.retryAtMs ?? Number.NEGATIVE_INFINITY, o.resetAtMs ?? Number.NEGATIVE_INFINITY);
    // A bare 429 (no limit, no reset) says nothing a later response could correct: keep no state.
    if (!Number.isFinite(at) && this.limit === undefined) return;
    this.remaining = 0;
    this.since = o.sentAt;
    if (!this.told) this.length.reject();
    if (Number.isFinite(at)) this.learnReset(at, true);
  }

  private learnReset(at: number, rejected = false): void {
    this.resetAt = at;
    this.ownReset = false;
    if (this.windowStart === undefined || !this.windowStartExact || at <= this.windowStart) return;
    // Told the window: it ends that long after our first request reached the server, which is
    // after we sent it (by as much as a busy event loop takes) and before its answer arrived. A
    // Reset, read on our clock, ends it sooner only by more than the two clocks may disagree
    // unseen (readRateLimit): one whose server's clock ran a second behind ours said the window
    // ended a second early, and whichever answer came last decided (429s, or a second lost). A
    // 429 says otherwise (a wrong --rate-limit) and is obeyed as it is.
    if (this.told) {
      const told = (this.windowOpenedBy ?? this.windowStart) + this.windowMs!;
      if (!rejected && told <= at + SKEW_IGNORED_MS) {
        this.resetAt = told;
        this.ownReset = true;
      } else if (!rejected) this.resetAt = at + SKEW_IGNORED_MS;
      return;
    }
    // Reset and Retry-After have 1 s resolution, and a server may floor the window start to a
    // whole second: rounding up makes every such case err on the side of waiting a bit longer.
    this.windowMs = Math.ceil((at - this.windowStart) / 1000) * 1000;
    if (rejected) return;
    const openedBy = this.windowOpenedBy ?? at;
    this.length.observe(at, this.windowStart, openedBy);
    const end = this.length.endBy(openedBy);
    // The learned length, where the Reset's second rounded up said a second more (6 s for 5 s).
    if (end !== undefined) this.windowMs = end - openedBy;
    this.resetAt = Math.min(at, end ?? at);
    this.ownReset = end !== undefined && end < at;
  }

  /**
   * `receivedAt`: when the answer to the window's first request came. The server opened the window
   * when that request reached it: after it was sent, and by the time its answer came at the latest.
   * A page's answer comes after the server rendered it, which may take longer than the round trip
   * itself: its round trip less the server's least time for an answer that size (arrivedBy) is a
   * closer bound, and later answers of the window may close it further (openedBefore).
   */
  private startWindow(sentAt: number, exact: boolean, receivedAt = sentAt, bytes?: number): void {
    this.since = sentAt;
    this.windowStart = sentAt;
    this.windowStartExact = exact;
    this.windowOpenedBy = this.arrivals.arrivedBy(sentAt, receivedAt, bytes);
    this.ownReset = this.told;
    this.resetAt = this.windowMs === undefined ? undefined : (this.told ? this.windowOpenedBy : sentAt) + this.windowMs;
  }

  /**
   * Another answer of the window whose first request we saw: the server counted it after that
   * one, so the window opened before it arrived, which may be sooner than the first's answer says
   * (its page took longer to render). Told the quota, the window then ends sooner too.
   */
  private openedBefore(o: PacerObservation): void {
    if (!this.windowStartExact || this.windowStart === undefined || this.windowOpenedBy === undefined) return;
    if (o.sentAt < this.windowStart || o.receivedAt === undefined) return;
    const by = Math.max(this.windowStart, this.arrivals.arrivedBy(o.sentAt, o.receivedAt, o.bytes));
    if (by >= this.windowOpenedBy) return;
    this.windowOpenedBy = by;
    if (this.told && this.ownReset && this.windowMs !== undefined) this.resetAt = by + this.windowMs;
  }

  /** How long past the window's end the next may open: the server said the end, or our clock did. */
  private resetMargin(): number {
    return this.ownReset ? OWN_RESET_MARGIN_MS : RESET_MARGIN_MS;
  }

  /** Once the known or predicted reset has passed, the whole quota is available again. */
  private rollWindow(now: number): void {
    if (this.resetAt === undefined || now < this.resetAt + this.resetMargin()) return;
    this.remaining = this.limit;
    this.resetAt = undefined;
    this.windowStart = undefined;
    this.since = now;
  }

  /** 0: send now; a number: sleep that long; 'in-flight': wait for a response that may say more. */
  private waitNeeded(now: number): number | 'in-flight' {
    if (this.remaining === undefined) return 0;
    // Requests in flight will each take one of the remaining slots: keep them as a reserve.
    if (this.remaining - this.inFlight.count > 0) return 0;
    if (this.resetAt !== undefined) return Math.max(1, this.resetAt + this.resetMargin() - now);
    // Nothing says when the window ends: a 429 will tell us, unless a response in flight does first.
    return this.inFlight.count > 0 && this.limit !== undefined ? 'in-flight' : 0;
  }

  private admit(now: number): () => void {
    if (this.windowMs !== undefined && this.windowStart === undefined && this.limit !== undefined) {
      // The first request after a reset opens the next window: predict its end from now.
      this.windowStart = now;
      this.windowStartExact = false;
      this.windowOpenedBy = undefined;
      this.resetAt = now + this.windowMs;
      this.ownReset = false;
    }
    return this.inFlight.begin();
  }
}
