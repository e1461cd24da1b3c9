// A window's length, learned from the Reset (whole seconds, rounded up) of successive windows when
// the quota was not told (R5): closer than a Reset's second, so a learned quota loses less of each window.
import { describe, expect, it } from 'vitest';
import { WindowLength } from '../../../src/api/window-length.js';

const T0 = 1_700_000_000_000;
/** What a server with windows of `ms` that open with their first request says: Reset rounded up to the second. */
const resetOf = (arrival: number, ms: number) => Math.ceil((arrival + ms) / 1000) * 1000;

describe('R5: WindowLength', () => {
  it('one window of 5 s says 5 s when one whole second lies within its bounds; else it takes a second window', () => {
    const w = new WindowLength();
    // Written at .300, reached the server by .410 (the shortest round trip after): 4.59 to 5.7 s.
    w.observe(resetOf(T0 + 300, 5000), T0 + 300, T0 + 410);
    expect(w.endBy(T0 + 5_410)).toBe(T0 + 10_410);
    // Written at .950, reached by 1.060: 4.94 to 6.05 s, 5 s or 6 s; its upper bound is past its Reset.
    const late = new WindowLength();
    late.observe(resetOf(T0 + 950, 5000), T0 + 950, T0 + 1_060);
    expect(late.endBy(T0 + 1_060)).toBeUndefined();
    // A second window opened at another fraction of a second settles it.
    late.observe(resetOf(T0 + 5_420, 5000), T0 + 5_420, T0 + 5_530);
    expect(late.endBy(T0 + 10_600)).toBe(T0 + 15_600);
    // The Reset would have said T0 + 16,000.
    expect(resetOf(T0 + 10_600, 5000) - (T0 + 15_600)).toBe(400);
  });

  it('takes the upper bound when more than one whole second fits what the windows said', () => {
    const w = new WindowLength();
    // Both opened just before a second's end: 4 s and 5 s both fit.
    w.observe(resetOf(T0 + 950, 5000), T0 + 950, T0 + 1_060);
    w.observe(resetOf(T0 + 6_960, 5000), T0 + 6_960, T0 + 7_070);
    const end = w.endBy(T0 + 20_000)!;
    expect(end).toBeGreaterThanOrEqual(T0 + 25_000);
    expect(end).toBeLessThan(T0 + 25_100);
  });

  it('gives up on windows that do not open with their first request (aligned to the clock), and after a 429', () => {
    const aligned = new WindowLength();
    // Windows of 5 s on the clock's multiples of 5 s: one opened by a request at 0.2 s, one at 8.3 s.
    aligned.observe(T0 + 5_000, T0 + 200, T0 + 310);
    aligned.observe(T0 + 10_000, T0 + 8_300, T0 + 8_410);
    expect(aligned.endBy(T0 + 10_100)).toBeUndefined();

    // A 429 once a window's end was taken from the length.
    const rejected = new WindowLength();
    rejected.observe(resetOf(T0 + 300, 5000), T0 + 300, T0 + 410);
    expect(rejected.endBy(T0 + 5_410)).toBe(T0 + 10_410);
    rejected.reject();
    rejected.observe(resetOf(T0 + 5_420, 5000), T0 + 5_420, T0 + 5_530);
    expect(rejected.endBy(T0 + 10_600)).toBeUndefined();
  });

  it('a 429 before any window end was taken from it (a plan sent before any answer) leaves it learning', () => {
    const w = new WindowLength();
    w.reject();
    w.observe(resetOf(T0 + 300, 5000), T0 + 300, T0 + 410);
    w.observe(resetOf(T0 + 5_420, 5000), T0 + 5_420, T0 + 5_530);
    expect(w.endBy(T0 + 10_600)).toBe(T0 + 15_600);
  });
});
