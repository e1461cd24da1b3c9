import { describe, expect, it } from 'vitest';
import { ARRIVAL_JITTER_MS, Arrivals } from '../../../src/api/arrivals.js';

/** `n` answers of `bytes`, each sent at 0 and answered `ms` later. */
function seen(a: Arrivals, n: number, bytes: number, ms: number): void {
  for (let i = 0; i < n; i++) {
    a.roundTrip(0, ms);
    a.answer(0, ms, bytes);
  }
}

describe('Arrivals: when a request reached the server, from the round trips (R5 pacing)', () => {
  it('before sixteen answers: no later than the shortest round trip (at least 100 ms) after the send', () => {
    const a = new Arrivals();
    seen(a, 15, 500_000, 300);
    expect(a.arrivedBy(1000, 1900, 500_000)).toBe(1000 + 300);
    const quick = new Arrivals();
    seen(quick, 3, 500_000, 40);
    expect(quick.arrivedBy(1000, 1900, 500_000)).toBe(1000 + 100);
    // Never later than the answer itself.
    expect(quick.arrivedBy(1000, 1050, 500_000)).toBe(1050);
  });

  it("once sixteen answers of a size came: the round trip less that size's least, and the jitter", () => {
    const a = new Arrivals();
    seen(a, 16, 500_000, 300);
    seen(a, 16, 2_000, 20);
    // A page taken 600 ms late: the bound moves with it, where the shortest of all would say 20 ms.
    expect(a.arrivedBy(1000, 1900, 500_000)).toBe(1900 - 300 + ARRIVAL_JITTER_MS);
    // A small answer is measured against its own size.
    expect(a.arrivedBy(1000, 1030, 2_000)).toBe(1030 - 20 + ARRIVAL_JITTER_MS);
  });

  it("an answer quicker than its size's least is measured against the shortest of all", () => {
    const a = new Arrivals();
    seen(a, 16, 500_000, 300);
    seen(a, 16, 2_000, 20);
    expect(a.arrivedBy(1000, 1250, 500_000)).toBe(1250 - 20 + ARRIVAL_JITTER_MS);
    // An answer whose size says nothing (no Content-Length) too.
    expect(a.arrivedBy(1000, 1250, undefined)).toBe(1250 - 20 + ARRIVAL_JITTER_MS);
  });
});
