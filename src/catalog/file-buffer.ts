// Reading the folder's files for a rebuild into one buffer. A Buffer per file lives outside the
// young generation and is freed only by a full collection: a rebuild of 56k files spent a fifth
// of its time collecting, and held some 400 MB at its peak.
import { closeSync, openSync, readSync } from 'node:fs';

let buffer = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * The bytes of `file`, valid until the next call (the facts read from them are strings); undefined
 * when it is gone or unreadable: it is catalogued with what its index line says.
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
