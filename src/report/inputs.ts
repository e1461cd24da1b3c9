// The inputs of a report: the paths given, folders walked recursively. A folder holding an
// index.ndjson is a pull folder (docs/pull.md): its documents are the index's lines, not whatever
// XML lies in it, so it is not walked. Other folders are walked for *.xml (sorted, so that the
// output does not depend on the file system's order); `.fiscal` folders are pull state, skipped.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

interface Inputs {
  /** Pull folders (each with its index.ndjson). */
  folders: string[];
  /** Loose XML files. */
  files: string[];
  /** Paths that could not be read, with the reason. */
  problems: { path: string; error: string }[];
}

const XML_NAME = /\.xml$/i;
const INDEX_NAME = 'index.ndjson';

export async function findInputs(paths: readonly string[]): Promise<Inputs> {
  const inputs: Inputs = { folders: [], files: [], problems: [] };
  const seen = new Set<string>();
  for (const path of paths) {
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error) inputs.problems.push({ path, error: reason(info) });
    else if (info.isDirectory()) await walk(path, inputs, seen);
    else if (!seen.has(path)) {
      seen.add(path);
      inputs.files.push(path);
    }
  }
  return inputs;
}

async function walk(dir: string, inputs: Inputs, seen: Set<string>): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    inputs.problems.push({ path: dir, error: reason(error as NodeJS.ErrnoException) });
    return;
  }
  if (entries.some((e) => e.name === INDEX_NAME && e.isFile())) {
    if (!seen.has(dir)) inputs.folders.push(dir);
    seen.add(dir);
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.fiscal') await walk(path, inputs, seen);
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
