// A thread of a rebuild (rebuild-pool.ts): a fourth entry of the build (dist/rebuild-worker.js).
// It takes index lines, reads each one's file and its facts, and hands back the rows they write.
import { parentPort } from 'node:worker_threads';
import { readLineRows } from './index-lines.js';
import type { RowsReply, RowsRequest } from './rebuild-pool.js';

const port = parentPort;
if (!port) throw new Error('rebuild-worker.js runs as a worker thread of a rebuild');

port.on('message', ({ seq, dir, texts }: RowsRequest) => {
  try {
    const rows = texts.map((text) => readLineRows(dir, text) ?? null);
    port.postMessage({ seq, rows } satisfies RowsReply);
  } catch (error) {
    port.postMessage({ seq, error: (error as Error).message } satisfies RowsReply);
  }
});
