// The lines of a large NDJSON file (an index, a cache of hundreds of thousands of lines), read in
// big chunks and split by hand: readline's per-line events cost more than the JSON parsing itself.
import type { Hash } from 'node:crypto';
import { open } from 'node:fs/promises';

const CHUNK = 8 * 1024 * 1024;

export interface LinesOptions {
  /** The byte offset to start at (the start of a line). */
  start?: number;
  /** Fed the bytes of every complete line read, newlines included. */
  hash?: Hash;
}

/**
 * Calls `onLine` with each complete line (without its newline). A last line without a newline
 * (cut by a crash, or being written) is passed to `onTail` instead, if given. Returns the offset
 * just after the last complete line, and the one where the file ended.
 */
export async function forEachLine(
  path: string,
  onLine: (line: string) => void,
  onTail?: (line: string) => void,
  options: LinesOptions = {},
): Promise<{ end: number; eof: number }> {
  const handle = await open(path, 'r');
  let end = options.start ?? 0;
  let position = end;
  try {
    let carry: Buffer = Buffer.alloc(0);
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const data = carry.length ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
      let start = 0;
      for (let nl = data.indexOf(0x0a, start); nl >= 0; nl = data.indexOf(0x0a, start)) {
        if (nl > start) onLine(data.toString('utf8', start, nl));
        start = nl + 1;
      }
      options.hash?.update(data.subarray(0, start));
      end += start;
      carry = Buffer.from(data.subarray(start));
    }
    if (carry.length && onTail) onTail(carry.toString('utf8'));
  } finally {
    await handle.close();
  }
  return { end, eof: position };
}

/** Feeds the first `length` bytes of a file to `hash`; false when the file is shorter. */
export async function hashPrefix(path: string, length: number, hash: Hash): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(length, 1)));
    for (let position = 0; position < length;) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, length - position), position);
      if (bytesRead === 0) return false;
      hash.update(chunk.subarray(0, bytesRead));
      position += bytesRead;
    }
    return true;
  } finally {
    await handle.close();
  }
}
