// Which pull folder a path belongs to: the nearest folder at or above it that holds an
// index.ndjson (docs/pull.md). A file or folder inside one takes its documents' statuses and facts
// from that folder's catalog, not from its loose XML (a note the listing said canceled has no
// event file to tell it): inspect, report and `pdf --local` all ask here, so that they agree.
import { statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** What makes a folder a pull folder: the index of its files (docs/pull.md). */
export const INDEX_NAME = 'index.ndjson';

/** Its status journal (journal.ts), beside the pull's other state: a snapshot of the documents (`.fiscal` left out) does not change. */
export const JOURNAL_NAME = 'status-journal.ndjson';

/** Its catalog (docs/catalog.md), under the folder. */
export const CATALOG_NAME = join('.fiscal', 'catalog.sqlite');

interface InPullFolder {
  /** The pull folder, absolute. */
  dir: string;
  /** The path inside it as the index and catalog name files (`/` separators); '' for the folder itself. */
  rel: string;
}

/** Finds the pull folder of paths, each folder looked at once however many paths lie in it. */
export class PullFolders {
  private readonly holdsIndex = new Map<string, boolean>();

  /** The pull folder `path` lies in (or is); undefined when no folder at or above it is one. */
  of(path: string): InPullFolder | undefined {
    const full = resolve(path);
    for (let dir = full; ; dir = dirname(dir)) {
      if (this.isPullFolder(dir)) return { dir, rel: relative(dir, full).split(sep).join('/') };
      if (dirname(dir) === dir) return undefined;
    }
  }

  private isPullFolder(dir: string): boolean {
    let holds = this.holdsIndex.get(dir);
    if (holds === undefined) {
      // Synchronously: inspect asks for every file it reads, and nearly every answer is cached.
      try {
        holds = statSync(join(dir, INDEX_NAME)).isFile();
      } catch {
        // Not there, or `dir` is a file (ENOTDIR), or unreadable: no pull folder to read.
        holds = false;
      }
      this.holdsIndex.set(dir, holds);
    }
    return holds;
  }
}
