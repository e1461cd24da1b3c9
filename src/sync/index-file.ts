// <dir>/index.ndjson: one line per document written, never a duplicate. Lines are appended in
// page-sized batches and fsynced before the checkpoint that counts them; on start the file is cut
// back to the longest length a checkpoint committed, which drops lines of a page whose checkpoint
// never made it to disk (that page is fetched and written again).
//
// The file is only ever appended to: which lines it holds is answered by the KeyStore beside the
// checkpoints (.fiscal/keys), never by reading the whole file back, so a run's memory and start-up
// do not grow with the folder.
import { open, stat, truncate, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UsageError } from '../errors.js';
import { describeBadLines, firstUnreadableLine, keepReadableLines } from './index-check.js';
import { identityOf, KeyStore, type IndexedRecord, type Placement, type RecordIdentity } from './key-store.js';

export type { Placement } from './key-store.js';

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

/**
 * Identity of a line: the same document may be pulled for two roles or two owners; an event
 * line is one per event of each copy.
 */
export const entryId: (e: RecordIdentity) => string = identityOf;

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

const recordOf = (e: IndexEntry): IndexedRecord => ({
  key: e.key,
  type: e.type,
  role: e.role,
  owner: e.owner,
  path: e.path,
  status: e.status,
  ...(e.event === undefined ? {} : { event: e.event, seq: e.seq }),
});

export class IndexFile {
  private handle: FileHandle | undefined;
  private readonly store: KeyStore;
  private lengthBytes = 0;
  /** Lines appended whose checkpoints may not be saved yet: the store learns them at publish(). */
  private unpublished: IndexEntry[] = [];
  private readonly unpublishedIds = new Set<string>();
  /** The index length after each append not published yet, and how many of `unpublished` it ends. */
  private appends: { length: number; count: number }[] = [];
  /** The entries the last append wrote (known ones left out), and the text of the index's last line. */
  lastAppended: IndexEntry[] = [];
  lastLine: string | undefined;

  /**
   * `onDurableLater` receives each store file written, for the caller to make durable with its
   * next group of files; without it the store reads back lagging state on open instead.
   */
  constructor(
    readonly path: string,
    opts: { keysDir?: string; onDurableLater?: (path: string) => void } = {},
  ) {
    this.store = new KeyStore(opts.keysDir ?? join(dirname(path), '.fiscal', 'keys'), opts.onDurableLater);
  }

  /** The copies of a document in the folder. */
  placementsOf(key: string): readonly Placement[] {
    const out = this.store.placementsOf(key);
    for (const e of this.unpublished) {
      if (e.key !== key) continue;
      if (e.event === undefined) out.push({ role: e.role, owner: e.owner, path: e.path, status: e.status });
      else {
        const copy = out.find((p) => p.role === e.role && p.owner === e.owner);
        if (copy && e.status) copy.status = e.status;
      }
    }
    return out;
  }

  get length(): number {
    return this.lengthBytes;
  }

  has(e: RecordIdentity): boolean {
    return this.unpublishedIds.has(entryId(e)) || this.store.has(e);
  }

  /**
   * Opens the index, cut back to `committed` bytes, each of its lines checked. With `keepComplete`
   * (--restart) it keeps every complete readable line instead (their files are durable), whatever
   * the checkpoints say, and drops the unreadable ones: `unreadable` says which.
   */
  async open(committed: number, keepComplete = false): Promise<{ dropped: number; unreadable?: string }> {
    const size = await stat(this.path).then(
      (s) => s.size,
      () => 0,
    );
    const advice = 'run again with --restart: it keeps the readable lines and lists everything again';
    let repaired: string | undefined;
    let rebuild = false;
    if (keepComplete) {
      const complete = await completeLinesLength(this.path, size);
      const kept = await keepReadableLines(this.path, complete);
      if (kept.dropped.length) repaired = `dropped unreadable ${describeBadLines(kept.dropped)}`;
      // The key store knew the lines as they were: it learns them again.
      rebuild = kept.dropped.length > 0 || complete < committed;
      committed = kept.length;
    } else {
      if (size < committed) {
        throw new UsageError(
          `${this.path} is shorter (${size} bytes) than its checkpoints record (${committed} bytes)`,
          {
            details: [`it was edited or truncated outside fiscal; ${advice}`],
          },
        );
      }
      const bad = await firstUnreadableLine(this.path, committed);
      if (bad)
        throw new UsageError(`${this.path}: ${describeBadLines([bad])} cannot be read`, {
          details: [`it was changed outside fiscal; ${advice}`],
        });
    }
    const now = keepComplete && repaired ? committed : size;
    if (now > committed) await truncate(this.path, committed);
    try {
      await this.store.open(this.path, committed, rebuild);
    } catch (e) {
      if (!(e instanceof SyntaxError)) throw e;
      throw new UsageError(`${this.path} holds a line that is not JSON`, { details: [advice] });
    }
    this.lengthBytes = committed;
    this.handle = await open(this.path, 'a');
    return { dropped: Math.max(0, size - committed), ...(repaired ? { unreadable: repaired } : {}) };
  }

  /** Appends entries (skipping known ones) and makes them durable; returns the new length. */
  async append(entries: IndexEntry[]): Promise<number> {
    const fresh: IndexEntry[] = [];
    const ids = new Set<string>();
    for (const e of entries) {
      const id = entryId(e);
      if (ids.has(id) || this.has(e)) continue;
      ids.add(id);
      fresh.push(e);
    }
    this.lastAppended = fresh;
    if (fresh.length) {
      const lines = fresh.map((e) => JSON.stringify(e));
      const text = lines.map((l) => `${l}\n`).join('');
      const bytes = Buffer.from(text, 'utf8');
      try {
        const { bytesWritten } = await this.handle!.write(bytes);
        // A full disk can take part of the lines and say so only by the count.
        if (bytesWritten < bytes.length)
          throw Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC', path: this.path });
        await this.handle!.sync();
      } catch (error) {
        // Never leave half a line behind: the index keeps only what was committed.
        await this.handle!.truncate(this.lengthBytes).catch(() => {});
        throw error;
      }
      this.lengthBytes += bytes.length;
      this.lastLine = lines[lines.length - 1];
      for (const e of fresh) {
        this.unpublished.push(e);
        this.unpublishedIds.add(entryId(e));
      }
      this.appends.push({ length: this.lengthBytes, count: this.unpublished.length });
    }
    return this.lengthBytes;
  }

  /**
   * The lines appended up to `committed` bytes are committed (their checkpoints saved): the store
   * learns them. Never a line past it: a store that knew a line the next run cuts from the index
   * would take its document for one the folder has, and the next run would not pull it again.
   */
  publish(committed = this.lengthBytes): void {
    const done = this.appends.filter((a) => a.length <= committed).at(-1);
    if (!done) {
      if (this.appends.length === 0) this.store.publish([], this.lengthBytes);
      return;
    }
    const records = this.unpublished.splice(0, done.count);
    for (const e of records) this.unpublishedIds.delete(entryId(e));
    this.appends = this.appends
      .filter((a) => a.length > done.length)
      .map((a) => ({ ...a, count: a.count - done.count }));
    this.store.publish(records.map(recordOf), done.length);
  }

  /** Every store file handed to `onDurableLater` has been made durable. */
  settle(): void {
    this.store.settle();
  }

  async close(): Promise<void> {
    await this.handle?.close();
    this.handle = undefined;
  }
}
