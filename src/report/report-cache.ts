// `<dir>/.fiscal/report-cache.ndjson`: what a report learnt from each XML file of a pull folder,
// so that the next report reads two files (the index and this) instead of every XML again.
//
// It is derived data, keyed by what the index says of a file's content: its sha256. A file is
// written once by the pull, whole, before its line, so an entry can never disagree with the
// document its line stands for; an entry no line names is simply never asked for. The cache may therefore lag, hold stale entries or be lost without a
// report ever showing something else than the folder's documents:
// - new entries are appended, whole lines in one write each, after the files they describe were
//   read; a run killed mid-write leaves a torn last line, which the next run ignores (and starts
//   its own appends on a new line);
// - a line that is not what this version writes (another version, a hand edit, garbage) is
//   ignored, and its file read again;
// - when stale lines outnumber live ones the file is rewritten whole: temp file, fsync, rename.
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Party } from '../fiscal/readers/index.js';
import { SUMS, type DocumentFacts } from './facts.js';
import { forEachLine } from './lines.js';

const HEADER = '{"fiscal":"report-cache","version":1}';
/** Appends are grouped: an interrupted first report over a large folder keeps what it read. */
const APPEND_EVERY = 2000;

/** What one file yielded: its documents' facts, or why it could not be read. */
export type FileFacts = { docs: DocumentFacts[] } | { error: string };

export const cachePath = (dir: string): string => join(dir, '.fiscal', 'report-cache.ndjson');
/** The facts depend on the bytes alone: two copies with the same content share an entry. */
export const cacheKey = (sha256: string): string => sha256;

type PartyRow = [string?, string?, string?];
type FactsRow = [
  string,
  string,
  string | null,
  PartyRow,
  PartyRow,
  string | null,
  number[],
  string | null,
  0 | 1,
  string[],
];

const partyRow = (p: Party): PartyRow => [p.taxId ?? '', p.name ?? '', p.uf ?? ''];
const partyOf = (row: unknown): Party => {
  const [taxId, name, uf] = Array.isArray(row) ? (row as unknown[]) : [];
  const p: Party = {};
  if (typeof taxId === 'string' && taxId) p.taxId = taxId;
  if (typeof name === 'string' && name) p.name = name;
  if (typeof uf === 'string' && uf) p.uf = uf;
  return p;
};

function toRow(f: DocumentFacts): FactsRow {
  return [
    f.kind,
    f.id,
    f.emittedAt ?? null,
    partyRow(f.emitter),
    partyRow(f.receiver),
    f.cfop ?? null,
    f.sums,
    f.protocol ?? null,
    f.canceled ? 1 : 0,
    f.events,
  ];
}

const KINDS = new Set(['nfe', 'nfce', 'cte', 'cteos', 'mdfe', 'nfse', 'dps', 'cfe']);
const optional = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function fromRow(row: unknown): DocumentFacts | undefined {
  if (!Array.isArray(row) || row.length !== 10) return undefined;
  const [kind, id, emittedAt, emitter, receiver, cfop, sums, protocol, canceled, events] = row as unknown[];
  if (typeof kind !== 'string' || !KINDS.has(kind) || typeof id !== 'string') return undefined;
  if (!Array.isArray(sums) || sums.length !== SUMS.length || !sums.every((s) => Number.isSafeInteger(s)))
    return undefined;
  if (!Array.isArray(events) || !events.every((e) => typeof e === 'string')) return undefined;
  return {
    kind: kind as DocumentFacts['kind'],
    id,
    emittedAt: optional(emittedAt),
    emitter: partyOf(emitter),
    receiver: partyOf(receiver),
    cfop: optional(cfop),
    sums: sums as number[],
    protocol: optional(protocol),
    canceled: canceled === 1,
    events: events as string[],
  };
}

function parseLine(text: string): [string, FileFacts] | undefined {
  let line: unknown;
  try {
    line = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!line || typeof line !== 'object') return undefined;
  const { k, d, e } = line as { k?: unknown; d?: unknown; e?: unknown };
  if (typeof k !== 'string') return undefined;
  if (typeof e === 'string') return [k, { error: e }];
  if (!Array.isArray(d)) return undefined;
  const docs = d.map(fromRow);
  return docs.every((x): x is DocumentFacts => x !== undefined) ? [k, { docs }] : undefined;
}

export class ReportCache {
  private readonly entries = new Map<string, FileFacts>();
  private readonly used = new Set<string>();
  private pending: string[] = [];
  /** Lines in the file that no lookup wanted, or repeated: counted to decide on a rewrite. */
  private lines = 0;
  /** The file's state: absent or unusable (rewrite), torn at the end (append on a new line). */
  private state: 'none' | 'clean' | 'torn' | 'foreign' = 'none';

  private constructor(readonly path: string) {}

  static async open(dir: string): Promise<ReportCache> {
    const cache = new ReportCache(cachePath(dir));
    await cache.load();
    return cache;
  }

  private async load(): Promise<void> {
    const size = await stat(this.path).then(
      (s) => (s.isFile() ? s.size : -1),
      () => -1,
    );
    if (size < 0) return;
    let first = true;
    let torn = false;
    await forEachLine(
      this.path,
      (text) => {
        if (first) {
          first = false;
          if (text !== HEADER) this.state = 'foreign';
          return;
        }
        if (this.state === 'foreign') return;
        this.lines++;
        const parsed = parseLine(text);
        if (parsed) this.entries.set(parsed[0], parsed[1]);
      },
      () => (torn = true),
    );
    if (first || this.state === 'foreign') {
      this.state = 'foreign';
      this.entries.clear();
      return;
    }
    this.state = torn ? 'torn' : 'clean';
  }

  get(key: string): FileFacts | undefined {
    const found = this.entries.get(key);
    if (found) this.used.add(key);
    return found;
  }

  /** Remembers what a file yielded; written by the next flush (or every few thousand). */
  async put(key: string, facts: FileFacts): Promise<void> {
    this.entries.set(key, facts);
    this.used.add(key);
    const line = 'error' in facts ? { k: key, e: facts.error } : { k: key, d: facts.docs.map(toRow) };
    this.pending.push(JSON.stringify(line));
    if (this.pending.length >= APPEND_EVERY) await this.flush();
  }

  /** Appends what was learnt; the cache is best effort: a folder that refuses it is not an error. */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = `${this.pending.join('\n')}\n`;
    this.lines += this.pending.length;
    this.pending = [];
    try {
      await mkdir(dirname(this.path), { recursive: true });
      if (this.state === 'none' || this.state === 'foreign') {
        await this.rewrite();
        return;
      }
      await appendFile(this.path, this.state === 'torn' ? `\n${text}` : text);
      this.state = 'clean';
    } catch {
      // Read-only folder, full disk: the next report reads those files again.
    }
  }

  /**
   * The end of a report: what is pending is written, and a file mostly made of lines no document
   * of the index wants any more (a --restart with another layout, repeated appends) is rewritten.
   */
  async close(): Promise<void> {
    await this.flush();
    const stale = this.lines - this.used.size;
    if (stale > 1000 && stale > this.used.size) await this.rewrite().catch(() => {});
  }

  /** The file replaced by the entries in use: written aside, fsynced, renamed into place. */
  private async rewrite(): Promise<void> {
    const tmp = `${this.path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    const body = [HEADER];
    for (const key of this.used) {
      const facts = this.entries.get(key)!;
      body.push(JSON.stringify('error' in facts ? { k: key, e: facts.error } : { k: key, d: facts.docs.map(toRow) }));
    }
    try {
      const handle = await open(tmp, 'w', 0o644);
      try {
        await handle.writeFile(`${body.join('\n')}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, this.path);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    this.lines = this.used.size;
    this.state = 'clean';
  }
}
