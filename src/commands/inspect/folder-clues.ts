// What a pull folder says of a document's status beside its XML: the catalog of the pull folder
// the file lies in (../shared/pull-folder-catalogs.ts: the protocol, the events the pull placed,
// statuses learnt without a file), the folder's own catalog or the shared one's rows of its
// profile (docs/postgres.md). Event files beside a file no catalog lists
// (`<key>-<event type>-<seq>.xml`) are read.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { CatalogStore } from '../../catalog/store.js';
import { inFieldOrder, type DocumentSummary } from '../../fiscal/readers/index.js';
import type { StatusClues } from '../../fiscal/summary-status.js';
import { fileKey, parseEventFileName } from '../../sync/layout.js';
import { PullFolderCatalogs } from '../shared/pull-folder-catalogs.js';

interface EventFile {
  type: string;
  name: string;
}

/** Opens the catalog of a pull folder (../shared/catalog-reads.ts). */
type CatalogAccess = (dir: string) => Promise<CatalogStore>;

export class FolderClues {
  /** The event files of the folder read last, by the key their names start with. */
  private listing: { dir: string; events: Map<string, EventFile[]> } | undefined;
  private readonly catalogs: PullFolderCatalogs;

  constructor(access: CatalogAccess) {
    this.catalogs = new PullFolderCatalogs(access);
  }

  /**
   * What the catalog of the pull folder `path` lies in keeps of it (schema 2), as the XML reader
   * would give it; undefined when no catalog keeps a summary of it, or the file is no longer the
   * size it was catalogued with (then it is read).
   */
  async catalogued(path: string, size: number): Promise<DocumentSummary[] | undefined> {
    const found = await this.catalogs.of(path);
    const summary = found && found.catalog.store.summaryOf?.(found.rel);
    if (!summary || summary.bytes !== size) return undefined;
    return [inFieldOrder({ ...(JSON.parse(summary.summary) as DocumentSummary), source: path })];
  }

  /** Closes the catalogs read. */
  async close(): Promise<void> {
    await this.catalogs.close();
  }

  /** The clues for `doc`, read from the file at `path`. */
  async for(path: string, doc: DocumentSummary): Promise<StatusClues> {
    const id = doc.key ?? doc.id;
    if (!id) return {};
    const full = resolve(path);
    const status = await this.catalogs.statusOf(full);
    // A pull folder's catalog weighed the events beside the file already: no listing to read.
    const events = status === undefined ? await this.eventsBeside(full, fileKey(id)) : [];
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
