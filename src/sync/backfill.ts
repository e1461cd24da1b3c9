// The first pull of a large account: one listing read page after page waits a round trip per
// page, whatever the quota allows. A backfill splits the stream's created_at range into windows
// that hold about as many documents each (the service counts them) and reads them at once, each
// with its own checkpoint. The last window is the stream itself: once the others are read to
// their end, it goes on as the one incremental listing (its range stays open at the far end).
//
// The plan is saved in the stream's checkpoint before anything is fetched, so an interrupted
// backfill resumes the same windows, and the index gets the same lines in the same order.
import { InterruptedError } from '../errors.js';
import { brasiliaDateTime, filterDateToMs } from '../fiscal/dates.js';
import type { Checkpoint, CheckpointStore, CreatedRange } from './checkpoint.js';
import type { StreamSource } from './source.js';
import { initialCheckpoint, type StreamStart } from './starts.js';

/** Below this many documents a stream is read as one listing: planning would cost more than it saves. */
export const BACKFILL_MIN_DOCS = 1000;
/** Fewer documents per window than this is not worth a listing of its own. */
const WINDOW_MIN_DOCS = 250;
/** Window boundaries are searched to this precision: windows need not be equal, only comparable. */
const BOUNDARY_PRECISION_MS = 3600_000;

const toMs = (value: string, bound: 'from' | 'to') => filterDateToMs(value, bound);
const toFilter = (ms: number) => brasiliaDateTime(new Date(ms));

/**
 * Windows covering `split.range` in order, about equal in documents; undefined when the stream
 * is small, the service cannot count, or one window would do.
 */
export async function planWindows(split: NonNullable<StreamSource['split']>, parallel: number, signal: AbortSignal): Promise<CreatedRange[] | undefined> {
  const { range } = split;
  let total: number | undefined;
  try {
    total = await split.count(range, signal);
  } catch (error) {
    // A service that cannot count (no v2 listing, another answer) is read as one listing.
    if (error instanceof InterruptedError || signal.aborted) throw error;
    return undefined;
  }
  if (total === undefined || total < BACKFILL_MIN_DOCS) return undefined;
  const k = Math.min(parallel, Math.floor(total / WINDOW_MIN_DOCS));
  if (k < 2) return undefined;
  const from = toMs(range.from, 'from');
  const to = toMs(range.to, 'to');
  // The last second of the window that holds the first `target` documents: a binary search on time.
  const boundary = async (target: number): Promise<number> => {
    let lo = from;
    let hi = to;
    while (hi - lo > BOUNDARY_PRECISION_MS) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      const n = await split.count({ from: range.from, to: toFilter(mid) }, signal);
      if (n === undefined) throw new Error('the service stopped counting documents');
      if (n >= target) hi = mid;
      else lo = mid;
    }
    return hi;
  };
  const cuts = await Promise.all(Array.from({ length: k - 1 }, (_, i) => boundary(Math.round((total * (i + 1)) / k))));
  const ends = [...new Set(cuts)].filter((c) => c > from && c < to).sort((a, b) => a - b);
  if (ends.length === 0) return undefined;
  const windows: CreatedRange[] = [];
  let start = range.from;
  for (const end of ends) {
    windows.push({ from: start, to: toFilter(end) });
    start = toFilter(end + 1000);
  }
  windows.push({ from: start, to: range.to });
  return windows;
}

/** The checkpoint of a stream split into `windows`: it reads the last one and names the others. */
export function splitCheckpoint(initial: Checkpoint, windows: CreatedRange[]): Checkpoint {
  return { ...initial, range: windows[windows.length - 1]!, windows: windows.slice(0, -1) };
}

/** The fresh checkpoint of window `i` of a split stream. */
export function windowCheckpoint(initial: Checkpoint, i: number, range: CreatedRange): Checkpoint {
  return { ...initial, stream: { ...initial.stream, window: String(i) }, range };
}

/** One stream of the run as the engine reads it: a source, where it starts, and which summary it adds to. */
export interface PlannedStream {
  source: StreamSource;
  start: StreamStart;
  /** The position of its source in the run's sources (windows add to their stream's summary). */
  of: number;
  /** A backfill window (not the stream that goes on incrementally). */
  window: boolean;
}

/**
 * The run's streams, with the windows of every split stream before it: the saved plan's when the
 * stream was split before, a new plan when it starts from the beginning (saved at once).
 */
export async function withBackfills(
  sources: StreamSource[],
  starts: StreamStart[],
  store: CheckpointStore,
  o: { concurrency: number; committedLength: number; signal: AbortSignal },
): Promise<PlannedStream[]> {
  // Every stream splits into its share of --concurrency (at least two windows): more would only
  // hold more pages in memory waiting for their turn, not fetch more at once.
  const documentStreams = sources.filter((s) => (s.phase ?? 'documents') === 'documents').length;
  const parallel = Math.max(2, Math.ceil(o.concurrency / Math.max(1, documentStreams)));
  // Planned at once: each plan is a few dozen counts, one round trip each.
  const plans = await Promise.all(
    sources.map((source, i) =>
      !starts[i]!.resumeFrom && source.split && (source.phase ?? 'documents') === 'documents' && o.concurrency > 1
        ? planWindows(source.split, parallel, o.signal)
        : undefined,
    ),
  );
  const out: PlannedStream[] = [];
  for (const [i, source] of sources.entries()) {
    let start = starts[i]!;
    const saved = start.resumeFrom;
    let windows = saved?.windows;
    const plan = plans[i];
    if (plan) {
      const checkpoint = { ...splitCheckpoint(start.checkpoint, plan), indexLength: o.committedLength };
      await store.save(checkpoint);
      start = { checkpoint, resumeFrom: checkpoint };
      windows = checkpoint.windows;
    }
    for (const [j, range] of (windows ?? []).entries()) {
      const fresh = windowCheckpoint(initialCheckpoint(source), j, range);
      const checkpoint = (saved?.windows ? await store.load(fresh.stream) : undefined) ?? fresh;
      out.push({ source, start: { checkpoint, resumeFrom: checkpoint }, of: i, window: true });
    }
    out.push({ source, start, of: i, window: false });
  }
  return out;
}
