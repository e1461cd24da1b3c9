// The catalog's thread of the pull (./staging.ts): a third entry of the build (dist/
// facts-worker.js). It reads each staged file's facts as they come, keeps them until their
// commit, and applies each commit in one transaction on its own connection to the catalog (or,
// for the shared catalog, encodes the commit's rows for the lease's connection).
import { parentPort } from 'node:worker_threads';
import { collectGarbage } from '../sync/memory.js';
import { SqliteCatalog } from './sqlite-store.js';
import { encodeRows, transferables } from './postgres/encode.js';
import { readStaged, type FromWorker, type Staged, type StagedLine, type ToWorker } from './staging.js';
import type { CatalogLine } from './store.js';

const port = parentPort;
if (!port) throw new Error('facts-worker.js runs as a worker thread of the catalog');

const staged = new Map<number, Staged>();
let store: Promise<SqliteCatalog> | undefined;
/** Bytes of files received since the last full collection (see src/sync/memory.ts). */
let received = 0;
const COLLECT_EVERY = 8 * 1024 * 1024;

/**
 * The files' bytes die here, outside the young generation: without a full collection now and
 * then they pile up as the main thread's pages would.
 */
function collectNow(): void {
  if (received > COLLECT_EVERY) {
    received = 0;
    collectGarbage();
  }
}

/** The lines with the facts staged under their ids, forgotten here. */
function withFacts(lines: StagedLine[]): CatalogLine[] {
  return lines.map(({ staged: id, ...line }) => {
    const facts = staged.get(id);
    staged.delete(id);
    return { ...line, ...facts };
  });
}

async function handle(m: ToWorker): Promise<FromWorker | undefined> {
  switch (m.do) {
    case 'open':
      store = SqliteCatalog.open(m.path);
      store.catch(() => undefined);
      return undefined;
    case 'stage':
      for (const [id, type, event, bytes] of m.files) {
        staged.set(id, readStaged(type, event, bytes));
        received += bytes.length;
      }
      return undefined;
    case 'commit':
      await (await store!).apply(withFacts(m.lines), m.records, m.coverage);
      collectNow();
      return { seq: m.seq };
    case 'encode': {
      const encoded = encodeRows(withFacts(m.lines));
      collectNow();
      return { seq: m.seq, encoded };
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
      if (reply) port.postMessage(reply, reply.encoded ? transferables(reply.encoded) : []);
    } catch (error) {
      if ('seq' in m) port.postMessage({ seq: m.seq, error: (error as Error).message } satisfies FromWorker);
    }
  });
});
