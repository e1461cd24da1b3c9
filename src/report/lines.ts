// The lines of a large NDJSON file (an index, a cache of hundreds of thousands of lines), read in
// big chunks and split by hand: readline's per-line events cost more than the JSON parsing itself.
import { open } from 'node:fs/promises';

const CHUNK = 8 * 1024 * 1024;

/**
 * Calls `onLine` with each complete line (without its newline). A last line without a newline
 * (cut by a crash, or being written) is passed to `onTail` instead, if given.
 */
export async function forEachLine(
  path: string,
  onLine: (line: string) => void,
  onTail?: (line: string) => void,
): Promise<void> {
  const handle = await open(path, 'r');
  try {
    let carry: Buffer = Buffer.alloc(0);
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, null);
      if (bytesRead === 0) break;
      const data = carry.length ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
      let start = 0;
      for (let nl = data.indexOf(0x0a, start); nl >= 0; nl = data.indexOf(0x0a, start)) {
        if (nl > start) onLine(data.toString('utf8', start, nl));
        start = nl + 1;
      }
      carry = Buffer.from(data.subarray(start));
    }
    if (carry.length && onTail) onTail(carry.toString('utf8'));
  } finally {
    await handle.close();
  }
}
