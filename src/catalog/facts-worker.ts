// The catalog's thread of the pull (./staging.ts): a third entry of the build (dist/
// facts-worker.js). It reads each staged file's facts as they come, keeps them until their
// commit, and applies each commit in one transaction on its own connection to the catalog.
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { collectGarbage } from '../sync/memory.js';
import { SqliteCatalog } from './sqlite-store.js';
import { readStaged, type FromWorker, type Staged, type ToWorker } from './staging.js';

const port = parentPort;
if (!port) throw new Error('facts-worker.js runs as a worker thread of the catalog');

const staged = new Map<number, Staged>();
let store: Promise<SqliteCatalog> | undefined;

/** The heap in use after the last full collection, and the growth that calls for the next. */
let settled = 0;
const GROWTH = 16 * 1024 * 1024;

/**
 * The facts wait for their commit long enough to reach the old generation, and die there; V8
 * let this thread's heap grow past 100 MB before it collected them. A full collection once the
 * heap grew by GROWTH since the last keeps it near what is staged (a few ms each, about one every
 * two commits of a fast pull).
 */
function bounded(): void {
  if (getHeapStatistics().used_heap_size - settled < GROWTH) return;
  collectGarbage();
  settled = getHeapStatistics().used_heap_size;
}

async function handle(m: ToWorker): Promise<FromWorker | undefined> {
  switch (m.do) {
    case 'open':
      store = SqliteCatalog.open(m.path);
      store.catch(() => undefined);
      return undefined;
    case 'stage':
      for (const [id, type, event, start, end] of m.files)
        staged.set(id, readStaged(type, event, m.bytes.subarray(start, end)));
      // The facts are strings of their own: the buffer goes back to be filled again.
      port!.postMessage({ free: m.bytes } satisfies FromWorker, [m.bytes.buffer as ArrayBuffer]);
      return undefined;
    case 'commit': {
      const rows = m.lines.map(({ staged: id, ...line }) => {
        const facts = staged.get(id);
        staged.delete(id);
        return { ...line, ...facts };
      });
      await (await store!).apply(rows, m.records, m.coverage);
      bounded();
      return { seq: m.seq };
    }
    case 'take': {
      const out = m.ids.map((id) => {
        const facts = staged.get(id) ?? {};
        staged.delete(id);
        return facts;
      });
      return { seq: m.seq, staged: out };
    }
    case 'close':
      await (await store)?.close();
      return { seq: m.seq };
  }
}

// One message at a time, in the order sent: a commit applies the facts staged before it.
let queue: Promise<unknown> = Promise.resolve();
port.on('message', (m: ToWorker) => {
  queue = queue.then(async () => {
    try {
      const reply = await handle(m);
      if (reply) port.postMessage(reply);
    } catch (error) {
      if ('seq' in m) port.postMessage({ seq: m.seq, error: (error as Error).message } satisfies FromWorker);
    }
  });
});
