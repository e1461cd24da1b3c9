// `<dir>/.fiscal/report-cache.bin`: what the last report of a pull folder knew, so that the next one
// reads neither the XML files again nor the index lines it already read.
//
// Two things are kept, in one file written whole (temp file, fsync, rename: a reader sees the old
// file or the new one, never half of one):
// - the facts of each file, keyed by its content: the `sha256` its index line gives. A file is
//   written once by the pull, whole, before its line, so facts can never disagree with the
//   document a line stands for, and they stay true whatever becomes of the index;
// - the index as read up to a line boundary (pull-index.ts): its copies in order, with their
//   statuses, and what identifies those bytes (length, sha1, size/mtime/inode). The next report
//   applies only the lines appended since; if the bytes changed it reads the index whole (and
//   still takes the facts from here).
// The file is columns, not text: a JSON header (the tables of parties, (role, owner) pairs,
// statuses, CFOPs... and the rare things: errors, unread copies, keys that are not their
// document's id) and then arrays of numbers and one string of ids and dates, loaded as they lie
// (typed arrays over the file's bytes). Parsing JSON of 200,000 documents took seconds; this takes
// a read. Facts and copies are objects that read those columns when asked (cached-facts.ts).
// A CRC32 of the whole file and its exact length guard it: anything unexpected (another version,
// a cut or damaged file) discards it, and the report reads the index and the XML again.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Party } from '../fiscal/readers/index.js';
import { CachedCopy, CachedDocument, type Columns } from './cached-facts.js';
import { SUMS, type DocumentFacts } from './facts.js';
import { PullIndex, type IndexCopy, type IndexPrefix } from './pull-index.js';

/** What one file yielded: its documents' facts, or why it could not be read. */
export type FileFacts = { docs: DocumentFacts[] } | { error: string };

export const cachePath = (dir: string): string => join(dir, '.fiscal', 'report-cache.bin');
/** The cache of earlier versions (one JSON line per file): removed when this one is written. */
const LEGACY = (dir: string) => join(dir, '.fiscal', 'report-cache.ndjson');

const MAGIC = 'fiscal-report-cache';
const VERSION = 3;
const KINDS = ['nfe', 'nfce', 'cte', 'cteos', 'mdfe', 'nfse', 'dps', 'cfe'] as const;
/** Int32 columns per document: emitter, receiver, kind, cfop, protocol, events, canceled. */
const DOC_INTS = 7;
/** Int32 columns per copy: file (-1: not read), (role, owner) pair, status (-1: none). */
const COPY_INTS = 3;

export interface CachedIndex {
  index: PullIndex;
  prefix: IndexPrefix;
}

interface Header {
  magic: typeof MAGIC;
  version: number;
  prefix: IndexPrefix;
  files: number;
  docs: number;
  copies: number;
  roles: [string, string][];
  statuses: (string | null)[];
  parties: [string, string, string][];
  cfops: string[];
  protocols: string[];
  events: string[][];
  /** By file number: the file could not be read (malformed, of no known type...). */
  errors: [number, string][];
  /** By copy number: a key other than its file's (single) document's id. */
  keys: [number, string][];
  /** By copy number: a path, kept only where it may be needed (errors, unread files). */
  paths: [number, string][];
  /** By copy number: the sha256 of a file not read yet. */
  unread: [number, string][];
  orphans: [string, number, number][];
  /** UTF-16 length of the text column (ids and dates). */
  text: number;
}

/** The sections after the header, in order, with their sizes in bytes; each starts 8-aligned. */
function layout(h: Pick<Header, 'files' | 'docs' | 'copies'>) {
  return [
    ['sha', h.files * 32],
    ['docStart', (h.files + 1) * 4],
    ['sums', h.docs * SUMS.length * 8],
    ['docInts', h.docs * DOC_INTS * 4],
    ['textAt', (h.docs * 2 + 1) * 4],
    ['copyInts', h.copies * COPY_INTS * 4],
  ] as const;
}
const align = (n: number) => (n + 7) & ~7;

export class ReportCache {
  readonly known: CachedIndex;
  private bySha: Map<string, number> | undefined;

  private constructor(
    /** Read by saveReportCache, which copies the columns of the files still named. */
    readonly columns: Columns,
    known: CachedIndex,
  ) {
    this.known = known;
  }

  /** The cache of a pull folder, or undefined (none, unreadable, another version, damaged). */
  static async load(dir: string): Promise<ReportCache | undefined> {
    const bytes = await readFile(cachePath(dir)).catch(() => undefined);
    if (!bytes) return undefined;
    try {
      return ReportCache.read(bytes);
    } catch {
      return undefined;
    }
  }

  private static read(bytes: Buffer): ReportCache | undefined {
    // [crc32 of the rest][header length] header, then the sections.
    if (bytes.length < 8 || bytes.readUInt32LE(0) !== crc32(bytes.subarray(4))) return undefined;
    const headerLength = bytes.readUInt32LE(4);
    const h = JSON.parse(bytes.toString('utf8', 8, 8 + headerLength)) as Header;
    if (h.magic !== MAGIC || h.version !== VERSION) return undefined;
    // Typed arrays need aligned offsets: a buffer from a shared pool is copied first.
    const buffer = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
    const at = (offset: number) => buffer.byteOffset + offset;
    let offset = align(8 + headerLength);
    const s: Record<string, number> = {};
    for (const [name, size] of layout(h)) {
      s[name] = offset;
      offset = align(offset + size);
    }
    const textBytes = buffer.length - offset;
    if (textBytes < 0) return undefined;
    const ab = buffer.buffer;
    const columns: Columns = {
      sha: buffer.subarray(s.sha!, s.sha! + h.files * 32),
      docStart: new Uint32Array(ab, at(s.docStart!), h.files + 1),
      sums: new Float64Array(ab, at(s.sums!), h.docs * SUMS.length),
      docInts: new Int32Array(ab, at(s.docInts!), h.docs * DOC_INTS),
      textAt: new Uint32Array(ab, at(s.textAt!), h.docs * 2 + 1),
      copyInts: new Int32Array(ab, at(s.copyInts!), h.copies * COPY_INTS),
      text: buffer.toString('utf8', offset),
      parties: h.parties.map(partyOf),
      kinds: KINDS,
      cfops: h.cfops,
      protocols: h.protocols,
      events: h.events,
      errors: new Map(h.errors),
      keys: new Map(h.keys),
      paths: new Map(h.paths),
      unread: new Map(h.unread),
    };
    if (columns.text.length !== h.text) return undefined;
    const copies: IndexCopy[] = new Array<IndexCopy>(h.copies);
    const ints = columns.copyInts;
    for (let i = 0; i < h.copies; i++) {
      const [role, owner] = h.roles[ints[i * COPY_INTS + 1]!]!;
      const status = ints[i * COPY_INTS + 2]!;
      copies[i] = new CachedCopy(columns, i, role, owner, status < 0 ? undefined : h.statuses[status]!);
    }
    const orphans = new Map<string, string | null>();
    for (const [key, pair, status] of h.orphans) {
      const [role, owner] = h.roles[pair]!;
      orphans.set(`${key}|${role}|${owner}`, h.statuses[status]!);
    }
    return new ReportCache(columns, { index: new PullIndex(copies, orphans), prefix: h.prefix });
  }

  /** The facts of a copy's file: from its cached columns, or by its sha256; undefined when not known. */
  factsOf(copy: IndexCopy): FileFacts | undefined {
    const file = this.fileOf(copy);
    return file === undefined ? undefined : this.fileFacts(file);
  }

  knows(copy: IndexCopy): boolean {
    return this.fileOf(copy) !== undefined;
  }

  private fileOf(copy: IndexCopy): number | undefined {
    if (copy instanceof CachedCopy && copy.columns === this.columns) {
      const file = this.columns.copyInts[copy.n * COPY_INTS]!;
      return file < 0 ? undefined : file;
    }
    this.bySha ??= this.shaNumbers();
    return this.bySha.get(copy.sha256);
  }

  private fileFacts(file: number): FileFacts {
    const error = this.columns.errors.get(file);
    if (error !== undefined) return { error };
    const docs: DocumentFacts[] = [];
    for (let d = this.columns.docStart[file]!; d < this.columns.docStart[file + 1]!; d++)
      docs.push(new CachedDocument(this.columns, d));
    return { docs };
  }

  private shaNumbers(): Map<string, number> {
    const hex = this.columns.sha.toString('hex');
    const map = new Map<string, number>();
    for (let f = 0; f * 64 < hex.length; f++) map.set(hex.slice(f * 64, f * 64 + 64), f);
    return map;
  }
}

const partyOf = ([taxId, name, uf]: [string, string, string]): Party => {
  const p: Party = {};
  if (taxId) p.taxId = taxId;
  if (name) p.name = name;
  if (uf) p.uf = uf;
  return p;
};

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
