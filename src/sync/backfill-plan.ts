// A backfill's plan: the windows a large stream's created_at range is split into, about equal in
// reading time, found from the service's counts in few round trips (backfill.ts reads them).
import { InterruptedError } from '../errors.js';
import type { CreatedRange } from './checkpoint.js';
import type { Counted, StreamSource } from './source.js';
import { probeInstants, toFilter, toMs, upToRecent } from './backfill-months.js';
import { wholePages } from './window-pages.js';

/** Below this many documents a stream is read as one listing: planning would cost more than it saves. */
const BACKFILL_MIN_DOCS = 1000;
/**
 * Below this many documents one window reads the stream up to a recent month's start, 250
 * documents a request, and the stream itself reads on from there (designed here; upToRecent): 25
 * requests for 2,786 documents, where the windows of --concurrency and the counts that place them
 * took 67 (a v1 listing, 57). The windows at once save round trips (about T / 375 for T documents,
 * 7 for 2,800: a second at 150 ms) for some 40 counts; from here on they save 13 round trips and more.
 */
const PARALLEL_MIN_DOCS = 5000;
/** Fewer documents per window than this is not worth a listing of its own. */
const WINDOW_MIN_DOCS = 250;
/** Window boundaries are searched to this precision in time... */
const BOUNDARY_PRECISION_MS = 3600_000;
/** ...or in documents: a window may hold this share of its target more or less. */
const BOUNDARY_TOLERANCE = 0.1;
/**
 * Windows per slot of --concurrency (the stream itself holds one slot): a slot whose window ends
 * takes the next one not begun, so that at the end the slots wait on a window this much shorter.
 */
const WINDOWS_PER_SLOT = 2;
/** Rounds of counts after the first: each asks one count per boundary not found yet, all at once. */
const MAX_ROUNDS = 8;
/**
 * Where a later round counts, in tolerances of documents from each boundary's interpolated
 * instant: two close ones settle it where the density holds (0.8 of a tolerance apart, so that
 * a density a little off still leaves them within one), the wider ones where it does not (months
 * of a year are uneven), so that one round usually does where four points took two.
 */
const AROUND_GUESS = [-4, -1.5, -0.4, 0.4, 1.5, 4];
/**
 * Counts sent at once while planning: the probes (besides the totals they go out with), and a
 * later round's six counts per boundary.
 * Small requests (a one-record page's Total), before any page is fetched: they hold no memory,
 * and a round trip saved is some 150 ms of every backfill. Plans made at once share them.
 */
export const COUNTS_AT_ONCE = 24;
/** Filter dates have whole seconds. */
const second = (ms: number) => Math.floor(ms / 1000) * 1000;

/** How many documents were created up to an instant, as far as the counts so far tell. */
interface Known {
  at: number;
  count: number;
}

/**
 * Windows covering `split.range` in order, about equal in reading time; undefined when the stream
 * is small, the service cannot count, or one window would do.
 *
 * Boundaries are found by counting prefixes of the range (`from` to an instant), every count of a
 * round at once, so that planning costs few round trips whatever the range: the first round asks
 * the total, the next the starts of recent days and of months over the last ten years
 * (probeInstants: documents are mostly recent). The stream itself reads on from the latest of them
 * with documents after it (a day or so of documents: its slot then reads windows too), and the
 * boundaries of the windows before are interpolated between the counts (designed here: the
 * windows are read in turn on each slot, which evens out what the interpolation misses). Only a
 * boundary whose interval holds more than a window's documents is counted again, in rounds at
 * its interpolated instant within the smallest interval known to hold it. The instants asked
 * depend on the counts alone (the clock only says which days and months are recent), so a
 * backfill interrupted while planning plans about the same windows again (and nothing is fetched
 * before its plan is saved). When no probe has documents after it, the stream itself reads the
 * last window, a `split.windowSpeedup`-th of the others' when they read that many times as many
 * documents per request. `probes`: how many of the probes the second round asks (plans made at
 * once share COUNTS_AT_ONCE); `countsCost`: asked after the probes, true when the rate limit's
 * quota binds (each count then costs a page), and the plan then ends with them; `withTotal`: the
 * probes go out with the total, each sent once (below), so that the first two rounds are one.
 */
export async function planWindows(
  split: NonNullable<StreamSource['split']>,
  parallel: number,
  signal: AbortSignal,
  o: {
    now?: Date;
    probes?: number;
    countsCost?: () => boolean;
    onTotal?: (total: number) => void;
    withTotal?: boolean;
  } = {},
): Promise<CreatedRange[] | undefined> {
  const { range } = split;
  const from = toMs(range.from, 'from');
  const to = toMs(range.to, 'to');
  const now = o.now ?? new Date();
  // `withTotal`: the probes go out with the total, not a round trip after it (designed here,
  // issue 28: a round trip of every backfill). Each is sent once, with no retry of its own and no
  // mark on the run's retries, so that a service that does not answer is asked each probe once
  // (the total alone spends retries), and one that failed is asked again below when still needed.
  // A count is the same whenever it is asked, so the plan is the one probes asked after the total
  // make; the probes before the first document the total names are asked for nothing (nine on an
  // account of one year), as are all of them for a stream too small to split. A small stream's
  // cuts (upToRecent's) are among the probes when one stream is planned. A probe still on its way
  // when the plan is made is let answer, not ended: an ended request takes its connection with it.
  const counting = split.count(range, signal);
  const early = new Map<number, Promise<number | undefined>>();
  if (o.withTotal) {
    for (const at of probeInstants(now, o.probes).filter((t) => t > from && t < to))
      early.set(
        at,
        split.count({ from: range.from, to: toFilter(at) }, signal, true).then(
          (n) => n?.total,
          () => undefined,
        ),
      );
  }
  const counted = new Map<number, number>();
  const countAt = async (at: number): Promise<number> => {
    const had = counted.get(at) ?? (await early.get(at));
    if (had !== undefined) {
      counted.set(at, had);
      return had;
    }
    const n = await split.count({ from: range.from, to: toFilter(at) }, signal);
    if (n === undefined) throw new Error('the service stopped counting documents');
    counted.set(at, n.total);
    return n.total;
  };
  let all: Counted | undefined;
  try {
    all = await counting;
  } catch (error) {
    // A service that cannot count (no v2 listing, another answer) is read as one listing.
    if (error instanceof InterruptedError || signal.aborted) throw error;
    return undefined;
  }
  if (all !== undefined) o.onTotal?.(all.total);
  if (all === undefined || all.total < BACKFILL_MIN_DOCS) return undefined;
  const total = all.total;
  if (total < PARALLEL_MIN_DOCS)
    return upToRecent(
      split,
      total,
      now,
      async (at) => (await early.get(at)) ?? (await split.count({ from: range.from, to: toFilter(at) }, signal))?.total,
    );
  const k = Math.min(parallel, Math.floor(total / WINDOW_MIN_DOCS));
  if (k < 2) return undefined;
  // Not before the first document the listing gives (designed here): in the order of creation,
  // as the service's listings go, nothing lies before it, and where they do not the round
  // around the boundaries counts what the probes missed.
  const earliest = Math.max(from, all.first === undefined ? from : second(all.first) - 1000);
  const probes = probeInstants(now, o.probes).filter((at) => at > earliest && at < to);
  /** At most this many counts at once (each holds a listener on the run's abort signal). */
  const inRounds = async (ats: number[]) => {
    for (let i = 0; i < ats.length; i += COUNTS_AT_ONCE)
      await Promise.all(ats.slice(i, i + COUNTS_AT_ONCE).map((at) => countAt(at)));
  };
  await inRounds(probes);
  // Where the stream itself reads on: the latest probe with documents after it. Not an instant
  // past the documents the service has: one it creates later could get a created_at before it.
  const cuts = probes.filter((at) => counted.get(at)! < total);
  const cut = cuts.length > 0 ? Math.max(...cuts) : undefined;
  const upTo = cut === undefined ? total : counted.get(cut)!;
  // Every slot reads windows (the stream's own part is short), or, without a cut, all but the
  // stream's, which reads the last window; the windows of a slot are read one after the other
  // (startsQueued), so that none sits idle at the end while another reads a long window.
  const slots = cut === undefined ? k - 1 : k;
  const n = Math.max(1, Math.min(slots * WINDOWS_PER_SLOT, Math.floor(upTo / WINDOW_MIN_DOCS) - 1));
  const perSlot = n / slots;
  // Shares of the documents: without a cut the last window (the stream itself) may read more slowly.
  const tail = cut === undefined ? 1 / Math.max(1, split.windowSpeedup ?? 1) : 0;
  const share = upTo / (n + tail * perSlot);
  // With a cut, the windows read `upTo` documents in whole pages (wholePages); without one, the
  // stream's own window reads at its own pace and the shares are even.
  const whole = cut !== undefined && split.pageSize ? wholePages(upTo, n, split.pageSize) : undefined;
  const targets = whole ?? Array.from({ length: cut === undefined ? n : n - 1 }, (_, i) => Math.round(share * (i + 1)));
  const known: Known[] = [
    { at: earliest - 1000, count: 0 },
    { at: to, count: total },
    ...probes.map((at) => ({ at, count: counted.get(at)! })),
  ];
  const countKnown = async (ats: number[]) => {
    await inRounds(ats);
    for (const at of ats) if (!known.some((x) => x.at === at)) known.push({ at, count: counted.get(at)! });
  };
  // A slot's windows add up: the tolerance is a share of what one slot reads.
  const tolerance = Math.max(1, share * perSlot * BOUNDARY_TOLERANCE);
  /** The interval known to hold the target-th document: the last point below it, the first at or above. */
  const bracket = (target: number): [Known, Known] => {
    known.sort((a, b) => a.at - b.at);
    const hi = known.findIndex((x) => x.count >= target);
    return [known[hi - 1]!, known[hi]!];
  };
  // Within an interval of a window's documents at most, interpolation does: a window a little off
  // is evened out by the slot's other window.
  const coarse = ([lo, hi]: [Known, Known]) => hi.count - lo.count > share && hi.at - lo.at > BOUNDARY_PRECISION_MS;
  // Under a quota the run can spend, a count costs a page: the probes' boundaries do.
  const rounds = o.countsCost?.() ? 0 : MAX_ROUNDS;
  for (let round = 0; round < rounds; round++) {
    const asks = new Set<number>();
    for (const target of targets) {
      const b = bracket(target);
      if (!coarse(b)) continue;
      const [lo, hi] = b;
      // Around the interpolated instant, a tolerance of documents apart at the interval's
      // density: where the density holds, two of them bracket the boundary closely enough to
      // settle it, so one round trip usually does. Never within an eighth of the interval's ends:
      // a skewed interval still shrinks by that much each round.
      const perDoc = (hi.at - lo.at) / (hi.count - lo.count);
      const guess = lo.at + perDoc * (target - lo.count);
      const margin = (hi.at - lo.at) / 8;
      for (const step of AROUND_GUESS)
        asks.add(second(Math.min(hi.at - margin, Math.max(lo.at + margin, guess + step * perDoc * tolerance))));
    }
    if (asks.size === 0) break;
    await countKnown([...asks]);
  }
  const ends = targets.map((target) => {
    const [lo, hi] = bracket(target);
    // A boundary placed for whole pages is interpolated however close its counts: taking the
    // counted instant moved it by up to a tolerance (a fifth of a window), a page or more.
    if (!whole && hi.count - lo.count <= tolerance) return hi.at === to ? lo.at : hi.at;
    return second(lo.at + ((hi.at - lo.at) * (target - lo.count)) / (hi.count - lo.count));
  });
  if (cut !== undefined) ends.push(cut);
  const sorted = [...new Set(ends)].filter((c) => c >= from && c < to).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const windows: CreatedRange[] = [];
  let start = range.from;
  for (const end of sorted) {
    windows.push({ from: start, to: toFilter(end) });
    start = toFilter(end + 1000);
  }
  windows.push({ from: start, to: range.to });
  return windows;
}
