// The inputs of a report: the paths given, folders walked recursively. A folder holding an
// index.ndjson is a pull folder (docs/pull.md): its documents are the index's lines, not whatever
// XML lies in it, so it is not walked; a path inside one (a month's folder, a file) is that part
// of it, read from its catalog too (src/catalog/pull-folder.ts: as inspect reads it), so that the
// statuses the folder learnt without an event file count there as in the whole folder. Other
// folders are walked for *.xml (sorted, so that the output does not depend on the file system's
// order); `.fiscal` folders are pull state, skipped.
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { INDEX_NAME, PullFolders } from '../catalog/pull-folder.js';

/** A pull folder among the inputs: the whole of it, or the parts of it named. */
interface PullFolderInput {
  dir: string;
  /**
   * The paths named inside it, as its catalog names files (`/` separators): only the documents at
   * or under them. Undefined: the whole folder.
   */
  within?: string[] | undefined;
}

interface Inputs {
  /** Pull folders (each with its index.ndjson), each once. */
  folders: PullFolderInput[];
  /** Loose XML files. */
  files: string[];
  /** Paths that could not be read, with the reason. */
  problems: { path: string; error: string }[];
}

const XML_NAME = /\.xml$/i;

export async function findInputs(paths: readonly string[]): Promise<Inputs> {
  const inputs: Inputs = { folders: [], files: [], problems: [] };
  const seen = new Set<string>();
  const pullFolders = new PullFolders();
  const folders = new Map<string, PullFolderInput>();
  const pullFolder = (dir: string, within?: string) => {
    let folder = folders.get(resolve(dir));
    if (!folder) {
      folders.set(resolve(dir), (folder = { dir, ...(within !== undefined && { within: [] }) }));
      inputs.folders.push(folder);
    }
    // The whole folder covers every part of it named.
    if (within === undefined) delete folder.within;
    else if (folder.within && !folder.within.includes(within)) folder.within.push(within);
  };
  for (const path of paths) {
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => error);
    const inside = info instanceof Error ? undefined : pullFolders.of(path);
    if (info instanceof Error) inputs.problems.push({ path, error: reason(info) });
    else if (inside?.rel) pullFolder(inside.dir, inside.rel);
    else if (info.isDirectory()) await walk(path, pullFolder, inputs, seen);
    else if (!seen.has(path)) {
      seen.add(path);
      inputs.files.push(path);
    }
  }
  return inputs;
}

async function walk(dir: string, pullFolder: (dir: string) => void, inputs: Inputs, seen: Set<string>): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    inputs.problems.push({ path: dir, error: reason(error as NodeJS.ErrnoException) });
    return;
  }
  if (entries.some((e) => e.name === INDEX_NAME && e.isFile())) {
    pullFolder(dir);
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.fiscal') await walk(path, pullFolder, inputs, seen);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && XML_NAME.test(entry.name) && !seen.has(path)) {
      seen.add(path);
      inputs.files.push(path);
    }
  }
}

export function reason(e: NodeJS.ErrnoException): string {
  if (e.code === 'ENOENT') return 'no such file or directory';
  if (e.code === 'EACCES' || e.code === 'EPERM') return 'permission denied';
  return e.message;
}
