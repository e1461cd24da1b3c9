// What a pull folder says of a document's status beside its XML: its catalog's status
// (docs/catalog.md: the protocol, the events the pull placed, statuses learnt without a file),
// from the folder's own catalog or the shared one's rows of its profile (docs/postgres.md).
// Event files beside a file outside any pull folder (`<key>-<event type>-<seq>.xml`) are read.
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import type { CatalogStore } from '../../catalog/store.js';
import { inFieldOrder, type DocumentSummary } from '../../fiscal/readers/index.js';
import type { StatusClues } from '../../fiscal/summary-status.js';
import { fileKey, parseEventFileName } from '../../sync/layout.js';

const INDEX = 'index.ndjson';

interface EventFile {
  type: string;
  name: string;
}

/** A pull index reduced to what inspect needs: the status of the document at each path, its summary. */
interface IndexView {
  statusAt(relativePath: string): string | null | undefined;
  /** The status already weighs the events beside the file. */
  fromCatalog: boolean;
  /** The catalog, open until inspect ends: summaries are looked up file by file. */
  store: CatalogStore;
}

/** Opens the catalog of a pull folder (../shared/catalog-reads.ts). */
type CatalogAccess = (dir: string) => Promise<CatalogStore>;

export class FolderClues {
  /** The event files of the folder read last, by the key their names start with. */
  private listing: { dir: string; events: Map<string, EventFile[]> } | undefined;
  private readonly indexes = new Map<string, Promise<IndexView | undefined>>();

  constructor(private readonly access: CatalogAccess) {}

  /**
   * What the catalog of the pull folder above `path` keeps of it (schema 2), as the XML reader
   * would give it; undefined when no catalog keeps a summary of it, or the file is no longer the
   * size it was catalogued with (then it is read).
   */
  async catalogued(path: string, size: number): Promise<DocumentSummary[] | undefined> {
    const full = resolve(path);
    for (let dir = dirname(full); ; dir = dirname(dir)) {
      const index = await this.indexIn(dir);
      if (index) {
        const found = index.store.summaryOf?.(relative(dir, full).split(sep).join('/'));
        if (!found || found.bytes !== size) return undefined;
        return [inFieldOrder({ ...(JSON.parse(found.summary) as DocumentSummary), source: path })];
      }
      if (dirname(dir) === dir) return undefined;
    }
  }

  /** Closes the catalogs read. */
  async close(): Promise<void> {
    for (const index of this.indexes.values()) await (await index.catch(() => undefined))?.store.close();
  }

  /** The clues for `doc`, read from the file at `path`. */
  async for(path: string, doc: DocumentSummary): Promise<StatusClues> {
    const id = doc.key ?? doc.id;
    if (!id) return {};
    const full = resolve(path);
    const index = await this.indexStatus(full);
    // A pull folder's catalog weighed the events beside the file already: no listing to read.
    const events = index?.fromCatalog ? [] : await this.eventsBeside(full, fileKey(id));
    const status = index?.status;
    return { ...(events.length > 0 && { events }), ...(status !== undefined && { index: status }) };
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

  /** The status the catalog of the nearest pull folder above the file gives it; undefined when none lists it. */
  private async indexStatus(full: string): Promise<{ status: string | null; fromCatalog: boolean } | undefined> {
    for (let dir = dirname(full); ; dir = dirname(dir)) {
      const index = await this.indexIn(dir);
      const status = index?.statusAt(relative(dir, full).split(sep).join('/'));
      if (status !== undefined) return { status, fromCatalog: index!.fromCatalog };
      if (dirname(dir) === dir) return undefined;
    }
  }

  private indexIn(dir: string): Promise<IndexView | undefined> {
    let found = this.indexes.get(dir);
    if (!found) this.indexes.set(dir, (found = loadIndex(dir, this.access)));
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

/**
 * The statuses of `<dir>`'s documents from its catalog (docs/catalog.md), brought level with the
 * folder: the document's protocol, its events, and what the folder learnt without an event file
 * (a manifestation answered 650). Undefined where `dir` is not a pull folder.
 */
async function loadIndex(dir: string, open: CatalogAccess): Promise<IndexView | undefined> {
  const isFile = await stat(resolve(dir, INDEX)).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!isFile) return undefined;
  const store = await open(dir);
  try {
    const status = new Map<string, string | null>();
    for (const [path, s] of await store.rows('SELECT path, status FROM documents'))
      status.set(path as string, (s as string | null) ?? null);
    return { statusAt: (rel) => status.get(rel), fromCatalog: true, store };
  } catch (error) {
    await store.close();
    throw error;
  }
}
