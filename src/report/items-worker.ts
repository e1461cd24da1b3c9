// The report's second thread (a fifth entry of the build, dist/items-worker.js): it opens the
// catalog read-only on its own connection and reads a part of it on a core the command's thread
// leaves idle. Of a report of the items (items-split.ts), it is sent the keys of several copies,
// folds the ranges it takes and hands back their groups, or null when only the query can give
// them; of one of the documents (documents-fold.ts), it folds those past the cut it is given.
import { parentPort, workerData } from 'node:worker_threads';
import { loadDriver } from '../catalog/sqlite-file.js';
import { SqliteCatalog } from '../catalog/sqlite-store.js';
import { messagesOf } from '../warm-thread.js';
import { foldDocuments, partsOf, type DocumentsRequest } from './documents-fold.js';
import { foldRanges, ofRanges, type RangeRequest } from './items-split.js';

const port = parentPort;
if (!port) throw new Error('items-worker.js runs as a worker thread of a report');

const next = messagesOf(port);
// A thread started before its work was known (warm-thread.ts) is handed it as its first message:
// SQLite's driver loads while it waits.
if (workerData === undefined) loadDriver().catch(() => undefined); // a failure is the open's to say
const request = (workerData ?? (await next())) as RangeRequest | DocumentsRequest;
if ('kind' in request) {
  const store = await SqliteCatalog.open(request.path, { readonly: true });
  try {
    port.postMessage(partsOf(foldDocuments(store, request.by, request.where, { from: request.from })));
  } finally {
    await store.close();
  }
} else {
  // The catalog opened while the keys of several copies come (items-split.ts).
  const [store, multi] = await Promise.all([
    SqliteCatalog.open(request.path, { readonly: true }),
    next() as Promise<unknown[]>,
  ]);
  try {
    port.postMessage(ofRanges(foldRanges(store, request, multi)));
  } finally {
    await store.close();
  }
}
