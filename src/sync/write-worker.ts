// The file-writing thread of a pull. Creating and renaming tens of thousands of small files costs
// the kernel more than downloading them; done here, it overlaps the main thread's parsing and
// hashing of the next pages. Messages are handled in order; `drain` answers once all before it
// are on disk (in the page cache: durability is the main thread's flush).
import { renameSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

export type WriteRequest = { kind: 'write'; tmp: string; path: string; data: Uint8Array } | { kind: 'drain'; id: number };
export type WriteReply = { kind: 'failed'; path: string; message: string } | { kind: 'drained'; id: number };

parentPort?.on('message', (m: WriteRequest) => {
  if (m.kind === 'drain') {
    parentPort!.postMessage({ kind: 'drained', id: m.id } satisfies WriteReply);
    return;
  }
  try {
    writeFileSync(m.tmp, m.data, { mode: 0o644 });
    renameSync(m.tmp, m.path);
  } catch (e) {
    parentPort!.postMessage({ kind: 'failed', path: m.path, message: (e as Error).message } satisfies WriteReply);
  }
});
