// The file-writing thread (built to dist/write-worker.js, see file-writes.ts): each message is a
// page's files, written in order; the answer says when they are all in place, or what failed.
import { parentPort } from 'node:worker_threads';
import { failureOf, unpacked, writeFilesNow, type WriteJob, type WriteReply } from './file-writes.js';

const port = parentPort;
if (!port) throw new Error('write-worker.js runs as the file-writing thread of a pull');
port.on('message', (job: WriteJob) => {
  let reply: WriteReply = { id: job.id };
  try {
    writeFilesNow(unpacked(job));
  } catch (error) {
    reply = { id: job.id, error: failureOf(error) };
  }
  port.postMessage(reply);
});
