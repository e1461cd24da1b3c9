// The first pull of a large account: one listing read page after page waits a round trip per
// page, whatever the quota allows. A backfill splits the stream's created_at range into windows
// that hold about as many documents each (the service counts them) and reads them at once, each
// with its own checkpoint. The last window is the stream itself: once the others are read to
// their end, it goes on as the one incremental listing (its range stays open at the far end).
//
// The plan is saved in the stream's checkpoint before anything is fetched, so an interrupted
// backfill resumes the same windows, and the index gets the same set of lines.
import type { Checkpoint, Checkpoints, CreatedRange } from './checkpoint.js';
import type { StreamSource } from './source.js';
import { COUNTS_AT_ONCE, planWindows } from './backfill-plan.js';
import { initialCheckpoint, type StreamStart } from './starts.js';

/** The checkpoint of a stream split into `windows`: it reads the last one and names the others. */
function splitCheckpoint(initial: Checkpoint, windows: CreatedRange[]): Checkpoint {
  return { ...initial, range: windows[windows.length - 1]!, windows: windows.slice(0, -1) };
}

/** The fresh checkpoint of window `i` of a split stream. */
function windowCheckpoint(initial: Checkpoint, i: number, range: CreatedRange): Checkpoint {
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
  /** Lanes of its stream (the stream itself and its windows) read at once: its share of --concurrency. */
  slots: number;
  /** The stream's documents as the plan's first count found them (the stream itself, planned now). */
  total?: number | undefined;
}

/**
 * The run's streams, with the windows of every split stream before it: the saved plan's when the
 * stream was split before, a new plan when it starts from the beginning (saved at once).
 */
export async function withBackfills(
  sources: StreamSource[],
  starts: StreamStart[],
  store: Checkpoints,
  o: {
    concurrency: number;
    committedLength: number;
    signal: AbortSignal;
    quotaTold?: boolean | undefined;
    quotaLeft?: ((maxInFlight: number) => number) | undefined;
  },
): Promise<PlannedStream[]> {
  // Every stream splits into its share of --concurrency (at least two windows): more would only
  // hold more pages in memory waiting to be written, not fetch more at once.
  const documentStreams = sources.filter((s) => (s.phase ?? 'documents') === 'documents').length;
  const parallel = Math.max(2, Math.ceil(o.concurrency / Math.max(1, documentStreams)));
  const planning = sources.map(
    (source, i) =>
      !starts[i]!.resumeFrom && source.split && (source.phase ?? 'documents') === 'documents' && o.concurrency > 1,
  );
  // Planned at once, a few round trips of counts each; their probes share COUNTS_AT_ONCE.
  const probes = Math.floor(COUNTS_AT_ONCE / Math.max(1, planning.filter(Boolean).length));
  const countsCost = () => Boolean(o.quotaTold) || (o.quotaLeft?.(o.concurrency) ?? 0) > 0;
  const totals: (number | undefined)[] = [];
  const plans = await Promise.all(
    sources.map((source, i) =>
      planning[i]
        ? planWindows(source.split!, parallel, o.signal, {
            probes,
            countsCost,
            onTotal: (n) => (totals[i] = n),
            // Under a told quota each count costs a page: none is asked on a guess.
            withTotal: !o.quotaTold,
          })
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
      out.push({ source, start: { checkpoint, resumeFrom: checkpoint }, of: i, window: true, slots: parallel });
    }
    out.push({ source, start, of: i, window: false, slots: parallel, total: totals[i] });
  }
  return out;
}
