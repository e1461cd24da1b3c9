// Planning a backfill (src/sync/backfill.ts): windows about equal in documents, found in few round
// trips of counts. A round trip is a set of counts sent together: the service is a fake that answers
// each count once every count sent with it has been asked (no clock, no timing).
import { describe, expect, it } from 'vitest';
import { filterDateToMs } from '../../../src/fiscal/dates.js';
import { planWindows } from '../../../src/sync/backfill.js';
import type { CreatedRange } from '../../../src/sync/checkpoint.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const ALL = { from: '2000-01-01 00:00:00', to: '2099-12-31 23:59:59' };

/**
 * `n` creation instants over the `years` before NOW, ever denser towards NOW (as an account that
 * grows), in working hours: a fixed pseudo-random sequence.
 */
function createdAt(n: number, years: number): number[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const span = years * 365 * 86_400_000;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const day = Math.floor(Math.sqrt(next()) * (span / 86_400_000));
    out.push(NOW.getTime() - span + day * 86_400_000 + (8 + next() * 10) * 3600_000);
  }
  return out.sort((a, b) => a - b);
}

/** A service counting `instants` in a range; `roundTrips` counts the sets of counts sent together. */
function service(instants: number[]) {
  const s = { roundTrips: 0, counts: 0, count: undefined as unknown as (r: CreatedRange) => Promise<number> };
  let batch: Array<() => void> | undefined;
  s.count = (range: CreatedRange) => {
    s.counts++;
    if (!batch) {
      s.roundTrips++;
      const answering: Array<() => void> = [];
      batch = answering;
      // Answered once this turn of the event loop has sent every count it sends.
      setImmediate(() => {
        batch = undefined;
        for (const answer of answering) answer();
      });
    }
    const from = filterDateToMs(range.from, 'from');
    const to = filterDateToMs(range.to, 'to');
    const n = instants.filter((t) => t >= from && t <= to).length;
    return new Promise<number>((resolve) => batch!.push(() => resolve(n)));
  };
  return s;
}

const inWindow = (instants: number[], w: CreatedRange) =>
  instants.filter((t) => t >= filterDateToMs(w.from, 'from') && t <= filterDateToMs(w.to, 'to')).length;

describe('planWindows', () => {
  it.each([
    [13_000, 3],
    [60_000, 6],
  ])(
    'plans %i documents over %i years in 2 round trips (the total with the months of ten years, one round around the boundaries), windows near their share',
    async (n, years) => {
      const instants = createdAt(n, years);
      const s = service(instants);
      const windows = await planWindows(
        { range: ALL, count: s.count, windowSpeedup: 5 },
        4,
        new AbortController().signal,
        { now: NOW },
      );
      // Two windows for each of three slots, the stream itself on the fourth.
      expect(windows).toHaveLength(7);
      const sizes = windows!.map((w) => inWindow(instants, w));
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      // The stream's own part reads as long as two windows, at a fifth of their documents.
      const share = n / 6.4;
      for (const size of sizes.slice(0, 6)) expect(Math.abs(size - share)).toBeLessThanOrEqual(share * 0.25);
      // The total with the probes, then the boundaries: the total alone, then the recent years,
      // then the boundaries took four; rounds of one count per boundary took 6.
      expect(s.roundTrips).toBeLessThanOrEqual(2);
      // A few dozen small requests, not hundreds.
      expect(s.counts).toBeLessThanOrEqual(48);
    },
  );

  it('under a quota that binds (each count costs a page), the first round plans alone: one round trip, windows within a third of their share', async () => {
    const instants = createdAt(13_000, 3);
    const s = service(instants);
    const windows = await planWindows(
      { range: ALL, count: s.count, windowSpeedup: 5 },
      4,
      new AbortController().signal,
      {
        now: NOW,
        countsCost: () => true,
      },
    );
    expect(s.roundTrips).toBe(1);
    expect(s.counts).toBeLessThanOrEqual(24);
    expect(windows).toHaveLength(7);
    const sizes = windows!.map((w) => inWindow(instants, w));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(13_000);
    const share = 13_000 / 6.4;
    for (const size of sizes.slice(0, 6)) expect(Math.abs(size - share)).toBeLessThanOrEqual(share / 3);
  });

  it('a stream too small to split costs one round trip: the probes go with the total, nothing follows', async () => {
    const s = service(createdAt(900, 3));
    const windows = await planWindows({ range: ALL, count: s.count }, 4, new AbortController().signal, { now: NOW });
    expect(windows).toBeUndefined();
    expect(s.roundTrips).toBe(1);
    expect(s.counts).toBeLessThanOrEqual(24);
  });

  it('a service that cannot count: the failed total ends the probes sent with it, the stream is read as one listing', async () => {
    const ended: boolean[] = [];
    let fail: (e: Error) => void = () => undefined;
    const count = (range: CreatedRange, signal: AbortSignal) =>
      new Promise<number>((resolve, reject) => {
        if (range.to === ALL.to) fail = reject;
        // A probe the service never answers, until its signal ends it.
        else signal.addEventListener('abort', () => (ended.push(true), reject(new Error('aborted'))));
      });
    const planning = planWindows({ range: ALL, count }, 4, new AbortController().signal, { now: NOW, probes: 5 });
    await new Promise((r) => setImmediate(r));
    fail(new Error('404'));
    expect(await planning).toBeUndefined();
    expect(ended).toHaveLength(5);
  });
});
