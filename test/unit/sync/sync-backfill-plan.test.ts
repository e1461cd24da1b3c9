// Planning a backfill (src/sync/backfill.ts): windows about equal in documents, found in few round
// trips of counts. A round trip is a set of counts sent together: the service is a fake that answers
// each count once every count sent with it has been asked (no clock, no timing).
import { describe, expect, it } from 'vitest';
import { filterDateToMs } from '../../../src/fiscal/dates.js';
import { planWindows } from '../../../src/sync/backfill-plan.js';
import { wholePages } from '../../../src/sync/window-pages.js';
import type { CreatedRange } from '../../../src/sync/checkpoint.js';
import type { Counted } from '../../../src/sync/source.js';

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
function service(instants: number[], first = true) {
  const s = { roundTrips: 0, counts: 0, count: undefined as unknown as (r: CreatedRange) => Promise<Counted> };
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
    const within = instants.filter((t) => t >= from && t <= to);
    // The listing's first record: the earliest created, as the service lists them.
    const counted: Counted = { total: within.length, ...(first && within.length ? { first: within[0] } : {}) };
    return new Promise<Counted>((resolve) => batch!.push(() => resolve(counted)));
  };
  return s;
}

/** The plan of a stream counted by `s`, four slots, the whole range, at NOW (`pageSize`: its windows' pages). */
const planOf = (
  s: ReturnType<typeof service>,
  o: { countsCost?: () => boolean; withTotal?: boolean; pageSize?: number } = {},
) => {
  const { pageSize, ...rest } = o;
  return planWindows(
    { range: ALL, count: s.count, windowSpeedup: 5, ...(pageSize ? { pageSize } : {}) },
    4,
    new AbortController().signal,
    { now: NOW, ...rest },
  );
};

/** The requests of `pageSize` documents the windows before the stream's own part take. */
const windowPages = (sizes: number[], pageSize: number) =>
  sizes.slice(0, -1).reduce((n, size) => n + Math.ceil(size / pageSize), 0);

const inWindow = (instants: number[], w: CreatedRange) =>
  instants.filter((t) => t >= filterDateToMs(w.from, 'from') && t <= filterDateToMs(w.to, 'to')).length;

/**
 * The windows hold every document once, and each of the eight before the stream's own part is
 * within `within` of its share (what they hold together, by eight).
 */
function expectNearShare(instants: number[], windows: CreatedRange[] | undefined, within: number): number[] {
  const sizes = windows!.map((w) => inWindow(instants, w));
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(instants.length);
  const share = (instants.length - sizes.at(-1)!) / 8;
  for (const size of sizes.slice(0, 8)) expect(Math.abs(size - share)).toBeLessThanOrEqual(share * within);
  return sizes;
}

describe('planWindows', () => {
  it.each([
    [13_000, 3],
    [60_000, 6],
  ])(
    'plans %i documents over %i years in 2 or 3 round trips (the total, then recent days and the months of ten years), windows near their share, the stream itself a day',
    async (n, years) => {
      const instants = createdAt(n, years);
      const s = service(instants);
      const windows = await planOf(s);
      // Two windows for each of the four slots, then the stream itself.
      expect(windows).toHaveLength(9);
      const sizes = expectNearShare(instants, windows, 0.25);
      // The stream itself reads on from the start of today, the latest probe with documents after it.
      expect(windows!.at(-1)).toEqual({ from: '2026-11-26 00:00:01', to: ALL.to });
      expect(sizes.at(-1)).toBeLessThan(n / 200);
      // Interpolated between the probes, but for a boundary whose interval holds more than a
      // window (one round of six counts around it).
      expect(s.roundTrips).toBeLessThanOrEqual(3);
      expect(s.counts).toBeLessThanOrEqual(37);
    },
  );

  it.each([
    [13_000, 3],
    [60_000, 6],
    [13_000, 1],
  ])(
    'with the probes sent with the total (each once), plans %i documents over %i years the same windows a round trip sooner',
    async (n, years) => {
      const instants = createdAt(n, years);
      const after = service(instants);
      const windows = await planOf(after);
      const ahead = service(instants);
      const once: boolean[] = [];
      const count = ahead.count;
      ahead.count = (range: CreatedRange, ...rest: unknown[]) => {
        once.push(rest[1] === true);
        return count(range);
      };
      expect(await planOf(ahead, { withTotal: true })).toEqual(windows);
      expect(ahead.roundTrips).toBe(after.roundTrips - 1);
      // The total and the later rounds' counts are sent the ordinary way, the probes once.
      expect(once[0]).toBe(false);
      expect(once.filter(Boolean)).toHaveLength(24);
      // The probes before the first document are asked for nothing.
      expect(ahead.counts).toBeLessThanOrEqual(after.counts + 24);
    },
  );

  it('counts again only a boundary whose interval between the probes holds more than a window (ten years, sparse probes)', async () => {
    // Even over ten years: the years 5 to 10 back are probed every two or three years.
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const span = 10 * 365 * 86_400_000;
    const instants = Array.from({ length: 40_000 }, () => NOW.getTime() - span * next()).sort((a, b) => a - b);
    const s = service(instants);
    const windows = await planOf(s);
    expect(s.roundTrips).toBeGreaterThan(2);
    expectNearShare(instants, windows, 0.5);
  });

  it('R18: asks no probe before the first document named by the one-record page of the total (its CreatedAt): an account of one year is not probed over ten', async () => {
    const instants = createdAt(13_000, 1);
    const s = service(instants);
    const windows = await planOf(s);
    // A service that does not say when its first record was created is asked the older months too:
    // nine before the first document (15, 18, 24, 30, 36, 48, 60, 84 and 120 back).
    const blind = service(instants, false);
    await planOf(blind);
    expect(blind.counts - s.counts).toBe(9);
    expect(s.roundTrips).toBe(blind.roundTrips);
    expectNearShare(instants, windows, 0.25);
  });

  it('under a quota that binds (each count costs a page), the probes plan alone: two round trips', async () => {
    const instants = createdAt(13_000, 3);
    const s = service(instants);
    const windows = await planOf(s, { countsCost: () => true });
    expect(s.roundTrips).toBe(2);
    expect(s.counts).toBeLessThanOrEqual(25);
    expect(windows).toHaveLength(9);
    expectNearShare(instants, windows, 1 / 3);
  });

  it('with no probe that has documents after it, the stream itself reads the last window, a fifth of the others at 50 documents a request', async () => {
    // Every document over a year that ended ten years ago: no recent day or month has any after it.
    const instants = createdAt(13_000, 1).map((t) => t - 11 * 365 * 86_400_000);
    const s = service(instants);
    const windows = await planOf(s);
    // Two windows for each of three slots, then the stream itself on the fourth.
    expect(windows).toHaveLength(7);
    const sizes = windows!.map((w) => inWindow(instants, w));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(13_000);
    expect(windows!.at(-1)!.to).toBe(ALL.to);
    const share = 13_000 / 6.4;
    for (const size of sizes.slice(0, 6)) expect(Math.abs(size - share)).toBeLessThanOrEqual(share * 0.25);
  });

  it('a small stream (2,800 documents) is one window up to the latest month start with documents after it, the stream itself after that: two round trips of counts, 8 in all', async () => {
    const instants = createdAt(2_800, 3);
    const s = service(instants);
    const windows = await planOf(s);
    expect(s.roundTrips).toBe(2);
    expect(s.counts).toBe(8);
    // This month's start, in Brasília's time.
    expect(windows).toEqual([
      { from: ALL.from, to: '2026-11-01 00:00:00' },
      { from: '2026-11-01 00:00:01', to: ALL.to },
    ]);
    const own = inWindow(instants, windows![1]!);
    expect(own).toBeGreaterThan(0);
    expect(inWindow(instants, windows![0]!) + own).toBe(2_800);
    // A range that ends before now: the latest month start within it.
    const past = { from: '2020-01-01 00:00:00', to: '2026-06-30 23:59:59' };
    expect(await planWindows({ range: past, count: s.count }, 4, new AbortController().signal, { now: NOW })).toEqual([
      { from: past.from, to: '2026-06-01 00:00:00' },
      { from: '2026-06-01 00:00:01', to: past.to },
    ]);
    // A service whose documents all lie before every month start asked: nothing to cut at, one listing.
    const old = service(createdAt(2_800, 3).map((t) => t - 6 * 365 * 86_400_000));
    expect(
      await planWindows({ range: ALL, count: old.count }, 4, new AbortController().signal, { now: NOW }),
    ).toBeUndefined();
  });

  it('a stream too small to split costs one count: the probes wait for the total, unless sent with it', async () => {
    const s = service(createdAt(900, 3));
    const windows = await planWindows({ range: ALL, count: s.count }, 4, new AbortController().signal, { now: NOW });
    expect(windows).toBeUndefined();
    expect(s.roundTrips).toBe(1);
    expect(s.counts).toBe(1);
    // With the total: one round trip still, and the 24 probes asked for nothing.
    const ahead = service(createdAt(900, 3));
    expect(await planOf(ahead, { withTotal: true })).toBeUndefined();
    expect([ahead.roundTrips, ahead.counts]).toEqual([1, 25]);
  });

  it('a small stream (2,800 documents) with the probes sent with the total: its cut is among them, one round trip', async () => {
    const instants = createdAt(2_800, 3);
    const after = service(instants);
    const ahead = service(instants);
    const windows = await planOf(after);
    expect(await planOf(ahead, { withTotal: true })).toEqual(windows);
    expect([after.roundTrips, ahead.roundTrips]).toEqual([2, 1]);
  });

  it('a service that cannot count is read as one listing, and is asked nothing more (against one that does not answer, each count spends retries)', async () => {
    let counts = 0;
    const count = async () => {
      counts++;
      throw new Error('404');
    };
    expect(await planWindows({ range: ALL, count }, 4, new AbortController().signal, { now: NOW })).toBeUndefined();
    expect(counts).toBe(1);
    // The probes sent with the total are each sent once (no retries: the HTTP core's `once`), and
    // none is asked again once the total failed.
    const sent: boolean[] = [];
    const countOnce = async (_range: CreatedRange, _signal: AbortSignal, once?: boolean) => {
      sent.push(once === true);
      throw new Error('404');
    };
    const planned = planWindows({ range: ALL, count: countOnce }, 4, new AbortController().signal, {
      now: NOW,
      withTotal: true,
    });
    expect(await planned).toBeUndefined();
    expect(sent).toEqual([false, ...Array<boolean>(24).fill(true)]);
  });

  it('wholePages: windows in whole pages, each short of its last page by a tenth of a page or more, the longer ones first', () => {
    for (const [upTo, n, pageSize] of [
      [11_155, 8, 250],
      [11_250, 8, 250],
      [6_000, 8, 250],
      [60_000, 8, 500],
      [2_100, 8, 250],
    ] as const) {
      const targets = wholePages(upTo, n, pageSize)!;
      expect(targets).toHaveLength(n - 1);
      const bounds = [0, ...targets, upTo];
      const sizes = bounds.slice(1).map((b, i) => b - bounds[i]!);
      const pages = sizes.map((size) => Math.ceil(size / pageSize));
      // As many pages as the documents and the margins need, no more.
      expect(pages.reduce((a, b) => a + b, 0)).toBe(Math.ceil((upTo + n * Math.ceil(pageSize / 10)) / pageSize));
      for (const [i, size] of sizes.entries()) {
        expect(size).toBeGreaterThan(0);
        expect(pages[i]! * pageSize - size).toBeGreaterThanOrEqual(pageSize / 10 - 1);
      }
      // The longer windows first, none more than a page longer than another.
      expect([...pages].sort((a, b) => b - a)).toEqual(pages);
      expect(pages[0]! - pages.at(-1)!).toBeLessThanOrEqual(1);
    }
    // Fewer pages than windows: none to place.
    expect(wholePages(1_500, 8, 250)).toBeUndefined();
  });

  it.each([
    [13_000, 1],
    [13_000, 3],
    [8_000, 1],
  ])(
    'with its pages told (250 documents), plans %i documents over %i years in fewer requests than equal shares, within two of the fewest',
    async (n, years) => {
      const instants = createdAt(n, years);
      const shares = await planOf(service(instants));
      const s = service(instants);
      const windows = await planOf(s, { pageSize: 250 });
      expect(windows).toHaveLength(9);
      const sizes = windows!.map((w) => inWindow(instants, w));
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      // The same stream's own part (the cut is a probe's), the same counts or about.
      expect(windows!.at(-1)).toEqual(shares!.at(-1));
      expect(s.roundTrips).toBeLessThanOrEqual(3);
      const before = windowPages(
        shares!.map((w) => inWindow(instants, w)),
        250,
      );
      const fewest = Math.ceil((n - sizes.at(-1)!) / 250);
      expect(windowPages(sizes, 250)).toBeLessThan(before);
      expect(windowPages(sizes, 250)).toBeLessThanOrEqual(fewest + 2);
      // Still about even: no window more than a page and a margin from another's pages.
      const pages = sizes.slice(0, -1).map((size) => Math.ceil(size / 250));
      expect(Math.max(...pages) - Math.min(...pages)).toBeLessThanOrEqual(2);
    },
  );

  it('with its pages told, a large stream (60,000 documents over 6 years) is planned as even windows: boundaries interpolated, not moved to a count nearby', async () => {
    const instants = createdAt(60_000, 6);
    const shares = await planOf(service(instants));
    const windows = await planOf(service(instants), { pageSize: 250 });
    const pagesOf = (ws: CreatedRange[]) => ws.slice(0, -1).map((w) => Math.ceil(inWindow(instants, w) / 250));
    const spread = (pages: number[]) => Math.max(...pages) - Math.min(...pages);
    // Equal shares took a count within a tolerance (a fifth of a window) for a boundary: windows of
    // 25 to 35 pages, the longest read alone at the end.
    expect(spread(pagesOf(shares!))).toBeGreaterThan(4);
    expect(spread(pagesOf(windows!))).toBeLessThanOrEqual(2);
    expect(pagesOf(windows!).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(
      pagesOf(shares!).reduce((a, b) => a + b, 0) + 1,
    );
  });
});
