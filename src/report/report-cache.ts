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
// This file reads it; report-cache-write.ts writes it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { DOC_TYPE_NAMES } from '../fiscal/doc-types.js';
import type { DocumentKind, Party } from '../fiscal/readers/index.js';
import { CachedCopy, CachedDocument, COPY_INTS, DOC_INTS, type Columns } from './cached-facts.js';
import { SUMS, type DocumentFacts } from './facts.js';
import { PullIndex, type IndexCopy, type IndexPrefix } from './pull-index.js';

/** What one file yielded: its documents' facts, or why it could not be read. */
export type FileFacts = { docs: DocumentFacts[] } | { error: string };

export const cachePath = (dir: string): string => join(dir, '.fiscal', 'report-cache.bin');
/** The cache of earlier versions (one JSON line per file): removed when this one is written. */
export const LEGACY = (dir: string) => join(dir, '.fiscal', 'report-cache.ndjson');

export const MAGIC = 'fiscal-report-cache';
export const VERSION = 3;
/** The kinds a cached document may have, by index: append only (a new type goes last), the cache stores the index. */
const KINDS_OF_VERSION_3 = ['nfe', 'nfce', 'cte', 'cteos', 'mdfe', 'nfse', 'dps', 'cfe'] as const;
export const KINDS: readonly Exclude<DocumentKind, 'event'>[] = [
  ...KINDS_OF_VERSION_3,
  ...DOC_TYPE_NAMES.filter((t) => !(KINDS_OF_VERSION_3 as readonly string[]).includes(t)),
];

export interface CachedIndex {
  index: PullIndex;
  prefix: IndexPrefix;
}

export interface Header {
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
export function layout(h: Pick<Header, 'files' | 'docs' | 'copies'>) {
  return [
    ['sha', h.files * 32],
    ['docStart', (h.files + 1) * 4],
    ['sums', h.docs * SUMS.length * 8],
    ['docInts', h.docs * DOC_INTS * 4],
    ['textAt', (h.docs * 2 + 1) * 4],
    ['copyInts', h.copies * COPY_INTS * 4],
  ] as const;
}
export const align = (n: number) => (n + 7) & ~7;

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
