// What a pull knows of earlier runs, kept on disk instead of in memory: which documents and events
// are in the folder and where each sits. index.ndjson stays the record of the folder; this store is
// an index of it, derived and rebuildable, under <dir>/.fiscal/keys/.
//
// Shards are append-only NDJSON files named by the document's key: the year and month of an access
// key (its AAMM digits) and 4 bits of a hash. A page in a listing's order touches the shards of a
// month or two, so a bounded cache of loaded shards answers almost every lookup, and a run that
// finds nothing new loads none. `state.json` says how much of index.ndjson the shards cover; on
// open, the store catches up from there (only the lines of a run that was killed are read again).
//
// Shards are written after the checkpoints that commit their lines, so they never hold a line the
// index could lose at the next start (which would make a document look indexed when it is not).
import {
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  appendFileSync,
  mkdirSync,
} from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fsyncPath } from './durable.js';

/** What the store keeps of an index line. */
export interface KeyRecord {
  key: string;
  role: string;
  owner: string;
  path: string;
  status: string | null;
  event?: string | undefined;
  seq?: number | undefined;
}

export type RecordIdentity = Pick<KeyRecord, 'key' | 'role' | 'owner'> & {
  event?: string | undefined;
  seq?: number | undefined;
};

/** Where a document pulled earlier is, so its events can be written beside it. */
export interface Placement {
  role: string;
  owner: string;
  path: string;
  /** Its status after the events indexed so far (a cancellation makes it `canceled`). */
  status: string | null;
}

/** Loaded records held at most; a shard is some hundreds to a few thousand. */
const CACHE_RECORDS = 60_000;

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `2606-a`: the AAMM of an access key (or the yyyy-mm of an NFS-e id) and a hash nibble. */
export function shardOf(key: string): string {
  const nibble = (fnv(key) & 15).toString(16);
  if (/^\d{44}$/.test(key)) return `${key.slice(2, 6)}-${nibble}`;
  const nfse = /:(\d{2})(\d{2})-(\d{2})-\d{2}:/.exec(key);
  if (nfse) return `${nfse[2]}${nfse[3]}-${nibble}`;
  return `x-${(fnv(key) & 63).toString(16)}`;
}

const sameId = (r: KeyRecord, e: RecordIdentity) =>
  r.role === e.role &&
  r.owner === e.owner &&
  r.event === e.event &&
  (r.event === undefined || (r.seq ?? 0) === (e.seq ?? 0));

const line = (r: KeyRecord) =>
  JSON.stringify(
    r.event === undefined
      ? [r.key, r.role, r.owner, r.path, r.status]
      : [r.key, r.role, r.owner, r.path, r.status, r.event, r.seq ?? 0],
  );

function parseLine(text: string): KeyRecord | undefined {
  try {
    const [key, role, owner, path, status, event, seq] = JSON.parse(text) as [
      string,
      string,
      string,
      string,
      string | null,
      string?,
      number?,
    ];
    return { key, role, owner, path, status, ...(event === undefined ? {} : { event, seq }) };
  } catch {
    // A torn last line (power loss): the catch-up from the index writes it again.
    return undefined;
  }
}

type Shard = Map<string, KeyRecord[]>;

export class KeyStore {
  /** Loaded shards, least recently used first. */
  private readonly cache = new Map<string, Shard>();
  private cached = 0;
  private existing = new Set<string>();
  /** Shard files appended to since the state file was last brought up to date. */
  private readonly unsynced = new Set<string>();
  private covered = 0;

  constructor(
    readonly dir: string,
    private readonly onAppend?: (path: string) => void,
  ) {}

  private get statePath() {
    return join(this.dir, 'state.json');
  }

  private shardPath(name: string) {
    return join(this.dir, `${name}.ndjson`);
  }

  /**
   * Brings the store up to `committed` bytes of the index. A store that covers more than that
   * (checkpoints removed, an index cut back by hand) is rebuilt from the start.
   */
  async open(indexPath: string, committed: number): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    rmSync(`${this.statePath}.tmp`, { force: true });
    let covered = 0;
    try {
      covered = (JSON.parse(readFileSync(this.statePath, 'utf8')) as { indexLength: number }).indexLength;
    } catch {
      covered = 0;
    }
    if (!Number.isInteger(covered) || covered < 0 || covered > committed) covered = 0;
    if (covered === 0) for (const name of readdirSync(this.dir)) rmSync(join(this.dir, name), { force: true });
    this.existing = new Set(
      readdirSync(this.dir)
        .filter((n) => n.endsWith('.ndjson'))
        .map((n) => n.slice(0, -7)),
    );
    if (covered < committed) {
      // Shards may already hold lines after `covered` (a run killed after writing them, before the
      // state file): those are skipped. A store rebuilt from nothing has none to skip.
      const dedupe = covered > 0;
      const fresh: KeyRecord[] = [];
      const lines = createInterface({
        input: createReadStream(indexPath, { start: covered, end: committed - 1, encoding: 'utf8' }),
        crlfDelay: Infinity,
      });
      for await (const text of lines) {
        if (!text) continue;
        const e = JSON.parse(text) as KeyRecord;
        fresh.push({
          key: e.key,
          role: e.role,
          owner: e.owner,
          path: e.path,
          status: e.status,
          ...(e.event === undefined ? {} : { event: e.event, seq: e.seq }),
        });
        if (fresh.length >= 5000) this.add(fresh.splice(0), dedupe);
      }
      this.add(fresh, dedupe);
      for (const path of this.unsynced) await fsyncPath(path);
      await fsyncPath(this.dir);
      this.unsynced.clear();
    }
    this.covered = committed;
    this.writeState(committed);
  }

  has(e: RecordIdentity): boolean {
    return this.recordsOf(e.key).some((r) => sameId(r, e));
  }

  /** The copies of a document in the folder, with their latest status. */
  placementsOf(key: string): Placement[] {
    const records = this.recordsOf(key);
    const out: Placement[] = [];
    for (const r of records) {
      if (r.event !== undefined) continue;
      let status = r.status;
      for (const ev of records)
        if (ev.event !== undefined && ev.role === r.role && ev.owner === r.owner && ev.status) status = ev.status;
      out.push({ role: r.role, owner: r.owner, path: r.path, status });
    }
    return out;
  }

  /**
   * Appends the records of committed index lines, then records that the store covers the index up
   * to `indexLength`. The state file names the length of the previous call: the shard appends of
   * that call were made durable (by `onAppend`'s owner) before this one's lines were committed.
   */
  publish(records: KeyRecord[], indexLength: number): void {
    this.add(records, false);
    const previous = this.covered;
    this.covered = indexLength;
    if (!this.onAppend) {
      this.writeState(indexLength);
      return;
    }
    this.writeState(previous);
  }

  /** After the caller made every appended shard durable: the state file says all is covered. */
  settle(): void {
    this.writeState(this.covered);
  }

  private add(records: KeyRecord[], dedupe: boolean): void {
    const byShard = new Map<string, KeyRecord[]>();
    for (const r of records) {
      if (dedupe && this.has(r)) continue;
      const name = shardOf(r.key);
      let list = byShard.get(name);
      if (!list) byShard.set(name, (list = []));
      list.push(r);
      const shard = this.cache.get(name);
      if (shard) {
        const same = shard.get(r.key);
        if (same) same.push(r);
        else shard.set(r.key, [r]);
        this.cached++;
      }
    }
    for (const [name, list] of byShard) {
      const path = this.shardPath(name);
      appendFileSync(path, list.map((r) => `${line(r)}\n`).join(''));
      this.existing.add(name);
      if (this.onAppend) this.onAppend(path);
      else this.unsynced.add(path);
    }
    this.trim();
  }

  private recordsOf(key: string): KeyRecord[] {
    return this.load(shardOf(key)).get(key) ?? [];
  }

  private load(name: string): Shard {
    const hit = this.cache.get(name);
    if (hit) {
      this.cache.delete(name);
      this.cache.set(name, hit);
      return hit;
    }
    const shard: Shard = new Map();
    if (this.existing.has(name) && existsSync(this.shardPath(name))) {
      for (const text of readFileSync(this.shardPath(name), 'utf8').split('\n')) {
        const r = text ? parseLine(text) : undefined;
        if (!r) continue;
        const same = shard.get(r.key);
        if (same) same.push(r);
        else shard.set(r.key, [r]);
        this.cached++;
      }
    }
    this.cache.set(name, shard);
    this.trim();
    return shard;
  }

  private trim(): void {
    for (const [name, shard] of this.cache) {
      if (this.cached <= CACHE_RECORDS || this.cache.size <= 1) return;
      let n = 0;
      for (const list of shard.values()) n += list.length;
      this.cached -= n;
      this.cache.delete(name);
    }
  }

  private writeState(indexLength: number): void {
    const tmp = `${this.statePath}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ version: 1, indexLength })}\n`);
    renameSync(tmp, this.statePath);
  }
}
