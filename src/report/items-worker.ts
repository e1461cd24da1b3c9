// The thread of a report of the items that reads the second half of them (items-split.ts): a
// fifth entry of the build (dist/items-worker.js). It opens the catalog read-only on its own
// connection, is sent the keys of several copies, folds its range and hands back its groups, or null when only the query can give them.
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteCatalog } from '../catalog/sqlite-store.js';
import { foldRange } from './items-fold.js';
import { ofRange, type RangeRequest } from './items-split.js';

const port = parentPort;
if (!port) throw new Error('items-worker.js runs as a worker thread of a report');

const { path, spec, range } = workerData as RangeRequest;
// The catalog opened while the keys of several copies come (items-split.ts).
const [store, [multi]] = await Promise.all([
  SqliteCatalog.open(path, { readonly: true }),
  once(port, 'message') as Promise<[unknown[]]>,
]);
try {
  const reply = ofRange(foldRange(store, spec, range, multi));
  port.postMessage(reply);
} finally {
  await store.close();
}
