// A pull folder's index.ndjson read back for a report: one copy per document line (key, role,
// owner; never two, see docs/pull.md), with the status of the copy's latest line (an event line
// carries the status after it), or canceled when any line said so. A line cut by a crash (the last, written while a pull ran or
// killed with it) is not JSON and is skipped: its file is the next pull's to place again.
//
// The index only grows (a pull appends; at start it cuts back what no checkpoint covered), so what
// its first N bytes say can be kept (report-cache.ts) and the next report reads only the lines
// appended since: `readPullIndex(dir, known)` continues from a state restored at `known.bytes`,
// after checking that those bytes are still the ones it was made of.
import { createHash, type Hash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { INDEX_NAME } from './inputs.js';
import { forEachLine, hashPrefix } from './lines.js';

export interface IndexCopy {
  key: string;
  role: string;
  owner: string;
  /** Relative to the folder, `/` separators. */
  path: string;
  sha256: string;
  /** The status the latest line of the copy gives; canceled once any line said so. */
  status: string | null | undefined;
}

/** What tells that the index file is the very one a state was read from: nothing written since. */
export interface FileIdentity {
  size: number;
  mtimeNs: string;
  ino: number;
  dev: number;
}

/** A state and the index bytes it was read from. */
export interface IndexPrefix {
  /** The offset just after the last complete line read. */
  bytes: number;
  /** sha1 of those bytes: a change detector (nobody forges an index to fool their own report). */
  sha1: string;
  /** The file as it was when the state was read (size, mtime, inode). */
  file: FileIdentity;
}

interface Line {
  key?: unknown;
  role?: unknown;
  owner?: unknown;
  path?: unknown;
  sha256?: unknown;
  status?: unknown;
  event?: unknown;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const idOf = (key: string, role: string, owner: string) => `${key}|${role}|${owner}`;

export class PullIndex {
  /** In the order of their document lines. */
  readonly copies: IndexCopy[];
  /** Statuses of copies whose document line has not come (yet): by copy id. */
  readonly orphans: Map<string, string | null>;
  /** Lines that were not JSON or not index lines (a torn last line). */
  skipped = 0;
  /** Built on the first line applied: a state restored from the cache may need none. */
  private byId: Map<string, IndexCopy> | undefined;

  constructor(copies: IndexCopy[] = [], orphans = new Map<string, string | null>()) {
    this.copies = copies;
    this.orphans = orphans;
  }

  /** One line of the index, in file order. */
  apply(text: string): void {
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      this.skipped++;
      return;
    }
    if (typeof line.key !== 'string' || typeof line.path !== 'string') {
      this.skipped++;
      return;
    }
    const role = str(line.role);
    const owner = str(line.owner);
    const id = idOf(line.key, role, owner);
    const byId = (this.byId ??= new Map(this.copies.map((c) => [idOf(c.key, c.role, c.owner), c])));
    let copy = byId.get(id);
    if (!copy && line.event === undefined && typeof line.sha256 === 'string') {
      copy = { key: line.key, role, owner, path: line.path, sha256: line.sha256, status: this.orphans.get(id) };
      this.orphans.delete(id);
      byId.set(id, copy);
      this.copies.push(copy);
    }
    const status = line.status;
    if (typeof status !== 'string' && status !== null) return;
    // Canceling cannot be undone: a later line (a manifestation's event line) saying otherwise
    // does not bring the document back.
    if (copy) {
      if (copy.status !== 'canceled') copy.status = status;
    } else if (this.orphans.get(id) !== 'canceled') this.orphans.set(id, status);
  }
}

export interface ReadIndex {
  index: PullIndex;
  prefix: IndexPrefix;
  /** Whether the state changed from the one given (lines read, or read again from the start). */
  changed: boolean;
}

/**
 * The index of a pull folder. Given a state read before (`known`), only the lines appended since
 * are read, when the file is untouched (same size, mtime and inode) or its first `known.bytes`
 * bytes still hash the same; otherwise (cut back and rewritten, replaced) it is read whole.
 */
export async function readPullIndex(
  dir: string,
  known?: { index: PullIndex; prefix: IndexPrefix },
): Promise<ReadIndex> {
  const path = join(dir, INDEX_NAME);
  const onTail = (index: PullIndex) => () => index.skipped++;
  if (known) {
    const { index, prefix } = known;
    const now = await identity(path).catch(() => undefined);
    // Untouched since: past the known lines there is at most the torn line there was.
    if (now && sameFile(now, prefix.file)) return { index, prefix, changed: false };
    const hash = createHash('sha1');
    if (now && now.size >= prefix.bytes && (await hashPrefix(path, prefix.bytes, hash))) {
      if (hash.copy().digest('hex') === prefix.sha1) {
        const read = await forEachLine(path, (t) => index.apply(t), onTail(index), { start: prefix.bytes, hash });
        return { index, prefix: await prefixOf(path, read, hash), changed: true };
      }
    }
  }
  const index = new PullIndex();
  const hash = createHash('sha1');
  // A last line without its newline is being written, or was cut by a crash: not a line yet.
  const read = await forEachLine(path, (t) => index.apply(t), onTail(index), { hash });
  return { index, prefix: await prefixOf(path, read, hash), changed: true };
}

async function identity(path: string): Promise<FileIdentity> {
  const s = await stat(path, { bigint: true });
  return { size: Number(s.size), mtimeNs: String(s.mtimeNs), ino: Number(s.ino), dev: Number(s.dev) };
}

const sameFile = (a: FileIdentity, b: FileIdentity) =>
  a.size === b.size && a.mtimeNs === b.mtimeNs && a.ino === b.ino && a.dev === b.dev;

/**
 * The prefix read, and the file's identity when nothing was appended between the end of the read
 * and now (else one that matches nothing: the next report checks the prefix's hash).
 */
async function prefixOf(path: string, read: { end: number; eof: number }, hash: Hash): Promise<IndexPrefix> {
  const file = await identity(path);
  if (file.size !== read.eof) file.size = -1;
  return { bytes: read.end, sha1: hash.digest('hex'), file };
}

/** The absolute-or-relative path of a copy's file; an index path never leaves its folder. */
export function copyFile(dir: string, copy: IndexCopy): string | undefined {
  const parts = copy.path.split('/');
  if (copy.path.startsWith('/') || parts.some((p) => p === '..' || p === '' || p === '.')) return undefined;
  return join(dir, ...parts);
}
