// <dir>/index.ndjson: one line per document written, never a duplicate. Lines are appended in
// page-sized batches and fsynced before the checkpoint that counts them; on start the file is cut
// back to the longest length a checkpoint committed, which drops lines of a page whose checkpoint
// never made it to disk (that page is fetched and written again).
import { createReadStream } from 'node:fs';
import { open, stat, truncate, type FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { UsageError } from '../errors.js';

export interface IndexEntry {
  key: string;
  type: string;
  role: string;
  owner: string;
  path: string;
  sha256: string;
  bytes: number;
  status: string | null;
  created_at: string | null;
  /** On the line of an event file (`pull --with-events`): its code and sequence number. */
  event?: string;
  seq?: number;
}

type EntryIdentity = Pick<IndexEntry, 'key' | 'role' | 'owner'> & { event?: string | undefined; seq?: number | undefined };

/**
 * Identity of a line: the same document may be pulled for two roles or two owners; an event
 * line is one per event of each copy.
 */
export const entryId = (e: EntryIdentity) => (e.event === undefined ? `${e.key}|${e.role}|${e.owner}` : `${e.key}|${e.role}|${e.owner}|${e.event}|${e.seq ?? 0}`);

/**
 * The identities of the index's lines, grouped by everything but the key: a pull of 100k
 * documents holds 100k keys, each stored once as the flat string it was parsed as, instead of a
 * composite string per line (half the memory).
 */
class IdentitySet {
  private readonly groups = new Map<string, Set<string>>();

  private static group(e: EntryIdentity): string {
    return e.event === undefined ? `${e.role}|${e.owner}` : `${e.role}|${e.owner}|${e.event}|${e.seq ?? 0}`;
  }

  has(e: EntryIdentity): boolean {
    return this.groups.get(IdentitySet.group(e))?.has(e.key) ?? false;
  }

  add(e: EntryIdentity): void {
    const g = IdentitySet.group(e);
    let keys = this.groups.get(g);
    if (!keys) this.groups.set(g, (keys = new Set()));
    keys.add(e.key);
  }
}

/** Where a document pulled earlier is, so its events can be written beside it. */
export interface Placement {
  role: string;
  owner: string;
  path: string;
  /** Its status after the events indexed so far (a cancellation makes it `canceled`). */
  status: string | null;
}

/** Length of the file up to and including its last newline. */
async function completeLinesLength(path: string, size: number): Promise<number> {
  if (size === 0) return 0;
  const handle = await open(path, 'r');
  try {
    const chunk = 64 * 1024;
    for (let end = size; end > 0; end -= chunk) {
      const start = Math.max(0, end - chunk);
      const buf = Buffer.alloc(end - start);
      await handle.read(buf, 0, buf.length, start);
      const nl = buf.lastIndexOf(0x0a);
      if (nl >= 0) return start + nl + 1;
    }
    return 0;
  } finally {
    await handle.close();
  }
}

export class IndexFile {
  private handle: FileHandle | undefined;
  private readonly seen = new IdentitySet();
  private lengthBytes = 0;
  /** By document key, with `trackPlacements` only: events need them, plain pulls save the memory. */
  private readonly placements: Map<string, Placement[]> | undefined;

  constructor(readonly path: string, opts: { trackPlacements?: boolean } = {}) {
    this.placements = opts.trackPlacements ? new Map() : undefined;
  }

  /** The copies of a document in the folder (needs `trackPlacements`). */
  placementsOf(key: string): readonly Placement[] {
    return this.placements?.get(key) ?? [];
  }

  private learn(e: IndexEntry): void {
    if (!this.placements) return;
    const list = this.placements.get(e.key);
    if (e.event === undefined) {
      const placement = { role: e.role, owner: e.owner, path: e.path, status: e.status };
      if (list) list.push(placement);
      else this.placements.set(e.key, [placement]);
      return;
    }
    // The latest status of a copy is that of its latest line.
    const copy = list?.find((p) => p.role === e.role && p.owner === e.owner);
    if (copy && e.status) copy.status = e.status;
  }

  get length(): number {
    return this.lengthBytes;
  }

  has(e: EntryIdentity): boolean {
    return this.seen.has(e);
  }

  /**
   * Opens the index, cut back to `committed` bytes, and learns which entries it holds. With
   * `keepComplete` (--restart) it keeps every complete line instead: their files are durable.
   */
  async open(committed: number, keepComplete = false): Promise<{ dropped: number }> {
    const size = await stat(this.path).then((s) => s.size, () => 0);
    if (keepComplete) committed = Math.max(committed, await completeLinesLength(this.path, size));
    if (size < committed) {
      throw new UsageError(`${this.path} is shorter (${size} bytes) than its checkpoints record (${committed} bytes)`, {
        details: ['it was edited or truncated outside fiscal; run again with --restart to rebuild it'],
      });
    }
    if (size > committed) await truncate(this.path, committed);
    if (committed > 0) await this.load();
    this.lengthBytes = committed;
    this.handle = await open(this.path, 'a');
    return { dropped: size - committed };
  }

  private async load(): Promise<void> {
    const lines = createInterface({ input: createReadStream(this.path, { encoding: 'utf8' }), crlfDelay: Infinity });
    let n = 0;
    for await (const line of lines) {
      n++;
      if (!line) continue;
      try {
        const entry = JSON.parse(line) as IndexEntry;
        this.seen.add(entry);
        this.learn(entry);
      } catch {
        throw new UsageError(`${this.path} line ${n} is not JSON`, { details: ['run again with --restart to rebuild it'] });
      }
    }
  }

  /** Appends entries (skipping known ones) and makes them durable; returns the new length. */
  async append(entries: IndexEntry[]): Promise<number> {
    const fresh: IndexEntry[] = [];
    const ids = new Set<string>();
    for (const e of entries) {
      const id = entryId(e);
      if (this.seen.has(e) || ids.has(id)) continue;
      ids.add(id);
      fresh.push(e);
    }
    if (fresh.length) {
      const text = fresh.map((e) => `${JSON.stringify(e)}\n`).join('');
      const bytes = Buffer.from(text, 'utf8');
      try {
        const { bytesWritten } = await this.handle!.write(bytes);
        // A full disk can take part of the lines and say so only by the count.
        if (bytesWritten < bytes.length) throw Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC', path: this.path });
        await this.handle!.sync();
      } catch (error) {
        // Never leave half a line behind: the index keeps only what was committed.
        await this.handle!.truncate(this.lengthBytes).catch(() => {});
        throw error;
      }
      this.lengthBytes += bytes.length;
      for (const e of fresh) this.seen.add(e);
      for (const e of fresh) this.learn(e);
    }
    return this.lengthBytes;
  }

  async close(): Promise<void> {
    await this.handle?.close();
    this.handle = undefined;
  }
}
