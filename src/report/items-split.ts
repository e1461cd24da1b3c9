// `report --by ncm/product` of one folder's SQLite catalog on two threads: the pass over the items
// (SQLite handing the program 699k rows at 400k documents, the most of such a report) split in two
// at a document's first item, the second half read by a thread of its own (items-worker.ts) with
// its own connection while this one reads the first. Each pass folds its documents into groups of
// whole cents and counts (items-fold.ts), which add up in any order to the same figures; a name
// is the one the query's order puts first, whichever pass saw it. Where the build has no worker
// file (the sources run by the tests), with no idle core, or below SPLIT_FROM items, one pass.
import type { Worker } from 'node:worker_threads';
import type { SqliteCatalog } from '../catalog/sqlite-store.js';
import { idleCoreBeside } from '../machine-load.js';
import { builtWorkerFile, startThread } from '../worker-file.js';
import type { Folded, GroupPart, Part } from './item-groups.js';
import { foldRange, severalCopies, type FoldedRange, type ItemsSpec, type PassRange } from './items-fold.js';

/**
 * The thread's young generation, in MB a semi-space (startThread): the pass's rows die young. Not
 * the process's 2 MB (bin/fiscal.js), which its worker would otherwise get; nor V8's default 16,
 * which kept some 20 MB more resident (peak RSS of --by ncm at 400k: 198 MB against 220).
 */
const ITEMS_SEMI_SPACE_MB = 4;

/** Items below which one pass is quicker than a thread's start (some 50 ms). */
const SPLIT_FROM = 100_000;

/**
 * The thread's share of the items: less than half, as it starts later (its own modules and
 * connection, some 100 ms) than this one, which reads the several copies' keys meanwhile.
 */
const THREAD_SHARE = 0.45;

/** What the thread hands back: its groups, totals, held documents, copies read and missing; null: the query. */
type RangeReply = {
  groups: GroupPart[];
  totals: Folded['totals'];
  pending: Map<string, Map<string, Part>>;
  seen: Uint8Array;
  missing: number;
} | null;

/** What the thread is given to start; the keys of several copies follow as its one message. */
export interface RangeRequest {
  path: string;
  spec: ItemsSpec;
  range: PassRange;
}

/**
 * The item groups of `store`, or undefined when only the query can give them. `splitFrom` (the
 * tests') splits smaller catalogs, and without a worker file reads the second half on this thread,
 * its groups handed over as a thread's would be (cloned). Each half reads the documents stored
 * beside its items (`splitDocuments`), where no filter leaves documents out: a copy of its items
 * that none of them is (stored elsewhere, or no document at all) has both halves read again over
 * every document.
 */
export async function foldItems(
  store: SqliteCatalog,
  spec: ItemsSpec,
  splitFrom?: number,
  splitDocuments = spec.where.sql === '',
): Promise<Folded | undefined> {
  const file = builtWorkerFile('items-worker');
  const split = splitFrom !== undefined || (file !== undefined && idleCoreBeside());
  const at = split ? splitAt(store, splitFrom ?? SPLIT_FROM) : undefined;
  if (at === undefined) {
    const whole = foldRange(store, spec);
    whole?.several.end();
    return whole && { groups: whole.fold.groups(), totals: whole.fold.totals };
  }
  const document = splitDocuments ? at.document : undefined;
  const ranges: [PassRange, PassRange] = [
    { items: { to: at.item - 1 }, documents: document === undefined ? undefined : { to: document - 1 } },
    { items: { from: at.item }, documents: document === undefined ? undefined : { from: document } },
  ];
  // Started first: the thread's start and its pass overlap this thread's.
  const thread = file ? onThread(file, { path: store.path, spec, range: ranges[1] }) : undefined;
  const multi = severalCopies(store);
  thread?.send(multi);
  const mine = foldRange(store, spec, ranges[0], multi);
  let reply = thread ? await thread.reply : new Error('no worker file');
  // The thread could not run (no worker file, a failure): its half read here.
  if (reply instanceof Error) reply = structuredClone(ofRange(foldRange(store, spec, ranges[1], multi)));
  if (!mine || reply === null) return undefined;
  if (document !== undefined) {
    if (mine.missing > 0 || reply.missing > 0) return foldItems(store, spec, splitFrom, false);
  } else {
    const seen = mine.seen;
    // A copy whose items both passes read: not stored together (or the documents changed between the passes).
    if (seen.length !== reply.seen.length || seen.some((s, n) => s & reply.seen[n]!)) return undefined;
  }
  mine.fold.absorb(reply.groups, reply.totals);
  mine.several.merge(reply.pending);
  mine.several.end();
  return { groups: mine.fold.groups(), totals: mine.fold.totals };
}

/**
 * The first item of a copy of a document some way into the items (THREAD_SHARE from their end),
 * and the rowid of that document (undefined: none); undefined when the items are too few to split.
 */
function splitAt(store: SqliteCatalog, splitFrom: number): { item: number; document: number | undefined } | undefined {
  // Two sub-queries: SQLite finds a lone min() or max() at an end of the table, but scans every
  // row for the two in one SELECT (75 to 100 ms at 699k items).
  const [[low, high]] = store.selectRaw('SELECT (SELECT min(rowid) FROM items), (SELECT max(rowid) FROM items)') as [
    [number | null, number | null],
  ];
  if (low === null || high === null || high - low + 1 < splitFrom) return undefined;
  const [middle] = store.selectRaw(
    'SELECT rowid, key, role, owner FROM items WHERE rowid >= ? ORDER BY rowid LIMIT 1',
    [low + Math.floor((high - low) * (1 - THREAD_SHARE))],
  );
  if (!middle) return undefined;
  const [next] = store.selectRaw(
    `SELECT i.rowid, (SELECT d.rowid FROM documents d WHERE d.key = i.key AND d.role = i.role AND d.owner = i.owner)
     FROM items i WHERE i.rowid = (SELECT min(rowid) FROM items WHERE rowid > ? AND NOT (key = ? AND role = ? AND owner = ?))`,
    middle,
  ) as [number, number | null][];
  return next && { item: next[0], document: next[1] ?? undefined };
}

/** A pass's result as a thread hands it back. */
export function ofRange(r: FoldedRange | undefined): RangeReply {
  if (!r) return null;
  return {
    groups: r.fold.parts(),
    totals: r.fold.totals,
    pending: r.several.pending,
    seen: r.seen,
    missing: r.missing,
  };
}

/** The pass over `request.range` on a thread of its own, sent the keys of several copies; an Error when it failed. */
function onThread(
  file: string,
  request: RangeRequest,
): { send(multi: unknown[]): void; reply: Promise<RangeReply | Error> } {
  let worker: Worker | undefined;
  const reply = new Promise<RangeReply | Error>((resolve) => {
    try {
      worker = startThread(file, { semiSpaceMb: ITEMS_SEMI_SPACE_MB, workerData: request });
    } catch (error) {
      resolve(error as Error);
      return;
    }
    worker.once('message', (reply: RangeReply) => {
      resolve(reply);
      void worker!.terminate();
    });
    worker.once('error', (error) => resolve(error));
    worker.once('exit', (code) => resolve(new Error(`the thread stopped (exit ${code})`)));
  });
  return { send: (multi) => worker?.postMessage(multi), reply };
}
