// A pull folder's index.ndjson read back for a report: one copy per document line (key, role,
// owner; never two, see docs/pull.md), with the status of the copy's latest line (an event line
// carries the status after it), or canceled when any line said so. A line cut by a crash (the last, written while a pull ran or
// killed with it) is not JSON and is skipped: its file is the next pull's to place again.
import { join } from 'node:path';
import { INDEX_NAME } from './inputs.js';
import { forEachLine } from './lines.js';

export interface IndexCopy {
  key: string;
  type: string;
  role: string;
  owner: string;
  /** Relative to the folder, `/` separators. */
  path: string;
  sha256: string;
  /** The status the latest line of the copy gives; canceled once any line said so. */
  status: string | null | undefined;
}

export interface PullIndex {
  copies: IndexCopy[];
  /** Lines that were not JSON or not index lines (a torn last line). */
  skipped: number;
}

interface Line {
  key?: unknown;
  type?: unknown;
  role?: unknown;
  owner?: unknown;
  path?: unknown;
  sha256?: unknown;
  status?: unknown;
  event?: unknown;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export async function readPullIndex(dir: string): Promise<PullIndex> {
  const copies = new Map<string, IndexCopy>();
  const statuses = new Map<string, string | null>();
  let skipped = 0;
  const onLine = (text: string) => {
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      skipped++;
      return;
    }
    if (typeof line.key !== 'string' || typeof line.path !== 'string') {
      skipped++;
      return;
    }
    const id = `${line.key}|${str(line.role)}|${str(line.owner)}`;
    if (line.event === undefined && !copies.has(id) && typeof line.sha256 === 'string') {
      copies.set(id, {
        key: line.key,
        type: str(line.type),
        role: str(line.role),
        owner: str(line.owner),
        path: line.path,
        sha256: line.sha256,
        status: undefined,
      });
    }
    // Canceling cannot be undone: a later line (a manifestation's event line) saying otherwise
    // does not bring the document back.
    if ((typeof line.status === 'string' || line.status === null) && statuses.get(id) !== 'canceled')
      statuses.set(id, line.status);
  };
  // A last line without its newline is being written, or was cut by a crash: not a line yet.
  await forEachLine(join(dir, INDEX_NAME), onLine, () => skipped++);
  for (const [id, copy] of copies) copy.status = statuses.get(id);
  return { copies: [...copies.values()], skipped };
}

/** The absolute-or-relative path of a copy's file; an index path never leaves its folder. */
export function copyFile(dir: string, copy: IndexCopy): string | undefined {
  const parts = copy.path.split('/');
  if (copy.path.startsWith('/') || parts.some((p) => p === '..' || p === '' || p === '.')) return undefined;
  return join(dir, ...parts);
}
