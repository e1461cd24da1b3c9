// The file-writing thread (built to dist/write-worker.js, see file-writes.ts): each message is a
// page's files, written in order; the answer says when they are all in place, or what failed.
// (A pull with a folder catalog writes on the catalog's thread instead: staging.ts.)
import { parentPort } from 'node:worker_threads';
import { serveWrites } from './file-writes.js';

if (!parentPort) throw new Error('write-worker.js runs as the file-writing thread of a pull');
serveWrites(parentPort);
