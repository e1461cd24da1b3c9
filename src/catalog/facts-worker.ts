// The catalog's thread of the pull (./staging.ts): a third entry of the build (dist/
// facts-worker.js). It keeps each staged file's bytes until its line's rows are inserted, in a
// transaction on its own connection to the catalog that takes each page's lines as the pull adds
// them and that each commit ends with its coverage, reading each file's facts as the transaction
// takes its rows (or, for the shared catalog, encodes the commit's rows for the lease's
// connection). A pull's files are written here too, served on a port of their own
// (file-writes.ts): the inserts pause every few lines to let them through.
import { parentPort } from 'node:worker_threads';
import { serveWrites, type FileWrite, type WriteJob } from '../sync/file-writes.js';
import { HeapBound } from '../memory.js';
import { SqliteCatalog } from './sqlite-store.js';
import { encodeRows, transferables } from './postgres/encode.js';
import { readStaged, type FromWorker, type Reply, type Staged, type StagedLine, type ToWorker } from './staging.js';
import type { CatalogLine } from './store.js';
import { detachOnce } from '../worker-file.js';

const port = parentPort;
if (!port) throw new Error('facts-worker.js runs as a worker thread of the catalog');
// Buffers go back to the pull from here (release).
detachOnce();

/**
 * The files staged and not yet catalogued. Their facts are read when their rows are inserted (their
 * page's lines added, or their commit), not as they come: facts kept for a commit lived long enough
 * to be copied by the young generation's collections and then freed by full ones (a sixth of this
 * thread's time, some 40 us a document); read as the transaction takes their rows, they die young.
 * The bytes wait in the buffer their batch came in, outside the heap, and the buffer goes back once
 * its files were all read.
 */
const staged = new Map<number, StagedFile>();

interface StagedFile {
  type: string;
  event: boolean;
  bytes: Uint8Array;
  /** The batch whose buffer holds the bytes; undefined once they were copied out of it. */
  batch: Batch | undefined;
}

interface Batch {
  buffer: Uint8Array;
  /** Whether the buffer goes back to the pull for its next batches (a batch staged); files written here give it back to their writer (`back`). */
  returned: boolean;
  back?: () => void;
  /** Its files not yet read. */
  left: number;
  /** Commits applied since it came. */
  commits: number;
}

const batches = new Set<Batch>();
/**
 * A file the pull staged and never commits (a document it had already, met again) would keep its
 * batch's buffer: after this many commits the files left in a batch are copied out, and the buffer
 * goes back.
 */
const KEPT_COMMITS = 2;

/**
 * The pull's connection's page cache: better-sqlite3's 16 MB filled up within the first seconds
 * of a pull and stayed resident in this thread's malloc arena (16 to 19 MB of the pull's peak,
 * docs/bench.md). The pages its inserts leave are read again from the system's file cache when
 * needed: the pull's CPU time was the same within the noise at 100k NF-e.
 */
const PAGE_CACHE_KB = 2048;

function release(batch: Batch): void {
  batches.delete(batch);
  if (batch.returned)
    port!.postMessage({ free: batch.buffer } satisfies FromWorker, [batch.buffer.buffer as ArrayBuffer]);
  else batch.back?.();
}

/** After a commit: the buffers of batches left behind, their files copied out. */
function settleBatches(): void {
  for (const batch of batches) {
    if (++batch.commits <= KEPT_COMMITS) continue;
    for (const file of staged.values())
      if (file.batch === batch) {
        file.bytes = file.bytes.slice();
        file.batch = undefined;
      }
    release(batch);
  }
}

/** The staged files of a page written here: their bytes kept in its buffer until their commit; whether it is kept. */
function keep(job: WriteJob, files: FileWrite[], back: () => void): boolean {
  const kept = files.filter((f) => f.staged);
  if (kept.length === 0) return false;
  const batch: Batch = { buffer: job.bytes, returned: false, back, left: kept.length, commits: 0 };
  batches.add(batch);
  for (const file of kept) {
    const [id, type, event] = file.staged!;
    staged.set(id, { type, event, bytes: file.data as Uint8Array, batch });
  }
  return true;
}

let store: Promise<SqliteCatalog> | undefined;
/** Whether this thread writes the pull's files: its inserts then pause to let them through. */
let writing = false;
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
const noPause = () => Promise.resolve();
/**
 * The failure of the open transaction (rolled back): every later commit says it, so that no
 * commit brings the coverage past lines whose rows were lost (the pull stops at the next one).
 */
let failed: Error | undefined;

/**
 * The facts wait for their commit long enough to reach the old generation, and die there; V8
 * let this thread's heap grow past 100 MB before it collected them. A full collection once the
 * heap grew by 4 MB since the last keeps it near what is staged (a few ms each, the thread's live
 * set is some 7 MB). 16 MB let the thread's heap reach 25 to 28 MB at the 1M pull's peaks; 8 MB,
 * with the collections of a 50k pull as many (7 to 10), since most come from V8 itself; 4 MB took
 * the 1M pull's V8 heaps at their highest from 49-57 to 44-47 MB (docs/bench.md, Issue 28: the
 * last megabytes of the 1M peak), at some 5 ms a collection on this thread.
 */
const heap = new HeapBound(4 * 1024 * 1024);

/** The lines with the facts of the files staged under their ids, read as they are taken, forgotten here. */
function* withFacts(lines: StagedLine[]): Generator<CatalogLine> {
  for (const line of lines) {
    const file = staged.get(line.staged);
    if (!file) {
      yield catalogLine(line, {});
      continue;
    }
    staged.delete(line.staged);
    // The facts are strings of their own: the bytes are not needed once read.
    const facts = readStaged(file.type, file.event, file.bytes);
    if (file.batch && --file.batch.left === 0) release(file.batch);
    yield catalogLine(line, facts);
  }
}

/**
 * The line as the catalog takes it, every field named (the absent ones undefined): one shape, that
 * of this literal. Copied by spreads, lines took shapes that V8 keeps only while a line has them,
 * and after this thread's full collections the functions reading them (documentRow, the inserts)
 * were compiled again.
 */
function catalogLine(l: StagedLine, read: Staged): CatalogLine {
  return {
    key: l.key,
    type: l.type,
    role: l.role,
    owner: l.owner,
    path: l.path,
    sha256: l.sha256,
    bytes: l.bytes,
    status: l.status,
    created_at: l.created_at,
    event: l.event,
    seq: l.seq,
    facts: read.facts,
    summary: read.summary,
  } satisfies Record<keyof CatalogLine, unknown>;
}

async function handle(m: ToWorker): Promise<Reply | undefined> {
  switch (m.do) {
    case 'open':
      store = SqliteCatalog.open(m.path, { cacheKb: PAGE_CACHE_KB }).then((catalog) => {
        catalog.indexesAtClose();
        return catalog;
      });
      store.catch(() => undefined);
      return undefined;
    case 'stage': {
      const batch: Batch = { buffer: m.bytes, returned: true, left: m.files.length, commits: 0 };
      batches.add(batch);
      for (const [id, type, event, start, end] of m.files)
        staged.set(id, { type, event, bytes: m.bytes.subarray(start, end), batch });
      return undefined;
    }
    case 'add':
      // Once a transaction failed, the pull stops at its next commit: nothing more is inserted.
      if (failed) return { seq: m.seq };
      try {
        await (await store!).insertPausing(withFacts(m.lines), writing ? pause : noPause);
      } catch (error) {
        failed = error as Error;
        (await store!.catch(() => undefined))?.rollback();
      }
      // Answered either way: the pull waits on these answers for memory (CatalogThread.room).
      return { seq: m.seq };
    case 'commit':
      try {
        if (failed) throw failed;
        const catalog = await store!;
        await catalog.insertPausing(withFacts(m.lines), writing ? pause : noPause);
        catalog.commitOpen(m.records, m.coverage);
      } catch (error) {
        failed ??= error as Error;
        (await store!.catch(() => undefined))?.rollback();
        throw error;
      } finally {
        settleBatches();
      }
      heap.check();
      return { seq: m.seq };
    case 'ending':
      // The pull's last lines are in (or failed): the indexes are built in the open transaction
      // while the pull makes its last commit durable (the indexes' failure stays close()'s).
      if (!failed) {
        try {
          (await store!).indexesNow();
        } catch {
          // Built at close, as before.
        }
      }
      return undefined;
    case 'encode': {
      const encoded = encodeRows([...withFacts(m.lines)]);
      settleBatches();
      heap.check();
      return { seq: m.seq, encoded };
    }
    case 'close':
      // (Asked once after the last commit, and again by the thread's end: the second does nothing.)
      await (await store)?.close();
      return { seq: m.seq };
    case 'files':
      writing = true;
      serveWrites(m.port, keep);
      return undefined;
  }
}

// One message at a time, in the order sent: a commit applies the facts staged before it.
let queue: Promise<unknown> = Promise.resolve();
port.on('message', (m: ToWorker) => {
  // The files' port is served at once, not after the messages before it (the catalog's open).
  if (m.do === 'files') return void handle(m);
  queue = queue.then(async () => {
    try {
      const reply = await handle(m);
      if (reply) port.postMessage(reply, reply.encoded ? transferables(reply.encoded) : []);
    } catch (error) {
      if ('seq' in m) port.postMessage({ seq: m.seq, error: (error as Error).message } satisfies FromWorker);
    }
  });
});
