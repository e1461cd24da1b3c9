// Reading the two append-only journals of a pull folder (index.ndjson, status-journal.ndjson) the
// way the catalog needs: their complete lines from an offset, and the last line before an offset
// (what tells that a catalog's coverage is of this very file).
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';

const CHUNK = 1 << 20;

/** sha256 of a line's bytes with its newline, as lineHashBefore reads them. */
export const hashOf = (line: string): string => createHash('sha256').update(`${line}\n`, 'utf8').digest('hex');

/** sha256 of the line that ends at `end` (exclusive, its newline included); '' at 0; undefined when no line ends there. */
export function lineHashBefore(path: string, end: number): string | undefined {
  if (end === 0) return '';
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const size = statSync(path).size;
    if (size < end) return undefined;
    const parts: Buffer[] = [];
    for (let stop = end; stop > 0;) {
      const start = Math.max(0, stop - 64 * 1024);
      const buf = Buffer.alloc(stop - start);
      readSync(fd, buf, 0, buf.length, start);
      if (stop === end && buf[buf.length - 1] !== 0x0a) return undefined;
      const nl = buf.lastIndexOf(0x0a, stop === end ? buf.length - 2 : buf.length - 1);
      if (nl >= 0) {
        parts.unshift(buf.subarray(nl + 1));
        break;
      }
      parts.unshift(buf);
      stop = start;
    }
    return createHash('sha256').update(Buffer.concat(parts)).digest('hex');
  } finally {
    closeSync(fd);
  }
}

/** Length of the file up to its last newline (0 when absent). */
export function completeLength(path: string): number {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return 0;
  }
  const fd = openSync(path, 'r');
  try {
    for (let end = size; end > 0; end -= CHUNK) {
      const start = Math.max(0, end - CHUNK);
      const buf = Buffer.alloc(end - start);
      readSync(fd, buf, 0, buf.length, start);
      const nl = buf.lastIndexOf(0x0a);
      if (nl >= 0) return start + nl + 1;
    }
    return 0;
  } finally {
    closeSync(fd);
  }
}

/** The complete lines of `path` in [from, to), each with the offset just after it, in batches. */
export function* linesBetween(path: string, from: number, to: number): Generator<{ text: string; end: number }[]> {
  if (to <= from) return;
  const fd = openSync(path, 'r');
  try {
    let carry = Buffer.alloc(0);
    for (let at = from; at < to;) {
      const buf = Buffer.alloc(Math.min(CHUNK, to - at));
      const n = readSync(fd, buf, 0, buf.length, at);
      if (n === 0) break;
      const data = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      const base = at - carry.length;
      at += n;
      const batch: { text: string; end: number }[] = [];
      let start = 0;
      for (let nl = data.indexOf(0x0a); nl !== -1; nl = data.indexOf(0x0a, start)) {
        batch.push({ text: data.toString('utf8', start, nl), end: base + nl + 1 });
        start = nl + 1;
      }
      carry = Buffer.from(data.subarray(start));
      if (batch.length) yield batch;
    }
  } finally {
    closeSync(fd);
  }
}
