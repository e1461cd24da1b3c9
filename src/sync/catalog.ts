// The pull's side of the catalog: opened under the folder's lock once the index is cut back to
// what was committed, brought level with it (a folder pulled before the catalog existed gets one
// here), and handed to the commits as a writer.
import { syncCatalog } from '../catalog/folder.js';
import { CatalogWriter } from '../catalog/pull-writer.js';
import { CatalogThread } from '../catalog/staging.js';
import { EMPTY_COVERAGE, type CatalogStore } from '../catalog/store.js';
import type { Logger } from '../context.js';
import type { IndexFile } from './index-file.js';

export interface PullCatalog {
  store: CatalogStore;
  writer: CatalogWriter;
}

export async function openPullCatalog(o: { dir: string; log: Logger }, index: IndexFile): Promise<PullCatalog> {
  const { store, ingested, rebuilt } = await syncCatalog(o.dir, { indexBytes: index.length, warn: o.log.warn });
  if (ingested) o.log.debug(`catalog: ${rebuilt ? 'built from' : 'caught up with'} ${ingested} lines of the folder`);
  const coverage = await store.coverage();
  const thread = CatalogThread.start(store.path);
  // The thread's own connection writes every commit: this one, closed now, leaves the thread's
  // the last, whose close after the run's last commit checkpoints the write-ahead log on the
  // thread while the pull ends (docs/pull.md). Here the log holds at most what the catch-up wrote.
  if (thread?.applies) await store.close();
  return { store, writer: new CatalogWriter(store, coverage!, thread) };
}

/** A shared catalog (src/catalog/postgres/): level with the folder by construction, nothing to ingest. */
export async function sharedCatalog(store: CatalogStore): Promise<PullCatalog> {
  return { store, writer: new CatalogWriter(store, (await store.coverage()) ?? EMPTY_COVERAGE, CatalogThread.start()) };
}
