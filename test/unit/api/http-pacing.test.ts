import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpClient } from '../../../src/api/http.js';
import { ARRIVAL_JITTER_MS } from '../../../src/api/arrivals.js';
import { OWN_RESET_MARGIN_MS, QuotaWaitTooLong, RateLimitPacer, RESET_MARGIN_MS } from '../../../src/api/pacing.js';
import type { Clock } from '../../../src/context.js';
import {
  createFakeClock,
  createMemoryLogger,
  type FakeClock,
  startScriptedServer,
  type RecordedRequest,
  type ScriptedResponse,
  type ScriptedServer,
} from '../../helpers/scripted-server.js';

const T0 = 1_700_000_000_000;

describe('R5: pacer (unit, fake clock)', () => {
  /** Sends one request through the pacer and feeds it the given response headers. */
  async function send(
    pacer: RateLimitPacer,
    clock: Clock,
    o: {
      limit?: number;
      remaining?: number;
      resetAtMs?: number;
      retryAtMs?: number;
      rateLimited?: boolean;
      receivedAt?: number;
    },
  ) {
    const release = await pacer.acquire();
    pacer.observe({ sentAt: clock.now(), rateLimited: false, ...o });
    release();
  }

  it('told the quota, no more than it is sent at once before any answer (a plan sends its counts together)', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    pacer.tell(3, 5000);
    let admitted = 0;
    const waiting = Array.from({ length: 5 }, () => pacer.acquire().then((release) => (admitted++, release)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(admitted).toBe(3);
    expect(pacer.snapshot()).toMatchObject({ remaining: 3, inFlight: 3 });
    // The first answer tells the window: the other two wait for its reset, not for a 429.
    pacer.observe({ sentAt: T0, receivedAt: T0 + 100, limit: 3, remaining: 0, rateLimited: false });
    for (const release of await Promise.all(waiting.slice(0, 3))) release();
    await Promise.all(waiting.slice(3));
    expect(admitted).toBe(5);
    expect(clock.sleeps.length).toBeGreaterThan(0);
  });

  it('sends without waiting while the quota lasts', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    for (let r = 9; r >= 1; r--) await send(pacer, clock, { limit: 10, remaining: r });
    expect(clock.sleeps).toEqual([]);
    expect(pacer.pacedMs).toBe(0);
  });

  it('waits for the reset a 429 announced before sending again', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    await send(pacer, clock, { limit: 10, remaining: 0, retryAtMs: T0 + 4000, rateLimited: true });
    await pacer.acquire();
    expect(clock.sleeps).toEqual([4000 + RESET_MARGIN_MS]);
    expect(pacer.pacedMs).toBe(4000 + RESET_MARGIN_MS);
  });

  it('learns the window from its first request (remaining = limit - 1) and the 429 reset, then predicts the next window', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    for (let r = 4; r >= 0; r--) await send(pacer, clock, { limit: 5, remaining: r });
    await send(pacer, clock, { limit: 5, remaining: 0, retryAtMs: T0 + 1000, rateLimited: true });
    expect(pacer.snapshot().windowMs).toBe(1000);
    const t1 = clock.now() + 0;
    await pacer.acquire().then((release) => release()); // waits out the first window
    expect(clock.now()).toBe(T0 + 1000 + RESET_MARGIN_MS);
    // Second window: 5 requests (one already admitted above), then a wait without any 429.
    for (let r = 4; r >= 1; r--) await send(pacer, clock, { limit: 5, remaining: r });
    await send(pacer, clock, { limit: 5, remaining: 0 });
    const before = clock.sleeps.length;
    await pacer.acquire();
    expect(clock.sleeps.length).toBe(before + 1);
    expect(clock.now()).toBeGreaterThanOrEqual(t1 + 2000);
  });

  it('R5: told the quota (--rate-limit), waits for the window its first request opened, not the Reset rounded up to the second', async () => {
    // The server's window opens with the request sent at T0 + 300, whose answer arrives 120 ms
    // later, and ends 5 s later; Reset, in whole seconds, says T0 + 6000.
    const windowEnd = async (told: boolean) => {
      const clock = createFakeClock(T0);
      const pacer = new RateLimitPacer(clock);
      if (told) pacer.tell(3, 5000);
      clock.advance(300);
      for (let r = 2; r >= 0; r--)
        await send(pacer, clock, { limit: 3, remaining: r, resetAtMs: T0 + 6000, receivedAt: clock.now() + 120 });
      await pacer.acquire();
      return clock.now();
    };
    expect(await windowEnd(true)).toBe(T0 + 300 + 120 + 5000 + OWN_RESET_MARGIN_MS);
    // Not told, the one window says 5 s already: between 4.58 s (its Reset's second before, after
    // the answer) and 5.7 s (its Reset, after the send) lies one whole second.
    expect(await windowEnd(false)).toBe(T0 + 300 + 120 + 5000 + OWN_RESET_MARGIN_MS);
  });

  it('R5: not told, a first window whose bounds hold two whole seconds ends at its Reset', async () => {
    // Sent at T0 + 950, answered 120 ms later: Reset T0 + 7000 says 4.93 to 6.05 s, 5 s or 6 s.
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    clock.advance(950);
    for (let r = 2; r >= 0; r--)
      await send(pacer, clock, { limit: 3, remaining: r, resetAtMs: T0 + 7000, receivedAt: clock.now() + 120 });
    await pacer.acquire();
    expect(clock.now()).toBe(T0 + 7000 + RESET_MARGIN_MS);
  });

  it("R5: told the quota, a Reset up to two seconds early (the server's clock behind ours, unseen within Date's tolerance) does not end the window sooner, in whatever order the answers come", async () => {
    // The window opens with the request sent at T0 + 300 (answered 120 ms later): it ends at
    // T0 + 5420. The server's clock runs 1.5 s behind ours: its Reset reads T0 + 4000 here.
    const windowEnd = async (resets: number[]) => {
      const clock = createFakeClock(T0);
      const pacer = new RateLimitPacer(clock);
      pacer.tell(3, 5000);
      clock.advance(300);
      for (const [i, resetAtMs] of resets.entries())
        await send(pacer, clock, { limit: 3, remaining: 2 - i, resetAtMs, receivedAt: clock.now() + 120 });
      await pacer.acquire();
      return clock.now();
    };
    const end = T0 + 300 + 120 + 5000 + OWN_RESET_MARGIN_MS;
    expect(await windowEnd([T0 + 4000, T0 + 6000, T0 + 4000])).toBe(end);
    expect(await windowEnd([T0 + 6000, T0 + 4000, T0 + 6000])).toBe(end);
    // Earlier than the clocks can explain: the server's window is shorter than told.
    expect(await windowEnd([T0 + 1000, T0 + 1000, T0 + 1000])).toBe(T0 + 3000 + RESET_MARGIN_MS);
  });

  it('R5: told the quota, a window whose first answer was slow (a page rendered) ends no later than the shortest round trip after its send', async () => {
    // Earlier round trips took `shortest` ms; the window's first request, sent at T0 + 300, is a
    // page whose answer comes 400 ms later. The server opened the window when the request reached
    // it: by T0 + 300 + the shortest round trip (never counted as less than 100 ms).
    const windowEnd = async (shortest: number) => {
      const clock = createFakeClock(T0);
      const pacer = new RateLimitPacer(clock);
      pacer.tell(3, 5000);
      for (let r = 2; r >= 0; r--)
        await send(pacer, clock, { limit: 3, remaining: r, receivedAt: clock.now() + shortest });
      await pacer.acquire().then((release) => release());
      clock.advance(300 - ((clock.now() - T0) % 1));
      const sentAt = clock.now();
      for (let r = 2; r >= 0; r--) await send(pacer, clock, { limit: 3, remaining: r, receivedAt: sentAt + 400 });
      await pacer.acquire();
      return clock.now() - sentAt;
    };
    expect(await windowEnd(120)).toBe(120 + 5000 + OWN_RESET_MARGIN_MS);
    expect(await windowEnd(30)).toBe(100 + 5000 + OWN_RESET_MARGIN_MS);
    expect(await windowEnd(600)).toBe(400 + 5000 + OWN_RESET_MARGIN_MS);
  });

  it('R5: a 429 overrules a told quota whose window is too short', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    pacer.tell(2, 1000);
    await send(pacer, clock, { limit: 2, remaining: 1, resetAtMs: T0 + 10_000 });
    await send(pacer, clock, { limit: 2, remaining: 0, resetAtMs: T0 + 10_000 });
    await send(pacer, clock, { limit: 2, remaining: 0, retryAtMs: T0 + 10_000, rateLimited: true });
    await pacer.acquire();
    expect(clock.now()).toBe(T0 + 10_000 + RESET_MARGIN_MS);
  });

  it('honours X-RateLimit-Reset when a 200 carries it', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    await send(pacer, clock, { limit: 2, remaining: 1, resetAtMs: T0 + 3000 });
    await send(pacer, clock, { limit: 2, remaining: 0, resetAtMs: T0 + 3000 });
    await pacer.acquire();
    expect(clock.now()).toBe(T0 + 3000 + RESET_MARGIN_MS);
  });

  it('keeps requests in flight as a reserve: with 2 left and 2 in flight the next one waits for a response', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    await send(pacer, clock, { limit: 10, remaining: 2 });
    const a = await pacer.acquire();
    await pacer.acquire();
    let third = false;
    const pending = pacer.acquire().then((r) => ((third = true), r));
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(false);
    pacer.observe({ sentAt: T0, rateLimited: false, limit: 10, remaining: 9 }); // a new window began
    a();
    await pending;
    expect(third).toBe(true);
  });

  it('R5: says how many requests of the current window are left beyond those in flight, and the whole quota again once it reset', async () => {
    // Four at a time, each 120 ms: 10 per 5 s could be spent long before each window ends.
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    // No quota known: nothing can go unused.
    expect(pacer.quotaLeft(4)).toBe(0);
    pacer.tell(10, 5000);
    await send(pacer, clock, { limit: 10, remaining: 9, receivedAt: T0 + 120 });
    expect(pacer.quotaLeft(4)).toBe(9);
    const a = await pacer.acquire();
    const b = await pacer.acquire();
    // Two on their way will take two of the nine.
    expect(pacer.quotaLeft(4)).toBe(7);
    pacer.observe({ sentAt: T0, rateLimited: false, limit: 10, remaining: 8 });
    a();
    expect(pacer.quotaLeft(4)).toBe(7);
    pacer.observe({ sentAt: T0, rateLimited: false, limit: 10, remaining: 7 });
    b();
    for (let r = 6; r >= 1; r--) await send(pacer, clock, { limit: 10, remaining: r });
    // The last one on its way: this window has nothing left, the next one's quota is at stake
    // (requests asked for now wait for its reset, and go out the moment it opens).
    const last = await pacer.acquire();
    expect(pacer.quotaLeft(4)).toBe(10);
    let early = false;
    const waiting = pacer.acquire().then((release) => ((early = clock.now() < T0 + 120 + 5000), release));
    pacer.observe({ sentAt: clock.now(), rateLimited: false, limit: 10, remaining: 0 });
    last();
    expect(pacer.quotaLeft(4)).toBe(10);
    // The window ends 5 s after its first request reached the server (by its answer, at T0 + 120).
    const opener = await waiting;
    expect(early).toBe(false);
    expect(clock.now()).toBe(T0 + 120 + 5000 + OWN_RESET_MARGIN_MS);
    // The new window's first request on its way takes one of its ten.
    expect(pacer.quotaLeft(4)).toBe(9);
    opener();
  });

  it('R5: says no request is at stake when the run could not spend the window before it ends, or nothing says when it ends', async () => {
    const clock = createFakeClock(T0);
    // A nominal quota (100,000 a minute): four at a time, 120 ms each, send 2,000 a minute.
    const nominal = new RateLimitPacer(clock);
    nominal.tell(100_000, 60_000);
    await send(nominal, clock, { limit: 100_000, remaining: 99_999, receivedAt: T0 + 120 });
    expect(nominal.quotaLeft(4)).toBe(0);
    // A limit learned from the headers, with no Reset and no 429 yet: the window's end is unknown.
    const learned = new RateLimitPacer(clock);
    await send(learned, clock, { limit: 10, remaining: 9, receivedAt: clock.now() + 120 });
    expect(learned.quotaLeft(4)).toBe(0);
  });

  it('R5: not told, it ends each window its learned length after its first request, not at the Reset rounded up', async () => {
    const clock = createFakeClock(T0 + 300);
    const pacer = new RateLimitPacer(clock);
    const ends: number[] = [];
    for (let w = 0; w < 3; w++) {
      // The window's first request reaches the server at once; its answer comes 110 ms later.
      const opened = clock.now();
      const resetAtMs = Math.ceil((opened + 5000) / 1000) * 1000;
      for (let r = 9; r >= 0; r--) {
        const release = await pacer.acquire();
        const sentAt = clock.now();
        clock.advance(110);
        pacer.observe({ sentAt, receivedAt: clock.now(), limit: 10, remaining: r, resetAtMs, rateLimited: false });
        release();
      }
      // The next window's first request waits for this one's end.
      await pacer.acquire().then((release) => release());
      ends.push(clock.now() - OWN_RESET_MARGIN_MS - opened);
    }
    // Each ends 5 s after its first request reached the server by its answer (110 ms), the first
    // one too (its Reset said 5.7 s after .300).
    expect(ends).toEqual([5110, 5110, 5110]);
  });

  it('refuses to wait longer than the caller allows', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    await send(pacer, clock, { limit: 10, remaining: 0, retryAtMs: T0 + 3_600_000, rateLimited: true });
    await expect(pacer.acquire(undefined, 60_000)).rejects.toBeInstanceOf(QuotaWaitTooLong);
  });

  it('ignores late responses to requests sent before the window was reset', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    const old = await pacer.acquire();
    await send(pacer, clock, { limit: 10, remaining: 0, retryAtMs: T0 + 1000, rateLimited: true });
    await pacer.acquire().then((r) => r()); // the window rolls over
    pacer.observe({ sentAt: T0, rateLimited: false, limit: 10, remaining: 0 }); // stale
    old();
    expect(pacer.snapshot().remaining).toBeGreaterThan(0);
  });
});

describe('R5: the window opened when its first request reached the server, as the round trips of answers that size say (unit, fake clock)', () => {
  interface Answer {
    /** Round trip, ms. */
    rt: number;
    bytes?: number;
  }

  /**
   * Spends one window of `limit` requests sent one after another, the first answered as `first`
   * says and the others as `rest` (`rest[i]`, or else the first's), then asks for the next window's
   * first request: how long after the window's first request it may go.
   */
  async function nextWindowAfter(pacer: RateLimitPacer, clock: FakeClock, limit: number, answers: Answer[]) {
    const opened = clock.now();
    for (let i = 0; i < limit; i++) {
      const release = await pacer.acquire();
      const { rt, bytes } = answers[Math.min(i, answers.length - 1)]!;
      const sentAt = clock.now();
      pacer.observe({ sentAt, receivedAt: sentAt + rt, bytes, limit, remaining: limit - 1 - i, rateLimited: false });
      release();
    }
    await pacer.acquire().then((release) => release());
    return clock.now() - opened;
  }

  const PAGE = 2_600_000;

  it('R5: told the quota, the next window goes as soon as the first request could have reached the server, when sixteen answers that size said how long the server takes', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    pacer.tell(20, 5000);
    // The first window: a count answered in 100 ms, then pages in 300 ms at the least.
    await nextWindowAfter(pacer, clock, 20, [
      { rt: 100, bytes: 120 },
      { rt: 300, bytes: PAGE },
    ]);
    // The next window's first page came 340 ms later: it waited 40 ms at most before the server
    // took it, and ARRIVAL_JITTER_MS for what the 300 ms may hold of the way.
    expect(await nextWindowAfter(pacer, clock, 20, [{ rt: 340, bytes: PAGE }])).toBe(
      340 - 300 + ARRIVAL_JITTER_MS + 5000 + OWN_RESET_MARGIN_MS,
    );
    // An answer without a size, or of a size seen fewer than sixteen times, or quicker than any
    // of its size before, is taken against the shortest round trip of all: the count's 100 ms.
    const againstShortest = (rt: number) => rt - 100 + ARRIVAL_JITTER_MS + 5000 + OWN_RESET_MARGIN_MS;
    expect(await nextWindowAfter(pacer, clock, 20, [{ rt: 340 }])).toBe(againstShortest(340));
    expect(await nextWindowAfter(pacer, clock, 20, [{ rt: 340, bytes: 4000 }, { rt: 340 }])).toBe(againstShortest(340));
    expect(await nextWindowAfter(pacer, clock, 20, [{ rt: 290, bytes: PAGE }, { rt: 340 }])).toBe(againstShortest(290));
  });

  it('R5: told the quota, another answer of the window says it opened sooner than its slow first page did', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    pacer.tell(16, 5000);
    await nextWindowAfter(pacer, clock, 16, [{ rt: 300, bytes: PAGE }]);
    // The first page rendered 900 ms; the second, sent just after it, came 310 ms later.
    expect(
      await nextWindowAfter(pacer, clock, 16, [
        { rt: 900, bytes: PAGE },
        { rt: 310, bytes: PAGE },
      ]),
    ).toBe(310 - 300 + ARRIVAL_JITTER_MS + 5000 + OWN_RESET_MARGIN_MS);
  });

  it('R5: told the quota, a window whose first request the server took late (its event loop held) ends that much later: no 429 for the next one', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    pacer.tell(16, 5000);
    await nextWindowAfter(pacer, clock, 16, [{ rt: 300, bytes: PAGE }]);
    // The server took the next window's first page 460 ms after it was written, and the others
    // behind it: the window ends 5 s after that, not 5 s after the shortest round trip (300 ms).
    expect(await nextWindowAfter(pacer, clock, 16, [{ rt: 460 + 300, bytes: PAGE }])).toBe(
      460 + ARRIVAL_JITTER_MS + 5000 + OWN_RESET_MARGIN_MS,
    );
  });

  it('R5: before sixteen answers, a window opened by the shortest round trip after its first request was sent: the least of a few answers may lie far above what the server takes', async () => {
    const clock = createFakeClock(T0);
    const pacer = new RateLimitPacer(clock);
    pacer.tell(15, 5000);
    expect(
      await nextWindowAfter(pacer, clock, 15, [
        { rt: 320, bytes: PAGE },
        { rt: 300, bytes: PAGE },
      ]),
    ).toBe(300 + 5000 + OWN_RESET_MARGIN_MS);
  });

  /** A deterministic generator (mulberry32), for the server's delays. */
  function seeded(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it.each([
    { how: 'told the quota', told: true, seed: 1 },
    { how: 'told the quota', told: true, seed: 2 },
    { how: 'learning it from the headers', told: false, seed: 3 },
    { how: 'learning it from the headers', told: false, seed: 4 },
  ])(
    'R5: $how, against a server that takes requests 0-500 ms after they were sent (seed $seed): no 429, and the first request of the next window goes within 75 ms of the end of the last on average',
    async ({ told, seed }) => {
      const random = seeded(seed);
      const clock = createFakeClock(T0 + 123);
      const pacer = new RateLimitPacer(clock);
      // One request at a time spends ten in about 2 s: the window's tail is waited for.
      const limit = 10;
      const windowMs = 5000;
      if (told) pacer.tell(limit, windowMs);
      // The server: a window opens with the first request that reaches it after the last ended.
      let start = Number.NEGATIVE_INFINITY;
      let used = 0;
      let rejected = 0;
      const gaps: number[] = [];
      for (let i = 0; i < 16 * limit; i++) {
        const release = await pacer.acquire();
        const sentAt = clock.now();
        // A loaded machine: mostly a few ms on the way, sometimes 80, now and then a server's
        // event loop held for up to half a second.
        const draw = random();
        const arrival = sentAt + (draw < 0.05 ? 200 + 300 * random() : draw < 0.25 ? 80 * random() : 5 * random());
        if (arrival >= start + windowMs) {
          // How long after the window's end the request that opened the next one was sent.
          if (Number.isFinite(start)) gaps.push(sentAt - (start + windowMs));
          start = arrival;
          used = 0;
        }
        const bytes = random() < 0.8 ? PAGE - Math.floor(200_000 * random()) : 120;
        const answeredAt = arrival + 100 + (bytes > 1000 ? 50 : 0) + 40 * random() + 5 * random();
        const headers = {
          limit,
          remaining: Math.max(0, limit - used - 1),
          resetAtMs: Math.ceil((start + windowMs) / 1000) * 1000,
        };
        if (used >= limit) {
          rejected++;
          const retryAtMs = answeredAt + Math.ceil((start + windowMs - arrival) / 1000) * 1000;
          pacer.observe({ sentAt, receivedAt: answeredAt, ...headers, retryAtMs, rateLimited: true });
        } else {
          used++;
          pacer.observe({ sentAt, receivedAt: answeredAt, bytes, ...headers, rateLimited: false });
        }
        release();
        // One request at a time: the next goes once this one's answer came.
        clock.advance(Math.max(0, answeredAt - clock.now()));
      }
      expect(rejected).toBe(0);
      // Before, the next window's first request went some 150 ms after the end: the shortest round
      // trip (100 ms at the least) and a 50 ms margin. The first three windows, before sixteen
      // pages were seen, still may.
      const later = gaps.slice(3);
      expect(later.length).toBeGreaterThanOrEqual(10);
      expect(later.reduce((a, b) => a + b, 0) / later.length).toBeLessThan(75);
    },
  );
});

interface WindowShape {
  limit: number;
  windowMs: number;
  /** Laravel counts whole seconds: the window starts at the second of its first request. */
  aligned: boolean;
  /** Whether 200s carry X-RateLimit-Reset too (the real service sends it only with 429s). */
  resetOn200: boolean;
}

/** A fixed window that opens with the first request after the previous one ended. */
function fixedWindow(clock: Clock, w: WindowShape) {
  let end = Number.NEGATIVE_INFINITY;
  let used = 0;
  const rejected: number[] = [];
  const respond = (_: RecordedRequest): ScriptedResponse => {
    const now = clock.now();
    if (now >= end) {
      end = (w.aligned ? Math.floor(now / 1000) * 1000 : now) + w.windowMs;
      used = 0;
    }
    const reset = Math.ceil(end / 1000);
    const limitHeaders = { 'X-RateLimit-Limit': w.limit, 'X-RateLimit-Remaining': Math.max(0, w.limit - used - 1) };
    if (used >= w.limit) {
      rejected.push(now);
      return {
        status: 429,
        headers: { ...limitHeaders, 'X-RateLimit-Reset': reset, 'Retry-After': Math.ceil((end - now) / 1000) },
      };
    }
    used++;
    return {
      body: { ok: true },
      headers: { ...limitHeaders, ...(w.resetOn200 ? { 'X-RateLimit-Reset': reset } : {}) },
    };
  };
  return { respond, rejected };
}

/**
 * A fake clock for parallel streams: time moves only when every running stream is asleep, to the
 * earliest wake-up. Requests in flight then never see time jump under them, whatever the load of
 * the machine, so a run is the same every time.
 */
function createSteppedClock(start: number, streams: number) {
  let now = start;
  let running = streams;
  const sleepers: Array<{ wake: number; resolve: () => void }> = [];
  const step = () => {
    if (running === 0 || sleepers.length < running) return;
    sleepers.sort((a, b) => a.wake - b.wake);
    now = Math.max(now, sleepers[0]!.wake);
    while (sleepers.length && sleepers[0]!.wake <= now) sleepers.shift()!.resolve();
  };
  const clock: Clock = {
    now: () => now,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        sleepers.push({ wake: now + Math.max(0, ms), resolve });
        step();
      }),
  };
  return { clock, streamDone: () => void (running--, step()) };
}

describe('R5: pacing against a fixed-window server', () => {
  let server: ScriptedServer;
  afterEach(async () => {
    await server.close();
  });

  async function run(streams: number, total: number, shape: WindowShape) {
    const { clock, streamDone } = createSteppedClock(T0 + 300, streams);
    const window = fixedWindow(clock, shape);
    server = await startScriptedServer({ fallback: window.respond });
    const http = createHttpClient({
      baseUrl: server.url,
      apiId: 'id',
      apiKey: 'key-123456',
      userAgent: 't',
      clock,
      log: createMemoryLogger(),
      random: () => 0.5,
    });
    const one = () => http.request({ method: 'GET', path: '/v1/nfe/received', schema: z.object({ ok: z.boolean() }) });
    await Promise.all(
      Array.from({ length: streams }, async () => {
        for (let i = 0; i < total / streams; i++) await one();
        streamDone();
      }),
    );
    await http.close();
    return { rejected: window.rejected.length, elapsed: clock.now() - T0 - 300, stats: http.stats };
  }

  const window = { limit: 20, windowMs: 10_000, aligned: false, resetOn200: false };
  it.each([
    ['one stream', 1, window],
    ['four parallel streams', 4, window],
    ['one stream, whole-second windows', 1, { ...window, aligned: true }],
    ['four parallel streams, whole-second windows', 4, { ...window, aligned: true }],
  ])(
    '%s: 100 requests at 20 per 10 s window meet at most 2 429s and use at least 90%% of the quota',
    async (_, streams, shape) => {
      const { rejected, elapsed, stats } = await run(streams, 100, shape);
      expect(rejected).toBeLessThanOrEqual(2);
      expect(stats.requests).toBe(100 + rejected);
      expect(stats.pacedMs).toBeGreaterThan(0);
      // 100 requests need at least 4 resets (40 s of fake time); 90% of the quota allows 44.4 s.
      expect(elapsed).toBeLessThanOrEqual(40_000 / 0.9);
    },
  );

  it('when 200s carry X-RateLimit-Reset no 429 is needed at all', async () => {
    const { rejected } = await run(2, 100, { ...window, resetOn200: true });
    expect(rejected).toBe(0);
  });
});

describe('R5: without pacing information', () => {
  let server: ScriptedServer;
  beforeEach(async () => {
    server = await startScriptedServer({ fallback: { body: { ok: true } } });
  });
  afterEach(async () => {
    await server.close();
  });

  it('responses without rate-limit headers never cause a wait', async () => {
    const clock = createFakeClock(T0);
    const http = createHttpClient({
      baseUrl: server.url,
      apiId: 'id',
      apiKey: 'key-123456',
      userAgent: 't',
      clock,
      log: createMemoryLogger(),
    });
    for (let i = 0; i < 5; i++) await http.request({ method: 'GET', path: '/x', schema: z.unknown() });
    expect(clock.sleeps).toEqual([]);
    await http.close();
  });
});
