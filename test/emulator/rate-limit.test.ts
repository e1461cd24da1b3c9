// R5: the optional fixed-window rate limit per account.
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/emulator/rate-limit.js';
import type { Emulator } from '../../src/emulator/server.js';
import { ACCOUNTS, authHeaders, get, postV2, startSmall } from './fixtures.js';

let emu: Emulator | undefined;
/** The service's clock, as its Date header gives it (the emulator's own time, not this machine's). */
const serverNow = (r: { headers: Headers }) => Date.parse(r.headers.get('date') ?? '');

afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe('R5: rate limiting', () => {
  it('R5: every answered request carries X-RateLimit-Limit, -Remaining and -Reset (designed on 200s)', async () => {
    emu = await startSmall({ rateLimit: { limit: 5, windowMs: 60_000 } });
    const ok = await get(emu, '/v1/nfe/emitted');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit')).toBe('5');
    expect(ok.headers.get('x-ratelimit-remaining')).toBe('4');
    const reset = Number(ok.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(Math.floor(serverNow(ok) / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil(serverNow(ok) / 1000) + 61);
    const v2 = await postV2(emu, {});
    expect(v2.headers.get('x-ratelimit-remaining')).toBe('3');
    const bad = await get(emu, '/v1/nfe/emitted?limit=500');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('R5: past the limit a 429 has no body and carries the four headers; it does not consume quota', async () => {
    emu = await startSmall({ rateLimit: { limit: 2, windowMs: 60_000 } });
    await get(emu, '/v1/nfe/emitted');
    await get(emu, '/v1/nfe/emitted');
    for (let i = 0; i < 3; i++) {
      const r = await get(emu, '/v1/nfe/emitted');
      expect(r.status).toBe(429);
      expect(r.text).toBe('');
      expect(r.headers.get('content-length')).toBe('0');
      expect(r.headers.get('x-ratelimit-limit')).toBe('2');
      expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
      const retryAfter = Number(r.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const reset = Number(r.headers.get('x-ratelimit-reset'));
      expect(Math.abs(reset - (serverNow(r) / 1000 + retryAfter))).toBeLessThanOrEqual(2);
    }
  });

  it('R5: the quota is per account and comes back when the window ends', async () => {
    emu = await startSmall({ rateLimit: { limit: 1, windowMs: 1_000 } });
    expect((await get(emu, '/v1/nfe/emitted')).status).toBe(200);
    expect((await get(emu, '/v1/nfe/emitted')).status).toBe(429);
    expect((await get(emu, '/v1/nfe/emitted', authHeaders(ACCOUNTS[1]))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    const again = await get(emu, '/v1/nfe/emitted');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('R5, R38: without a rate limit nothing is limited, and 200s still carry the (nominal) rate-limit headers', async () => {
    emu = await startSmall();
    const r = await get(emu, '/v1/nfe/emitted');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-limit')).toBe('100000');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('99999');
    expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(serverNow(r) / 1000);
  });

  it('R5: unauthenticated requests are refused before the quota is touched', async () => {
    emu = await startSmall({ rateLimit: { limit: 1, windowMs: 60_000 } });
    expect((await get(emu, '/v1/nfe/emitted', {})).status).toBe(401);
    expect((await get(emu, '/v1/nfe/emitted')).status).toBe(200);
  });

  it('R5: Retry-After and X-RateLimit-Reset are whole seconds rounded up (a window opens with its first request)', () => {
    let now = 1_700_000_000_250;
    const limiter = new RateLimiter({ limit: 1, windowMs: 10_000 }, () => now);
    expect(limiter.take('a')).toEqual({
      allowed: true,
      headers: { 'X-RateLimit-Limit': '1', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '1700000011' },
    });
    now += 900; // 9.1 s left: Retry-After rounds up to 10
    expect(limiter.take('a')).toEqual({
      allowed: false,
      headers: {
        'X-RateLimit-Limit': '1',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': '1700000011',
        'Retry-After': '10',
      },
    });
    now = 1_700_000_010_249;
    expect(limiter.take('a').allowed).toBe(false);
    now = 1_700_000_010_250;
    expect(limiter.take('a').allowed).toBe(true);
    expect(() => new RateLimiter({ limit: 0, windowMs: 1 })).toThrow(/limit/);
  });
});
