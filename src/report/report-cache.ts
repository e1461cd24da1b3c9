// `<dir>/.fiscal/report-cache.ndjson`: what the last report of a pull folder knew, so that the next
// one reads neither the XML files again nor the index lines it already read.
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
// The file is compact: each party (name, CNPJ, UF) is written once and referred to by number, as
// are the (role, owner) pairs and the statuses; a copy whose file holds one document of its own key
// does not repeat the key, and only copies without facts keep their path. Anything unexpected
// (another version, a count that does not match, a row of the wrong shape) discards the whole file:
// it is derived data, and the report then reads the index and the XML again.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Party } from '../fiscal/readers/index.js';
import { SUMS, type DocumentFacts } from './facts.js';
import { forEachLine } from './lines.js';
import { PullIndex, type IndexCopy, type IndexPrefix } from './pull-index.js';

const VERSION = 2;
/** Rows per line: lines of about a megabyte, parsed one at a time. */
const ROWS_PER_LINE = 4000;

/** What one file yielded: its documents' facts, or why it could not be read. */
export type FileFacts = { docs: DocumentFacts[] } | { error: string };

export const cachePath = (dir: string): string => join(dir, '.fiscal', 'report-cache.ndjson');

export interface CachedIndex {
  index: PullIndex;
  prefix: IndexPrefix;
}

export interface ReportCacheContents {
  /** The index as last read; undefined when the file had none to give. */
  known?: CachedIndex;
  /** Facts by the sha256 of the file they were read from. */
  facts: Map<string, FileFacts>;
}

interface Header {
  fiscal: 'report-cache';
  version: number;
  prefix: IndexPrefix;
  roles: [string, string][];
  statuses: (string | null)[];
  parties: number;
  files: number;
  copies: number;
  orphans: number;
}

type PartyRow = [string, string, string];
/** kind, id, emittedAt, emitter, receiver (party numbers), cfop, protocol, canceled, events, ...sums */
type DocRow = [
  string,
  string,
  string | null,
  number,
  number,
  string | null,
  string | null,
  0 | 1,
  string[],
  ...number[],
];
/** sha256 and the docs, or the error. */
type FileRow = [string, DocRow[] | string];
/** file number (-1: not read), (role, owner) number, status number (-1: none), key ('' for the doc's), path, sha256 */
type CopyRow = [number, number, number, string, string?, string?];
type OrphanRow = [string, number, number];

const KINDS = new Set(['nfe', 'nfce', 'cte', 'cteos', 'mdfe', 'nfse', 'dps', 'cfe']);
const DOC_FIELDS = 9;

/** Thrown while reading a row that is not what this version writes; the file is then discarded. */
class Unusable extends Error {}

const text = (v: unknown): string => {
  if (typeof v !== 'string') throw new Unusable();
  return v;
};
const textOrNull = (v: unknown): string | undefined => {
  if (v === null) return undefined;
  return text(v);
};
const numberIn = (v: unknown, length: number, min = 0): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v >= length) throw new Unusable();
  return v;
};

/** The cache of a pull folder, or undefined (none, unreadable, another version, damaged). */
export async function loadReportCache(dir: string): Promise<ReportCacheContents | undefined> {
  let header: Header | undefined;
  const parties: Party[] = [];
  const files: [string, FileFacts][] = [];
  const copies: IndexCopy[] = [];
  const orphans = new Map<string, string | null>();
  try {
    await forEachLine(
      cachePath(dir),
      (line) => {
        if (!header) {
          header = readHeader(line);
          return;
        }
        const [section, ...rows] = JSON.parse(line) as [unknown, ...unknown[]];
        if (section === 'p') for (const row of rows) parties.push(partyOf(row));
        else if (section === 'f') for (const row of rows) files.push(fileOf(row, parties));
        else if (section === 'c') for (const row of rows) copies.push(copyOf(row, header, files));
        else if (section === 'o') for (const row of rows) orphanOf(row, header, orphans);
        else throw new Unusable();
      },
      () => {
        throw new Unusable();
      },
    );
  } catch {
    return undefined;
  }
  if (
    !header ||
    parties.length !== header.parties ||
    files.length !== header.files ||
    copies.length !== header.copies ||
    orphans.size !== header.orphans
  )
    return undefined;
  return { known: { index: new PullIndex(copies, orphans), prefix: header.prefix }, facts: new Map(files) };
}

function readHeader(line: string): Header {
  const h = JSON.parse(line) as Partial<Header>;
  if (h.fiscal !== 'report-cache' || h.version !== VERSION) throw new Unusable();
  const p = h.prefix;
  if (!p || !Number.isSafeInteger(p.bytes) || typeof p.sha1 !== 'string' || !p.file) throw new Unusable();
  if (!Array.isArray(h.roles) || !Array.isArray(h.statuses)) throw new Unusable();
  return h as Header;
}

function partyOf(row: unknown): Party {
  if (!Array.isArray(row)) throw new Unusable();
  const [taxId, name, uf] = (row as unknown[]).map(text);
  const p: Party = {};
  if (taxId) p.taxId = taxId;
  if (name) p.name = name;
  if (uf) p.uf = uf;
  return p;
}

function fileOf(row: unknown, parties: Party[]): [string, FileFacts] {
  if (!Array.isArray(row) || row.length !== 2) throw new Unusable();
  const [sha, docs] = row as unknown[];
  if (typeof docs === 'string') return [text(sha), { error: docs }];
  if (!Array.isArray(docs)) throw new Unusable();
  return [text(sha), { docs: docs.map((d) => docOf(d, parties)) }];
}

function docOf(row: unknown, parties: Party[]): DocumentFacts {
  if (!Array.isArray(row) || row.length !== DOC_FIELDS + SUMS.length) throw new Unusable();
  const [kind, id, emittedAt, emitter, receiver, cfop, protocol, canceled, events] = row as unknown[];
  if (!KINDS.has(kind as string) || !Array.isArray(events)) throw new Unusable();
  const sums = (row as unknown[]).slice(DOC_FIELDS) as number[];
  if (!sums.every((s) => Number.isSafeInteger(s))) throw new Unusable();
  return {
    kind: kind as DocumentFacts['kind'],
    id: text(id),
    emittedAt: textOrNull(emittedAt),
    emitter: parties[numberIn(emitter, parties.length)]!,
    receiver: parties[numberIn(receiver, parties.length)]!,
    cfop: textOrNull(cfop),
    sums,
    protocol: textOrNull(protocol),
    canceled: canceled === 1,
    events: (events as unknown[]).map(text),
  };
}

const statusOf = (n: unknown, h: Header): string | null | undefined =>
  n === -1 ? undefined : h.statuses[numberIn(n, h.statuses.length)];

function copyOf(row: unknown, h: Header, files: [string, FileFacts][]): IndexCopy {
  if (!Array.isArray(row) || row.length < 4) throw new Unusable();
  const [file, pair, status, key, path, sha] = row as unknown[];
  const [role, owner] = h.roles[numberIn(pair, h.roles.length)]!;
  if (file === -1)
    return { key: text(key), role, owner, path: text(path), sha256: text(sha), status: statusOf(status, h) };
  const [sha256, facts] = files[numberIn(file, files.length)]!;
  let k = text(key);
  if (!k) {
    if (!('docs' in facts) || facts.docs.length !== 1) throw new Unusable();
    k = facts.docs[0]!.id;
  }
  return { key: k, role, owner, path: path === undefined ? '' : text(path), sha256, status: statusOf(status, h) };
}

function orphanOf(row: unknown, h: Header, into: Map<string, string | null>): void {
  if (!Array.isArray(row) || row.length !== 3) throw new Unusable();
  const [key, pair, status] = row as unknown[];
  const [role, owner] = h.roles[numberIn(pair, h.roles.length)]!;
  const s = statusOf(status, h);
  if (s === undefined) throw new Unusable();
  into.set(`${text(key)}|${role}|${owner}`, s);
}

/**
 * Writes the cache of a pull folder: the index state and the facts of the files its copies name
 * (facts no copy names any more are dropped). Best effort: a folder that refuses it (read-only,
 * full disk) is reported on all the same, and the next report reads those files again.
 */
export async function saveReportCache(
  dir: string,
  known: CachedIndex,
  facts: ReadonlyMap<string, FileFacts>,
): Promise<void> {
  const path = cachePath(dir);
  const tmp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    const handle = await open(tmp, 'w', 0o644);
    try {
      for (const chunk of cacheLines(known, facts)) await handle.write(chunk);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch {
    await rm(tmp, { force: true }).catch(() => {});
  }
}

/** The file's text, a few lines at a time (a cache of a million documents is a few hundred MB). */
function* cacheLines(known: CachedIndex, facts: ReadonlyMap<string, FileFacts>): Generator<string> {
  const numbering = <T>(keyOf: (t: T) => string) => {
    const numbers = new Map<string, number>();
    const items: T[] = [];
    return {
      items,
      of(item: T): number {
        const key = keyOf(item);
        let n = numbers.get(key);
        if (n === undefined) numbers.set(key, (n = items.push(item) - 1));
        return n;
      },
    };
  };
  const parties = numbering<Party>((p) => `${p.taxId ?? ''}\u0000${p.name ?? ''}\u0000${p.uf ?? ''}`);
  const pairs = numbering<[string, string]>(([r, o]) => `${r}|${o}`);
  const statuses = numbering<string | null>((s) => String(s));
  const statusNumber = (s: string | null | undefined) => (s === undefined ? -1 : statuses.of(s));

  const fileNumbers = new Map<string, number>();
  const fileRows: FileRow[] = [];
  const copyRows: CopyRow[] = [];
  for (const copy of known.index.copies) {
    const f = facts.get(copy.sha256);
    const pair = pairs.of([copy.role, copy.owner]);
    const status = statusNumber(copy.status);
    if (!f) {
      copyRows.push([-1, pair, status, copy.key, copy.path, copy.sha256]);
      continue;
    }
    let file = fileNumbers.get(copy.sha256);
    if (file === undefined) {
      fileNumbers.set(copy.sha256, (file = fileRows.length));
      fileRows.push([copy.sha256, 'error' in f ? f.error : f.docs.map((d) => docRow(d, parties.of))]);
    }
    if ('error' in f) copyRows.push([file, pair, status, copy.key, copy.path]);
    else copyRows.push([file, pair, status, f.docs.length === 1 && f.docs[0]!.id === copy.key ? '' : copy.key]);
  }
  const orphanRows: OrphanRow[] = [];
  for (const [id, status] of known.index.orphans) {
    const [key, role, owner] = id.split('|') as [string, string, string];
    orphanRows.push([key, pairs.of([role, owner]), statusNumber(status)]);
  }

  const header: Header = {
    fiscal: 'report-cache',
    version: VERSION,
    prefix: known.prefix,
    roles: pairs.items,
    statuses: statuses.items,
    parties: parties.items.length,
    files: fileRows.length,
    copies: copyRows.length,
    orphans: orphanRows.length,
  };
  yield `${JSON.stringify(header)}\n`;
  const partyRows = parties.items.map((p): PartyRow => [p.taxId ?? '', p.name ?? '', p.uf ?? '']);
  for (const [section, rows] of [
    ['p', partyRows],
    ['f', fileRows],
    ['c', copyRows],
    ['o', orphanRows],
  ] as const) {
    for (let i = 0; i < rows.length; i += ROWS_PER_LINE) {
      yield `${JSON.stringify([section, ...rows.slice(i, i + ROWS_PER_LINE)])}\n`;
    }
  }
}

function docRow(d: DocumentFacts, party: (p: Party) => number): DocRow {
  return [
    d.kind,
    d.id,
    d.emittedAt ?? null,
    party(d.emitter),
    party(d.receiver),
    d.cfop ?? null,
    d.protocol ?? null,
    d.canceled ? 1 : 0,
    d.events,
    ...d.sums,
  ];
}
