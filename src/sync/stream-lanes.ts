// The run's streams as lanes (lane.ts) that share the requests in flight: each fetches its pages
// ahead under one semaphore, and the engine (pull-streams.ts) takes the page that came first.
import { RequestSlot, slotSignal } from '../api/request-slot.js';
import type { PlannedStream } from './backfill.js';
import { Lane, PAGES_AHEAD, PageBudget, Semaphore } from './lane.js';
import { PageMemory } from './page-memory.js';
import type { PulledDocument, SourcePage } from './source.js';
import type { StreamState } from './stream-state.js';
import type { PullSummary, StreamSummary } from './summary.js';

async function* nothing(): AsyncGenerator<SourcePage> {}

/**
 * Under a rate limit a writer that fell behind would leave the window's last requests unused: the
 * streams fetch on past PAGES_AHEAD, up to this many pages more in all (as many again as they
 * hold anyway with one stream per fetch).
 */
export const borrowablePages = (concurrency: number) => Math.max(1, concurrency) * PAGES_AHEAD;

/**
 * Under a told quota, requests in flight go up to this many times --concurrency while the quota's
 * current window has requests at stake and there are streams to send them (more streams than
 * --concurrency: several roles or owners, each split in windows): a window's requests are spent
 * in a burst whose length is lost at the end of a run, four at a time took 1.3 s of each 5 s window
 * (docs/bench.md). Without requests at stake, --concurrency holds.
 */
const RAISED_IN_FLIGHT = 2;

/**
 * Lanes of a split stream that fetch at once, per slot of its share of --concurrency: a window's
 * next page can only be asked once its page before has come (its Paginator is in it), and a lane
 * then waits on the page's parsing and writing as well as on the service. Meanwhile another
 * lane's request takes the slot, which a request gives back once its answer has arrived
 * (request-slot.ts), so that the slots stay busy while there is work. Each such lane holds
 * PAGES_AHEAD / LANES_PER_SLOT pages: the memory is that of one lane a slot.
 */
export const LANES_PER_SLOT = 2;

/** Pages a split stream's lane fetches ahead. */
const SPLIT_AHEAD = PAGES_AHEAD / LANES_PER_SLOT;

interface LaneOptions {
  concurrency: number;
  quotaTold?: boolean | undefined;
  /** Requests of the rate limit's current window that could go unused (PullOptions.quotaLeft). */
  quotaLeft?: ((maxInFlight: number) => number) | undefined;
}

/** A lane per planned stream (its pages fetched ahead), the documents' lanes already fetching. */
export function openLanes(
  planned: PlannedStream[],
  summary: PullSummary,
  o: LaneOptions,
  signal: AbortSignal,
  known: (doc: PulledDocument) => boolean,
  held?: { bytes(): number; onRelease(listener: () => void): void },
): { states: StreamState[]; limit: Semaphore } {
  const concurrency = Math.max(1, o.concurrency);
  const raised = o.quotaLeft ? concurrency * RAISED_IN_FLIGHT : concurrency;
  const limit = new Semaphore(() => ((o.quotaLeft?.(concurrency) ?? 0) > 0 ? raised : concurrency));
  const split = (p: PlannedStream) => p.window || p.start.checkpoint.windows !== undefined;
  // While the quota has requests at stake, a split stream's lanes may borrow back the page ahead
  // each holds less (LANES_PER_SLOT): the pages a window of the quota can have fetched while the
  // writer is behind stay what they were with two pages a lane.
  const lessAhead = planned.filter((p) => split(p) && !p.start.checkpoint.done).length * (PAGES_AHEAD - SPLIT_AHEAD);
  const extra = new PageBudget(
    borrowablePages(o.concurrency) + lessAhead,
    () => (o.quotaLeft?.(o.concurrency) ?? 0) > 0,
  );
  // A lane that has fetched its last page begins the next window at once, not once its pages are
  // written: the writer may be pages behind, and the slot would idle until then.
  const beginNext = () => {
    const all = activePhase(states);
    for (const s of startQueued(all, limit.size / concurrency)) s.lane.prefetch();
  };
  // The pages of all lanes that came and wait to be written: past a few MB, no lane asks for more;
  // nor once they, the pages on their way and the files the catalog's thread keeps for rows not
  // inserted yet come to PageMemory's total (one budget from the request to the row).
  // Asked for at once: as many as the lanes of the slots (LANES_PER_SLOT), not the slots alone: a
  // page counts as asked until it is parsed, and its slot is free once its answer arrived, so
  // that a lane's request queued behind the slots takes it while the page before is parsed (with
  // --concurrency asks, a slot idled through each parse: 2.89 requests in flight of 4 against 3.17).
  const memory = new PageMemory(pageBytes, raised * LANES_PER_SLOT, undefined, held?.bytes);
  held?.onRelease(() => memory.released());
  const laneOf = (p: PlannedStream) => {
    if (p.start.checkpoint.done) return new Lane(nothing(), limit, PAGES_AHEAD, extra, beginNext);
    // The lane's requests name its slot, given back once their answer arrived (request-slot.ts).
    const slot = new RequestSlot();
    const pages = p.source.pages(p.start.resumeFrom, slotSignal(signal, slot), known);
    return new Lane(pages, limit, split(p) ? SPLIT_AHEAD : PAGES_AHEAD, extra, beginNext, slot, memory);
  };
  const states: StreamState[] = planned.map((p) => ({
    source: p.source,
    lane: laneOf(p),
    checkpoint: p.start.checkpoint,
    summary: summary.streams[p.of]!,
    knownPages: 0,
    window: p.window,
    split: split(p),
    slots: p.slots,
    queued: false,
  }));
  // A stream's first windows take its lanes, the stream itself reading beside them (its own
  // part is a day or so: a request or two); the others wait their turn (backfill.ts,
  // WINDOWS_PER_SLOT). Designed here: with the stream itself counted as a lane, the last window
  // began only once the stream had read its part and the writer had room, and read its pages
  // alone at the end (0.5 to 1 s of a latency backfill with one or two requests in flight). The
  // pages they hold are PageMemory's, whatever the lanes.
  const begun = new Map<StreamSummary, number>();
  for (const s of states) {
    if (!s.window || s.checkpoint.done) continue;
    const n = begun.get(s.summary) ?? 0;
    if (n >= s.slots * LANES_PER_SLOT) s.queued = true;
    else begun.set(s.summary, n + 1);
  }
  for (const s of states) if (s.source.phase !== 'events' && !s.queued) s.lane.prefetch();
  return { states, limit };
}

/** What a page holds while it waits to be written: its documents' bytes and their attachments'. */
function pageBytes(page: SourcePage): number {
  let n = 0;
  for (const d of page.docs) {
    n += d.xml.length;
    for (const a of d.attachments ?? []) n += a.data.length;
  }
  return n;
}

/**
 * Begins the windows whose stream fetches on fewer window lanes than its slots allow (LANES_PER_SLOT
 * each, `raised` times them while the quota raises the requests in flight: see
 * RAISED_IN_FLIGHT), in the plan's order; returns those it began.
 */
function startQueued(active: StreamState[], raised: number): StreamState[] {
  const begun: StreamState[] = [];
  for (const s of active) {
    if (!s.queued) continue;
    const fetching = active.filter(
      (x) => x.summary === s.summary && x.window && !x.queued && !x.lane.fetchedAll,
    ).length;
    if (fetching >= s.slots * LANES_PER_SLOT * raised) continue;
    s.queued = false;
    begun.push(s);
  }
  return begun;
}

/**
 * The active stream whose next page came first, waiting for one to come when none has: pages are
 * written in the order they arrive, so that no stream waits behind the others (a stream of many
 * small pages would, if the ones with fewer pages went first). Events streams wait until every
 * document stream is done.
 */
export async function nextReady(states: StreamState[], raised = 1): Promise<StreamState | undefined> {
  const all = activePhase(states);
  startQueued(all, raised);
  const active = all.filter((s) => !s.queued);
  // A lane held back by memory fetches again if the quota would otherwise go unused (PageBudget).
  for (const s of active) s.lane.prefetch();
  for (;;) {
    let best: StreamState | undefined;
    for (const s of active) {
      if (s.lane.done || !s.lane.ready) continue;
      if (!best || s.lane.readySince < best.lane.readySince) best = s;
    }
    if (best) return best;
    const waiting = active.filter((s) => !s.lane.done);
    if (waiting.length === 0) return undefined;
    await Promise.race(waiting.map((s) => s.lane.whenReady()));
  }
}

/** No lane of the run has a page left to hand on (each has fetched its end, or was read to it). */
export function drained(states: StreamState[]): boolean {
  return states.every((s) => s.lane.drained);
}

function activePhase(states: StreamState[]): StreamState[] {
  for (const phase of ['documents', 'events'] as const) {
    const active = states.filter((s) => (s.source.phase ?? 'documents') === phase && !s.lane.done);
    if (active.length) return active;
  }
  return [];
}
