// The thread of a report of the items that reads some of their ranges (items-split.ts): a fifth
// entry of the build (dist/items-worker.js). It opens the catalog read-only on its own connection,
// is sent the keys of several copies, folds the ranges it takes and hands back their groups, or
// null when only the query can give them.
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteCatalog } from '../catalog/sqlite-store.js';
import { foldRanges, ofRanges, type RangeRequest } from './items-split.js';

const port = parentPort;
if (!port) throw new Error('items-worker.js runs as a worker thread of a report');

const request = workerData as RangeRequest;
// The catalog opened while the keys of several copies come (items-split.ts).
const [store, [multi]] = await Promise.all([
  SqliteCatalog.open(request.path, { readonly: true }),
  once(port, 'message') as Promise<[unknown[]]>,
]);
try {
  port.postMessage(ofRanges(foldRanges(store, request, multi)));
} finally {
  await store.close();
}
