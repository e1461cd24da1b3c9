import { describe, expect, it } from 'vitest';
import { backoffMs, decideRetry, formatMs, readRateLimit, serverWaitMs } from '../../../src/api/retry.js';

const NOW = 1_700_000_000_000;

describe('backoff', () => {
  it('doubles from 500 ms and is capped at 30 s; full jitter scales it by random()', () => {
    const top = () => 1;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(n, top))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffMs(3, () => 0.25)).toBe(500);
    expect(backoffMs(3, () => 0)).toBe(0);
  });
});

describe('R5: rate-limit headers', () => {
  it('reads limit, remaining, Reset (unix seconds) and Retry-After (seconds)', () => {
    const info = readRateLimit(
      {
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(NOW / 1000 + 30),
        'retry-after': '7',
      },
      NOW,
    );
    expect(info).toEqual({ limit: 100, remaining: 0, resetAtMs: NOW + 30_000, retryAtMs: NOW + 7_000 });
    expect(serverWaitMs(info, NOW)).toBe(30_000);
  });

  it('the later of Retry-After and Reset wins', () => {
    const info = readRateLimit({ 'x-ratelimit-reset': String(NOW / 1000 + 2), 'retry-after': '9' }, NOW);
    expect(serverWaitMs(info, NOW)).toBe(9_000);
  });

  it('accepts Retry-After as an HTTP date and ignores garbage', () => {
    const date = new Date(NOW + 12_000).toUTCString();
    expect(serverWaitMs(readRateLimit({ 'retry-after': date }, NOW), NOW)).toBe(12_000);
    expect(readRateLimit({ 'retry-after': 'soon', 'x-ratelimit-limit': 'many' }, NOW)).toEqual({});
  });

  it('corrects Reset for clock skew shown by the Date header (a local clock 5 min late)', () => {
    const serverNow = NOW + 300_000;
    const info = readRateLimit(
      { date: new Date(serverNow).toUTCString(), 'x-ratelimit-reset': String(serverNow / 1000 + 10) },
      NOW,
    );
    expect(serverWaitMs(info, NOW)).toBe(10_000);
  });

  it('a Date header within its own 1 s resolution is not taken as skew', () => {
    const info = readRateLimit(
      { date: new Date(NOW - 900).toUTCString(), 'x-ratelimit-reset': String(NOW / 1000 + 10) },
      NOW,
    );
    expect(info.resetAtMs).toBe(NOW + 10_000);
  });
});

describe('retry decisions', () => {
  const policy = { maxAttempts: 4, budgetMs: 10_000, random: () => 1 };

  it('backs off until maxAttempts, then gives up naming the attempts', () => {
    expect(decideRetry(policy, 1, 0)).toEqual({ delayMs: 500 });
    expect(decideRetry(policy, 3, 1500)).toEqual({ delayMs: 2000 });
    expect(decideRetry(policy, 4, 3500)).toEqual({ giveUp: 'after 4 attempts and 3.5 s of waiting' });
  });

  it('R5: a server hint is a floor for the wait', () => {
    expect(decideRetry(policy, 1, 0, 7000)).toEqual({ delayMs: 7000 });
  });

  it('a hint beyond the remaining budget gives up now; backoff is clipped to the budget', () => {
    expect(decideRetry(policy, 1, 5000, 6000)).toMatchObject({
      giveUp: expect.stringContaining('the server asks to wait 6 s'),
    });
    expect(decideRetry({ ...policy, budgetMs: 1200 }, 2, 1000)).toEqual({ delayMs: 200 });
    expect(decideRetry({ ...policy, budgetMs: 1000 }, 2, 1000)).toMatchObject({
      giveUp: expect.stringContaining('retry budget'),
    });
  });

  it('formats durations for people', () => {
    expect([850, 1500, 7000, 45_000, 125_000].map(formatMs)).toEqual(['850 ms', '1.5 s', '7 s', '45 s', '2 min 5 s']);
  });
});
