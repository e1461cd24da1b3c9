// What a pull folder says of a document's status beside its XML (docs/pull.md): the event files
// written beside it (`<key>-<event type>-<seq>.xml`) and the folder's index.ndjson, whose latest
// line for the document carries its status. A file outside any pull folder simply has no clues.
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import type { DocumentSummary } from '../../fiscal/readers/index.js';
import type { StatusClues } from '../../fiscal/summary-status.js';
import { fileKey, parseEventFileName } from '../../sync/layout.js';

const INDEX = 'index.ndjson';

interface EventFile {
  type: string;
  name: string;
}

/** A pull index reduced to what inspect needs: the status of the document at each path. */
interface IndexView {
  statusAt(relativePath: string): string | null | undefined;
}

export class FolderClues {
  /** The event files of the folder read last, by the key their names start with. */
  private listing: { dir: string; events: Map<string, EventFile[]> } | undefined;
  private readonly indexes = new Map<string, Promise<IndexView | undefined>>();

  /** The clues for `doc`, read from the file at `path`. */
  async for(path: string, doc: DocumentSummary): Promise<StatusClues> {
    const id = doc.key ?? doc.id;
    if (!id) return {};
    const full = resolve(path);
    const events = await this.eventsBeside(full, fileKey(id));
    const index = await this.indexStatus(full);
    return { ...(events.length > 0 && { events }), ...(index !== undefined && { index }) };
  }

  private async eventsBeside(full: string, key: string): Promise<{ type: string; xml: Uint8Array }[]> {
    const dir = dirname(full);
    if (this.listing?.dir !== dir) this.listing = { dir, events: await eventFiles(dir) };
    const out: { type: string; xml: Uint8Array }[] = [];
    for (const file of this.listing.events.get(key) ?? []) {
      const xml = await readFile(resolve(dir, file.name)).catch(() => undefined);
      if (xml) out.push({ type: file.type, xml });
    }
    return out;
  }

  /** The status the nearest index.ndjson above the file gives it; undefined when none lists it. */
  private async indexStatus(full: string): Promise<string | null | undefined> {
    for (let dir = dirname(full); ; dir = dirname(dir)) {
      const index = await this.indexIn(dir);
      const status = index?.statusAt(relative(dir, full).split(sep).join('/'));
      if (status !== undefined) return status;
      if (dirname(dir) === dir) return undefined;
    }
  }

  private indexIn(dir: string): Promise<IndexView | undefined> {
    let found = this.indexes.get(dir);
    if (!found) this.indexes.set(dir, (found = loadIndex(dir)));
    return found;
  }
}

async function eventFiles(dir: string): Promise<Map<string, EventFile[]>> {
  const byKey = new Map<string, EventFile[]>();
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.sort()) {
    const event = parseEventFileName(name);
    if (!event) continue;
    const list = byKey.get(event.fileKey);
    const file = { type: event.type, name };
    if (list) list.push(file);
    else byKey.set(event.fileKey, [file]);
  }
  return byKey;
}

interface IndexLine {
  key?: unknown;
  role?: unknown;
  owner?: unknown;
  path?: unknown;
  status?: unknown;
  event?: unknown;
}

/**
 * Reads `<dir>/index.ndjson`: the document line of each path, and the status of the last line of
 * each (key, role, owner), event lines included (a cancellation appends a line, never rewrites).
 */
async function loadIndex(dir: string): Promise<IndexView | undefined> {
  const path = resolve(dir, INDEX);
  const copyAt = new Map<string, string>();
  const status = new Map<string, string | null>();
  const isFile = await stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!isFile) return undefined;
  try {
    const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
    for await (const text of lines) {
      let line: IndexLine;
      try {
        line = JSON.parse(text) as IndexLine;
      } catch {
        continue; // a line cut by a crash: the next pull drops it
      }
      if (typeof line.key !== 'string' || typeof line.path !== 'string') continue;
      const copy = `${line.key}|${String(line.role)}|${String(line.owner)}`;
      if (line.event === undefined) copyAt.set(line.path, copy);
      if (typeof line.status === 'string' || line.status === null) status.set(copy, line.status);
    }
  } catch {
    return undefined;
  }
  return {
    statusAt: (rel) => {
      const copy = copyAt.get(rel);
      return copy === undefined ? undefined : status.get(copy);
    },
  };
}
