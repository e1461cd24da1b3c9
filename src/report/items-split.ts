// `report --by ncm/product` of one folder's SQLite catalog on two threads: the pass over the items
// (SQLite handing the program 699k rows at 400k documents, the most of such a report) cut into
// ranges at a copy's first item, each with the documents stored beside its items (a pull writes a
// document, then its items), read by this thread and by one of its own (items-worker.ts, its own
// connection), whichever is free takes the next. Each range folds its documents into groups of
// whole cents and counts (items-fold.ts), which add up in any order to the same figures; a name
// is the one the query's order puts first, whichever range saw it. Where the build has no worker
// file (the sources run by the tests), with no idle core, or below SPLIT_FROM items, one pass.
import type { Worker } from 'node:worker_threads';
import type { SqliteCatalog } from '../catalog/sqlite-store.js';
import { reportThread, reportThreadFile, splitsBeside } from './thread.js';
import type { Folded, GroupPart, Part } from './item-groups.js';
import { foldRange, severalCopies, type FoldedRange, type ItemsSpec, type PassRange } from './items-fold.js';

/** Items below which one pass is quicker than a thread's start (some 50 ms). */
const SPLIT_FROM = 100_000;

/**
 * Where the items are cut into ranges (fractions of their rowids), taken in turn by whichever
 * thread is free: this one takes the first, the thread (which starts some 100 ms later: its
 * modules, its connection) the second unless this one, done first, took it. A range more costs
 * CPU (each thread's code made again for the next range's functions: twelve ranges, +0.74 G
 * instructions at 400k, a median 0.2 s more of wall and CPU at a load of 5), more than the
 * balance it buys.
 */
const CUTS = [0.5];

/** What the thread hands back: its groups, totals, held documents and missing copies; null: the query. */
type RangeReply = {
  groups: GroupPart[];
  totals: Folded['totals'];
  pending: Map<string, Map<string, Part>>;
  missing: number;
} | null;

/** What the thread is given to start; the keys of several copies follow as its one message. */
export interface RangeRequest {
  path: string;
  spec: ItemsSpec;
  ranges: PassRange[];
  /** The number of the next range to read, shared by the two threads (Atomics). */
  next: Int32Array;
}

/**
 * The item groups of `store`, or undefined when only the query can give them. `splitFrom` (the
 * tests') splits smaller catalogs, and without a worker file reads the ranges past the first half
 * on this thread, their groups handed over as a thread's would be (cloned).
 */
export async function foldItems(
  store: SqliteCatalog,
  spec: ItemsSpec,
  splitFrom?: number,
): Promise<Folded | undefined> {
  const file = reportThreadFile();
  const split = splitsBeside(file, splitFrom);
  const ranges = split ? rangesOf(store, splitFrom ?? SPLIT_FROM) : [];
  if (ranges.length < 2) return whole(store, spec);
  const next = new Int32Array(new SharedArrayBuffer(4));
  const request: RangeRequest = { path: store.path, spec, ranges, next };
  // Started first: the thread's start overlaps this thread's first range.
  const thread = file ? onThread(file, request) : undefined;
  let reply: RangeReply | Error;
  let mine: ReturnType<typeof foldRanges>;
  const taken: number[] = [];
  try {
    const take = taker(next, file ? ranges.length : Math.ceil(ranges.length / 2), taken);
    const first = take();
    const multi = severalCopies(store);
    thread?.send(multi);
    mine = foldRanges(store, request, multi, take, first);
    reply = thread ? await thread.reply : new Error('no worker file');
    // The thread could not run (no worker file, a failure): every range this one did not read,
    // read here (the thread's are lost with it; this one's loop ended when none was left).
    if (reply instanceof Error) {
      const others = ranges.map((_, n) => n).filter((n) => !taken.includes(n));
      reply = structuredClone(ofRanges(foldRanges(store, request, multi, () => others.shift() ?? -1)));
    }
  } finally {
    thread?.stop();
  }
  // (This thread takes its first range before the other can: none is not a case.)
  if (!mine || mine === 'none' || reply === null) return undefined;
  // A copy of some items that none of their range's documents is: stored apart from its items, or
  // none at all. One pass over all the items and all the documents tells which.
  if (mine.missing > 0 || reply.missing > 0) return whole(store, spec);
  mine.fold.absorb(reply.groups, reply.totals);
  mine.several.merge(reply.pending);
  mine.several.end();
  return { groups: mine.fold.groups(), totals: mine.fold.totals };
}

/** The items of `store` in one pass on this thread. */
function whole(store: SqliteCatalog, spec: ItemsSpec): Folded | undefined {
  const r = foldRange(store, spec);
  r?.several.end();
  return r && { groups: r.fold.groups(), totals: r.fold.totals };
}

/** The next range's number for a thread, below `limit` (each noted in `taken`); -1: none left. */
function taker(next: Int32Array, limit: number, taken: number[] = []): () => number {
  return () => {
    if (Atomics.load(next, 0) >= limit) return -1;
    const n = Atomics.add(next, 0, 1);
    if (n >= limit) return -1;
    taken.push(n);
    return n;
  };
}

/**
 * The ranges `take` gives (`first`: one taken already) folded together; undefined when only the
 * query can give the groups, or when no range was left.
 */
export function foldRanges(
  store: SqliteCatalog,
  request: RangeRequest,
  multi: readonly unknown[],
  take = taker(request.next, request.ranges.length),
  first = take(),
): FoldedRange | undefined | 'none' {
  let all: FoldedRange | undefined;
  for (let n = first; n >= 0; n = take()) {
    const r = foldRange(store, request.spec, request.ranges[n], multi);
    if (!r) return undefined;
    if (!all) all = r;
    else {
      all.fold.absorb(r.fold.parts(), r.fold.totals);
      all.several.merge(r.several.pending);
      all.missing += r.missing;
    }
  }
  return all ?? 'none';
}

/**
 * The items cut into ranges (CUTS) at the first item of a copy, each with the documents stored
 * between its first item's and the next range's; none when the items are too few, or when a copy
 * at a cut has no document or the documents are not in their items' order (one pass then).
 */
function rangesOf(store: SqliteCatalog, splitFrom: number): PassRange[] {
  const packs = store.packed() ? packRanges(store, splitFrom) : undefined;
  return packs ?? itemRanges(store, splitFrom);
}

/**
 * The items' packs cut into ranges (CUTS) at a pack, each with the documents stored between its
 * first document's and the next range's, as the items' ranges; none when they are too few, and
 * undefined when the packs are one (the items' rows are cut instead: the tests' small catalogs).
 */
function packRanges(store: SqliteCatalog, splitFrom: number): PassRange[] | undefined {
  const [[low, high, items]] = store.selectRaw('SELECT min(id), max(id), sum(items) FROM item_packs') as [
    [number | null, number | null, number | null],
  ];
  if (low === null || high === null || (items ?? 0) < splitFrom) return [];
  if (high === low) return undefined;
  const cuts: { pack: number; document: number }[] = [];
  for (const cut of CUTS) {
    const pack = Math.max(low + 1, low + Math.round((high - low) * cut));
    const first = (column: string) => `substr(${column}, 1, instr(${column} || char(31), char(31)) - 1)`;
    const [document] = store.selectRaw(
      `SELECT (SELECT d.rowid FROM documents d WHERE d.key = ${first('p.keys')} AND d.role = ${first('p.roles')}
         AND d.owner = ${first('p.owners')}) FROM item_packs p WHERE p.id = (SELECT min(id) FROM item_packs WHERE id >= ?)`,
      [pack],
    ) as [number | null][];
    const last = cuts.at(-1);
    if (!document || document[0] === null || (last && document[0] <= last.document)) return [];
    cuts.push({ pack, document: document[0] });
  }
  return [undefined, ...cuts].map((from, n) => ({
    items: {},
    packs: { from: from?.pack, to: cuts[n] && cuts[n].pack - 1 },
    documents: { from: from?.document, to: cuts[n] && cuts[n].document - 1 },
  }));
}

/** The items' rows cut into ranges (as packRanges), where the catalog has no packs to read. */
function itemRanges(store: SqliteCatalog, splitFrom: number): PassRange[] {
  // Two sub-queries: SQLite finds a lone min() or max() at an end of the table, but scans every
  // row for the two in one SELECT (75 to 100 ms at 699k items).
  const [[low, high]] = store.selectRaw('SELECT (SELECT min(rowid) FROM items), (SELECT max(rowid) FROM items)') as [
    [number | null, number | null],
  ];
  if (low === null || high === null || high - low + 1 < splitFrom) return [];
  const cuts: { item: number; document: number }[] = [];
  for (const cut of CUTS) {
    const at = cutNear(store, low + Math.floor((high - low) * cut));
    if (!at) break;
    const last = cuts.at(-1);
    if (last && at.item === last.item) continue;
    if (at.document === null || (last && at.document <= last.document)) return [];
    cuts.push({ item: at.item, document: at.document });
  }
  return [undefined, ...cuts].map((from, n) => ({
    items: { from: from?.item, to: cuts[n] && cuts[n].item - 1 },
    documents: { from: from?.document, to: cuts[n] && cuts[n].document - 1 },
  }));
}

/** The first item of the copy after the one of item `rowid` (or the next), and its document's rowid. */
function cutNear(store: SqliteCatalog, rowid: number): { item: number; document: number | null } | undefined {
  const [middle] = store.selectRaw(
    'SELECT rowid, key, role, owner FROM items WHERE rowid >= ? ORDER BY rowid LIMIT 1',
    [rowid],
  );
  if (!middle) return undefined;
  const [next] = store.selectRaw(
    `SELECT i.rowid, (SELECT d.rowid FROM documents d WHERE d.key = i.key AND d.role = i.role AND d.owner = i.owner)
     FROM items i WHERE i.rowid = (SELECT min(rowid) FROM items WHERE rowid > ? AND NOT (key = ? AND role = ? AND owner = ?))`,
    middle,
  ) as [number, number | null][];
  return next && { item: next[0], document: next[1] };
}

/** A thread's ranges as it hands them back. */
export function ofRanges(r: FoldedRange | undefined | 'none'): RangeReply {
  if (r === 'none') return { groups: [], totals: { documents: 0, canceled: 0 }, pending: new Map(), missing: 0 };
  if (!r) return null;
  return { groups: r.fold.parts(), totals: r.fold.totals, pending: r.several.pending, missing: r.missing };
}

/**
 * The thread's ranges, once sent the keys of several copies; an Error when it failed. `stop`: it
 * ends (done, or this thread failed and does not wait for it).
 */
function onThread(
  file: string,
  request: RangeRequest,
): { send(multi: unknown[]): void; reply: Promise<RangeReply | Error>; stop(): void } {
  let worker: Worker | undefined;
  const reply = new Promise<RangeReply | Error>((resolve) => {
    try {
      worker = reportThread(file, request);
    } catch (error) {
      resolve(error as Error);
      return;
    }
    worker.once('message', (reply: RangeReply) => resolve(reply));
    worker.once('error', (error) => resolve(error));
    worker.once('exit', (code) => resolve(new Error(`the thread stopped (exit ${code})`)));
  });
  return { send: (multi) => worker?.postMessage(multi), reply, stop: () => void worker?.terminate() };
}
