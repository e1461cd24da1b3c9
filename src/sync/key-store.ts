// What a pull knows of earlier runs, kept on disk instead of in memory: which documents and events
// are in the folder and where each sits. index.ndjson stays the record of the folder; this store is
// an index of it, derived and rebuildable, under <dir>/.fiscal/keys/.
//
// Shards are append-only NDJSON files named by the document's key: the year and month of an access
// key (its AAMM digits) and 4 bits of a hash. Of each shard a run touches it keeps the fingerprints
// of its records (key-prints.ts, a few bytes each), so that a new document, nearly every lookup of
// a first pull, is answered without holding records; a bounded cache of loaded shards answers the
// rest (a document listed again, where an event's document sits), and a run that finds nothing new
// loads none. `state.json` says how much of index.ndjson the shards cover and how many documents
// of each type, role and owner that part holds; on open, the store catches up from there (only the
// lines of a run that was killed are read again).
//
// Shards are written after the checkpoints that commit their lines, so they never hold a line the
// index could lose at the next start (which would make a document look indexed when it is not).
import { createReadStream, existsSync, readdirSync, readFileSync, rmSync, appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fsyncPath } from './durable.js';
import { fingerprint, PrintSet } from './key-prints.js';
import { ShardLines } from './key-shard-lines.js';
import { counted, readState, STATE_VERSION, writeState, type DocumentCounts } from './key-state.js';

/** What the store keeps of an index line. */
interface KeyRecord {
  key: string;
  role: string;
  owner: string;
  path: string;
  status: string | null;
  event?: string | undefined;
  seq?: number | undefined;
}

/** An index line as the store learns it: its document type is counted, not kept. */
export type IndexedRecord = KeyRecord & { type: string };

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
const CACHE_RECORDS = 20_000;
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

/** One string per index line identity (the same as index-file's `entryId`). */
export const identityOf = (e: RecordIdentity) =>
  e.event === undefined ? `${e.key}|${e.role}|${e.owner}` : `${e.key}|${e.role}|${e.owner}|${e.event}|${e.seq ?? 0}`;

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
  /** Fingerprints of every shard touched: kept for the whole run (a few bytes a record). */
  private readonly prints = new Map<string, PrintSet>();
  /** Loaded shards' records, least recently used first. */
  private readonly cache = new Map<string, Shard>();
  private cached = 0;
  private existing = new Set<string>();
  /** Shard files appended to since the state file was last brought up to date. */
  private readonly unsynced = new Set<string>();
  private covered = 0;
  private coveredCounts: DocumentCounts = {};
  private readonly shardLines = new ShardLines();

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
   * (checkpoints removed, an index cut back by hand), or written by an older fiscal, is rebuilt
   * from the start.
   */
  /** `rebuild`: the index was rewritten (a --restart repair), so nothing known before holds. */
  async open(indexPath: string, committed: number, rebuild = false): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    rmSync(`${this.statePath}.tmp`, { force: true });
    const state = rebuild ? undefined : readState(this.statePath);
    let covered = state?.indexLength ?? 0;
    if (covered > committed) covered = 0;
    let counts = covered === 0 ? {} : state!.documents;
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
      const fresh: IndexedRecord[] = [];
      const lines = createInterface({
        input: createReadStream(indexPath, { start: covered, end: committed - 1, encoding: 'utf8' }),
        crlfDelay: Infinity,
      });
      const learn = () => {
        counts = counted(counts, fresh);
        this.add(fresh.splice(0), dedupe);
      };
      for await (const text of lines) {
        if (!text) continue;
        const e = JSON.parse(text) as IndexedRecord;
        fresh.push({
          key: e.key,
          type: e.type,
          role: e.role,
          owner: e.owner,
          path: e.path,
          status: e.status,
          ...(e.event === undefined ? {} : { event: e.event, seq: e.seq }),
        });
        if (fresh.length >= 5000) learn();
      }
      learn();
      for (const path of this.unsynced) await fsyncPath(path);
      await fsyncPath(this.dir);
      this.unsynced.clear();
    }
    this.covered = committed;
    this.coveredCounts = counts;
    if (covered !== committed || !state) this.writeState(committed, counts);
  }

  /** Records held in memory (the loaded shards'): what a run's lookups cost it. */
  get heldRecords(): number {
    return this.cached;
  }

  has(e: RecordIdentity): boolean {
    const name = shardOf(e.key);
    if (!this.printsOf(name).has(fingerprint(identityOf(e)))) return false;
    return (this.load(name).get(e.key) ?? []).some((r) => sameId(r, e));
  }

  /** The copies of a document in the folder, with their latest status. */
  placementsOf(key: string): Placement[] {
    const name = shardOf(key);
    const loaded = this.cache.get(name);
    const records = loaded ? (loaded.get(key) ?? []) : this.recordsOf(name, key);
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
  publish(records: IndexedRecord[], indexLength: number): void {
    if (records.length === 0 && indexLength === this.covered) return;
    this.add(records, false);
    const previous = { length: this.covered, counts: this.coveredCounts };
    this.covered = indexLength;
    this.coveredCounts = counted(this.coveredCounts, records);
    if (!this.onAppend) this.writeState(indexLength, this.coveredCounts);
    else this.writeState(previous.length, previous.counts);
  }

  /** After the caller made every appended shard durable: the state file says all is covered. */
  settle(): void {
    this.writeState(this.covered, this.coveredCounts);
  }

  private add(records: KeyRecord[], dedupe: boolean): void {
    const byShard = new Map<string, KeyRecord[]>();
    for (const r of records) {
      if (dedupe && this.has(r)) continue;
      const name = shardOf(r.key);
      let list = byShard.get(name);
      if (!list) byShard.set(name, (list = []));
      list.push(r);
      // A shard not on disk yet starts empty: its fingerprints are complete without a read.
      if (!this.existing.has(name) && !this.prints.has(name)) this.prints.set(name, new PrintSet());
      this.prints.get(name)?.add(fingerprint(identityOf(r)));
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

  /**
   * The records of `key` in a shard not loaded, without loading it: an events page asks where fifty
   * documents sit, nearly each in another shard, and a shard loaded made an object of each of its
   * records (some 2,700 at 1M NF-e) for one document: the pull's heap grew by some 20 MB a page.
   */
  private recordsOf(name: string, key: string): KeyRecord[] {
    if (!this.existing.has(name) || !existsSync(this.shardPath(name))) return [];
    const out: KeyRecord[] = [];
    for (const text of this.shardLines.of(this.shardPath(name), key)) {
      const r = parseLine(text);
      if (r) out.push(r);
    }
    return out;
  }

  /** The fingerprints of a shard, read with its records the first time it is touched. */
  private printsOf(name: string): PrintSet {
    const known = this.prints.get(name);
    if (known) return known;
    if (!this.existing.has(name)) {
      // Not on disk: nothing to read, and no records to hold for it (add() keeps its prints).
      const none = new PrintSet();
      this.prints.set(name, none);
      return none;
    }
    this.load(name);
    return this.prints.get(name)!;
  }

  private load(name: string): Shard {
    const hit = this.cache.get(name);
    if (hit) {
      this.cache.delete(name);
      this.cache.set(name, hit);
      return hit;
    }
    const shard: Shard = new Map();
    const prints = this.prints.has(name) ? undefined : new PrintSet();
    if (this.existing.has(name) && existsSync(this.shardPath(name))) {
      for (const text of readFileSync(this.shardPath(name), 'utf8').split('\n')) {
        const r = text ? parseLine(text) : undefined;
        if (!r) continue;
        const same = shard.get(r.key);
        if (same) same.push(r);
        else shard.set(r.key, [r]);
        prints?.add(fingerprint(identityOf(r)));
        this.cached++;
      }
    }
    if (prints) this.prints.set(name, prints);
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

  private writeState(indexLength: number, documents: DocumentCounts): void {
    writeState(this.statePath, { version: STATE_VERSION, indexLength, documents });
  }
}
