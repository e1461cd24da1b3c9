// Ingesting a large stretch of index.ndjson (a rebuild) on two threads: this one reads the lines
// and their files, the catalog's thread (staging.ts) applies each batch in one transaction while
// the next batch is read. Reading a file's facts costs about as much as the two threads' other
// work together, so it is shared: this thread reads the facts of a part of the documents and
// sends them with their lines, the rest go to the catalog's thread as bytes. The part follows
// which thread waits for the other: on a machine whose cores are busy elsewhere the split moves
// to where the time is. The rows, their order and each batch's coverage are the same as on one
// thread (folder.ts); only who computes them changes.
import { closeSync, openSync, readSync } from 'node:fs';
import { readStaged, type CatalogThread } from './staging.js';
import type { CatalogLine, Coverage } from './store.js';

/** One batch of index lines as folder.ts reads them: each line, its file, the coverage it brings. */
export interface IndexBatch {
  lines: { line: CatalogLine; file: string | undefined }[];
  coverage: Coverage;
  /** Bytes of the index done with this batch. */
  done: number;
}

/** A wait longer than this for the previous batch's transaction: the catalog's thread is behind. */
const BEHIND_MS = 1;
const STEP = 0.05;

export async function ingestOnThread(
  thread: CatalogThread,
  batches: Iterable<IndexBatch>,
  progress?: (done: number) => void,
): Promise<void> {
  // The part of the documents whose facts are read here, and the fraction carried over.
  let share = 0.6;
  let carry = 0;
  let previous: Promise<void> | undefined;
  try {
    for (const batch of batches) {
      const lines = batch.lines.map(({ line, file }) => {
        const bytes = file && readWhole(file);
        if (!bytes) return { ...line, staged: -1 };
        carry += share;
        if (carry < 1) return { ...line, staged: thread.stage(line.type, line.event !== undefined, bytes) };
        carry -= 1;
        return { ...line, ...readStaged(line.type, line.event !== undefined, bytes), staged: -1 };
      });
      if (previous) {
        const start = performance.now();
        await previous;
        const behind = performance.now() - start > BEHIND_MS;
        share = Math.min(1, Math.max(0, share + (behind ? STEP : -STEP)));
      }
      previous = thread.commit(lines, [], batch.coverage);
      // A failed commit is awaited (and thrown) with the next batch or at the end.
      previous.catch(() => undefined);
      progress?.(batch.done);
    }
    await previous;
  } finally {
    await thread.close();
  }
}

/** The one buffer files are read into: a Buffer a file costs the collector more than reading it. */
let buffer = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * The bytes of `file`, valid until the next call (staging copies them, the facts are strings);
 * undefined when it is gone or unreadable: it is catalogued with what its index line says.
 */
export function readWhole(file: string): Uint8Array | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    let n = 0;
    for (;;) {
      if (n === buffer.length) {
        const larger = Buffer.allocUnsafeSlow(buffer.length * 2);
        buffer.copy(larger, 0, 0, n);
        buffer = larger;
      }
      const read = readSync(fd, buffer, n, buffer.length - n, null);
      if (read === 0) return buffer.subarray(0, n);
      n += read;
    }
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
