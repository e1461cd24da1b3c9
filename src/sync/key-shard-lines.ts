// One document's lines of a key store shard (key-store.ts), found in the file's bytes: the other
// records of the shard are never parsed, and the bytes are read into one buffer reused by every
// lookup (grown to the largest shard), so a lookup holds nothing once it returns.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export class ShardLines {
  private bytes = Buffer.alloc(0);

  /** The lines of the shard at `path` whose record is `key`'s, as text, in the file's order. */
  of(path: string, key: string): string[] {
    const bytes = this.read(path);
    // Every line is a JSON array whose first value is the key (key-store.ts, line()).
    const start = Buffer.from(`[${JSON.stringify(key)},`);
    const out: string[] = [];
    for (let at = bytes.indexOf(start); at >= 0; at = bytes.indexOf(start, at + 1)) {
      if (at > 0 && bytes[at - 1] !== 0x0a) continue;
      const end = bytes.indexOf(0x0a, at);
      out.push(bytes.toString('utf8', at, end < 0 ? bytes.length : end));
    }
    return out;
  }

  private read(path: string): Buffer {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      if (this.bytes.length < size) this.bytes = Buffer.allocUnsafe(Math.max(size, 2 * this.bytes.length));
      let n = 0;
      for (let r = 1; n < size && r > 0; n += r) r = readSync(fd, this.bytes, n, size - n, n);
      return this.bytes.subarray(0, n);
    } finally {
      closeSync(fd);
    }
  }
}
