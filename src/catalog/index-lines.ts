// An index line as the catalog takes it, with the facts of its file read from the folder: what a
// rebuild (and any catch-up of a catalog behind its folder) does for each line, on the calling
// thread or on the rebuild's threads (rebuild-pool.ts).
import { join } from 'node:path';
import { readWhole } from './file-buffer.js';
import { lineRows, type LineRows } from './rows.js';
import { readStaged } from './staging.js';
import type { CatalogLine } from './store.js';

/** An index line as the catalog takes it, with its file; undefined when not a line. */
function lineOf(dir: string, text: string): { line: CatalogLine; file: string | undefined } | undefined {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  if (typeof raw.key !== 'string' || typeof raw.path !== 'string') return undefined;
  const line: CatalogLine = {
    key: raw.key,
    type: str(raw.type),
    role: str(raw.role),
    owner: str(raw.owner),
    path: raw.path,
    sha256: str(raw.sha256),
    bytes: typeof raw.bytes === 'number' ? raw.bytes : 0,
    status: typeof raw.status === 'string' ? raw.status : null,
    created_at: typeof raw.created_at === 'string' ? raw.created_at : null,
  };
  if (typeof raw.event === 'string') {
    line.event = raw.event;
    line.seq = typeof raw.seq === 'number' ? raw.seq : 0;
  }
  return { line, file: insideFolder(dir, line.path) };
}

/** The file of an index path; undefined for one that would leave the folder. */
function insideFolder(dir: string, path: string): string | undefined {
  const parts = path.split('/');
  if (path.startsWith('/') || parts.some((p) => p === '..' || p === '' || p === '.')) return undefined;
  return join(dir, ...parts);
}

/** Each line with its file's facts, read as the transaction takes it. */
function* withFacts(lines: { line: CatalogLine; file: string | undefined }[]): Generator<CatalogLine> {
  for (const { line, file } of lines) {
    const bytes = file && readWhole(file);
    yield bytes ? { ...line, ...readStaged(line.type, line.event !== undefined, bytes) } : line;
  }
}

/** A line's rows, its file read and its facts taken; undefined when the text is not a line. */
export function readLineRows(dir: string, text: string): LineRows | undefined {
  const l = lineOf(dir, text);
  if (!l) return undefined;
  for (const line of withFacts([l])) return lineRows(line);
  return undefined;
}
