// The catalogs of the pull folders that files lie in (src/catalog/pull-folder.ts), each opened
// once while a command reads files one by one (inspect, `pdf --local`): a file's status is its
// copy's in the catalog (its protocol, the events the pull placed, the statuses the folder learnt
// without an event file: docs/catalog.md), and inspect's summary of it is the catalog's.
import { PullFolders } from '../../catalog/pull-folder.js';
import type { CatalogStore } from '../../catalog/store.js';

interface FolderCatalog {
  /** Open until the command ends: summaries are looked up file by file. */
  store: CatalogStore;
  /** The status of the copy at a path of the folder; undefined when the catalog lists no copy there. */
  statusAt(rel: string): string | null | undefined;
}

/** A file of a pull folder: its path there and the folder's catalog. */
interface CataloguedPath {
  rel: string;
  catalog: FolderCatalog;
}

/** Opens the catalog of a pull folder (./catalog-reads.ts). */
type CatalogAccess = (dir: string) => Promise<CatalogStore>;

export class PullFolderCatalogs {
  private readonly folders = new PullFolders();
  private readonly opened = new Map<string, Promise<FolderCatalog>>();

  constructor(private readonly access: CatalogAccess) {}

  /** The catalog of the pull folder `path` lies in, and the path there; undefined outside any. */
  async of(path: string): Promise<CataloguedPath | undefined> {
    const at = this.folders.of(path);
    if (!at) return undefined;
    let catalog = this.opened.get(at.dir);
    if (!catalog) this.opened.set(at.dir, (catalog = statuses(at.dir, this.access)));
    return { rel: at.rel, catalog: await catalog };
  }

  /**
   * The status the catalog of its pull folder gives the file at `path` (null: a copy without one);
   * undefined when it lies in no pull folder or its catalog lists no copy there.
   */
  async statusOf(path: string): Promise<string | null | undefined> {
    const found = await this.of(path);
    return found?.catalog.statusAt(found.rel);
  }

  /** Closes the catalogs opened. */
  async close(): Promise<void> {
    for (const catalog of this.opened.values()) await (await catalog.catch(() => undefined))?.store.close();
  }
}

/** The statuses of `dir`'s copies, by path, from its catalog brought level with the folder. */
async function statuses(dir: string, open: CatalogAccess): Promise<FolderCatalog> {
  const store = await open(dir);
  try {
    const status = new Map<string, string | null>();
    for (const [path, s] of await store.rows('SELECT path, status FROM documents'))
      status.set(path as string, (s as string | null) ?? null);
    return { store, statusAt: (rel) => status.get(rel) };
  } catch (error) {
    await store.close();
    throw error;
  }
}
