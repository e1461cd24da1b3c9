// Writes `<dir>/.fiscal/report-cache.bin` (the format: report-cache.ts): whole, to a temp file
// that is fsynced and renamed into place. The files of the cache it replaces that are still named
// are copied over as their columns lie (its tables are kept in their order, so their numbers stay
// right); only files read in this run are encoded from their facts.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Party } from '../fiscal/readers/index.js';
import { CachedCopy, COPY_INTS, DOC_INTS, type Columns } from './cached-facts.js';
import { SUMS } from './facts.js';
import type { IndexCopy } from './pull-index.js';
import {
  align,
  cachePath,
  KINDS,
  layout,
  LEGACY,
  MAGIC,
  VERSION,
  type CachedIndex,
  type FileFacts,
  type Header,
  type ReportCache,
} from './report-cache.js';

/**
 * Writes the cache of a pull folder: the index state and the facts of the files its copies name
 * (facts no copy names any more are dropped). Best effort: a folder that refuses it (read-only,
 * full disk) is reported on all the same, and the next report reads those files again.
 */
export async function saveReportCache(
  dir: string,
  known: CachedIndex,
  factsOf: (copy: IndexCopy) => FileFacts | undefined,
  base?: ReportCache,
): Promise<void> {
  const path = cachePath(dir);
  const tmp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const bytes = encode(known, factsOf, base?.columns);
    await mkdir(dirname(path), { recursive: true });
    const handle = await open(tmp, 'w', 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
    await rm(LEGACY(dir), { force: true });
  } catch {
    await rm(tmp, { force: true }).catch(() => {});
  }
}

/** Numbers for the distinct values of a table, in the order first seen. */
function numbering<T>(keyOf: (t: T) => string, seed: readonly T[] = []) {
  const numbers = new Map<string, number>();
  const items: T[] = [];
  for (const item of seed) {
    const key = keyOf(item);
    if (!numbers.has(key)) numbers.set(key, items.length);
    items.push(item);
  }
  return {
    items,
    of(item: T): number {
      const key = keyOf(item);
      let n = numbers.get(key);
      if (n === undefined) numbers.set(key, (n = items.push(item) - 1));
      return n;
    },
  };
}

function encode(
  known: CachedIndex,
  factsOf: (copy: IndexCopy) => FileFacts | undefined,
  base: Columns | undefined,
): Buffer {
  const partyKey = (p: Party) => `${p.taxId ?? ''}\u0000${p.name ?? ''}\u0000${p.uf ?? ''}`;
  // The tables start as the base cache's, in its order: its columns' numbers stay right as they are.
  const parties = numbering<Party>(partyKey, base?.parties);
  // Facts from the cache share their Party objects: most lookups are by identity.
  const partyNumbers = new Map<Party, number>();
  const party = (p: Party) => {
    let n = partyNumbers.get(p);
    if (n === undefined) partyNumbers.set(p, (n = parties.of(p)));
    return n;
  };
  const pairs = numbering<[string, string]>(([r, o]) => `${r}|${o}`);
  const statuses = numbering<string | null>((s) => String(s));
  const cfops = numbering<string>((s) => s, base?.cfops);
  const protocols = numbering<string>((s) => s, base?.protocols);
  const events = numbering<string[]>((e) => e.join(','), base?.events);

  const files = new Map<string, number>();
  /** The new number of each file of the base cache (-1: not written yet). */
  const baseFiles = new Int32Array(base ? base.docStart.length - 1 : 0).fill(-1);
  const shas = new Column(Uint8Array);
  const docStart = new Column(Uint32Array);
  docStart.push(0);
  const sums = new Column(Float64Array);
  const docInts = new Column(Int32Array);
  const texts: string[] = [];
  const textAt = new Column(Uint32Array);
  textAt.push(0);
  let textLength = 0;
  const copyInts = new Column(Int32Array);
  const errors: [number, string][] = [];
  const keys: [number, string][] = [];
  const paths: [number, string][] = [];
  const unread: [number, string][] = [];
  const addText = (t: string) => {
    texts.push(t);
    textAt.push((textLength += t.length));
  };

  /** A file of the base cache written again: its rows copied, numbers and all. */
  const copyBaseFile = (b: Columns, f: number): number => {
    const file = shas.length / 32;
    shas.append(b.sha, f * 32, 32);
    const error = b.errors.get(f);
    if (error !== undefined) errors.push([file, error]);
    for (let d = b.docStart[f]!; d < b.docStart[f + 1]!; d++) {
      sums.append(b.sums, d * SUMS.length, SUMS.length);
      docInts.append(b.docInts, d * DOC_INTS, DOC_INTS);
      addText(b.text.slice(b.textAt[d * 2]!, b.textAt[d * 2 + 1]!));
      addText(b.text.slice(b.textAt[d * 2 + 1]!, b.textAt[d * 2 + 2]!));
    }
    docStart.push(sums.length / SUMS.length);
    return file;
  };

  known.index.copies.forEach((copy, n) => {
    const pair = pairs.of([copy.role, copy.owner]);
    const status = copy.status === undefined ? -1 : statuses.of(copy.status);
    if (base && copy instanceof CachedCopy && copy.columns === base) {
      const f = base.copyInts[copy.n * COPY_INTS]!;
      if (f >= 0) {
        let file = baseFiles[f]!;
        if (file < 0) baseFiles[f] = file = copyBaseFile(base, f);
        copyInts.push(file, pair, status);
        const key = base.keys.get(copy.n);
        if (key !== undefined) keys.push([n, key]);
        const path = base.paths.get(copy.n);
        if (path !== undefined) paths.push([n, path]);
        return;
      }
    }
    const facts = factsOf(copy);
    if (!facts) {
      copyInts.push(-1, pair, status);
      unread.push([n, copy.sha256]);
      paths.push([n, copy.path]);
      keys.push([n, copy.key]);
      return;
    }
    let file = files.get(copy.sha256);
    if (file === undefined) {
      files.set(copy.sha256, (file = shas.length / 32));
      const sha = Buffer.from(copy.sha256, 'hex');
      shas.append(sha, 0, sha.length);
      if ('error' in facts) errors.push([file, facts.error]);
      else
        for (const d of facts.docs) {
          for (let i = 0; i < SUMS.length; i++) sums.push(d.sums[i] ?? 0);
          docInts.push(
            party(d.emitter),
            party(d.receiver),
            KINDS.indexOf(d.kind),
            d.cfop === undefined ? -1 : cfops.of(d.cfop),
            d.protocol === undefined ? -1 : protocols.of(d.protocol),
            d.events.length === 0 ? -1 : events.of(d.events),
            d.canceled ? 1 : 0,
          );
          addText(d.id);
          addText(d.emittedAt ?? '');
        }
      docStart.push(sums.length / SUMS.length);
    }
    copyInts.push(file, pair, status);
    if ('error' in facts) {
      paths.push([n, copy.path]);
      keys.push([n, copy.key]);
    } else if (facts.docs.length !== 1 || facts.docs[0]!.id !== copy.key) keys.push([n, copy.key]);
  });

  const orphans: [string, number, number][] = [];
  for (const [id, status] of known.index.orphans) {
    const [key, role, owner] = id.split('|') as [string, string, string];
    orphans.push([key, pairs.of([role, owner]), statuses.of(status)]);
  }
  const header: Header = {
    magic: MAGIC,
    version: VERSION,
    prefix: known.prefix,
    files: shas.length / 32,
    docs: sums.length / SUMS.length,
    copies: known.index.copies.length,
    roles: pairs.items,
    statuses: statuses.items,
    parties: parties.items.map((p) => [p.taxId ?? '', p.name ?? '', p.uf ?? '']),
    cfops: cfops.items,
    protocols: protocols.items,
    events: events.items,
    errors,
    keys,
    paths,
    unread,
    orphans,
    text: textLength,
  };

  const headerBytes = Buffer.from(JSON.stringify(header));
  const sections: Record<string, Uint8Array> = {
    sha: shas.bytes(),
    docStart: docStart.bytes(),
    sums: sums.bytes(),
    docInts: docInts.bytes(),
    textAt: textAt.bytes(),
    copyInts: copyInts.bytes(),
  };
  const parts: Uint8Array[] = [Buffer.alloc(8), headerBytes];
  let offset = 8 + headerBytes.length;
  const pad = () => {
    const to = align(offset);
    if (to > offset) parts.push(Buffer.alloc(to - offset));
    offset = to;
  };
  for (const [name, size] of layout(header)) {
    pad();
    const bytes = sections[name]!;
    if (bytes.length !== size) throw new Error(`report cache: section ${name} is ${bytes.length} bytes, not ${size}`);
    parts.push(bytes);
    offset += size;
  }
  pad();
  parts.push(Buffer.from(texts.join(''), 'utf8'));
  const out = Buffer.concat(parts);
  out.writeUInt32LE(headerBytes.length, 4);
  out.writeUInt32LE(crc32(out.subarray(4)), 0);
  return out;
}

type Typed = Uint8Array | Uint32Array | Int32Array | Float64Array;

/** A typed array that grows as it is filled: the columns of a cache being written. */
class Column<T extends Typed> {
  private array: T;
  length = 0;

  constructor(private readonly make: new (length: number) => T) {
    this.array = new make(1024);
  }

  private room(n: number): void {
    if (this.length + n <= this.array.length) return;
    const bigger = new this.make(Math.max(this.array.length * 2, this.length + n));
    bigger.set(this.array.subarray(0, this.length) as never);
    this.array = bigger;
  }

  push(...values: number[]): void {
    this.room(values.length);
    for (const v of values) this.array[this.length++] = v;
  }

  /** `count` values of `from` from `start` on. */
  append(from: ArrayLike<number>, start: number, count: number): void {
    this.room(count);
    for (let i = 0; i < count; i++) this.array[this.length++] = from[start + i]!;
  }

  bytes(): Uint8Array {
    const a = this.array;
    return new Uint8Array(a.buffer, a.byteOffset, this.length * a.BYTES_PER_ELEMENT);
  }
}
