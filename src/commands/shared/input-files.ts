// The files a command reads (`inspect`, `upload`, `ocr upload`, `latam upload`): the paths as given,
// folders walked recursively (sorted, so the output order is stable) for names ending in .xml in any
// case (or another pattern: `fiscal ocr` takes .pdf). Symbolic links to files are followed, links to
// folders are not (they could loop).
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

type InputFile = { path: string } | { path: string; problem: string };

export const XML_NAME = /\.xml$/i;

/** Every file to read, and the given paths that cannot be (missing, unreadable), in order. */
export async function* inputFiles(paths: readonly string[], names: RegExp = XML_NAME): AsyncGenerator<InputFile> {
  const seen = new Set<string>();
  for (const path of paths) {
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      yield { path, problem: fsReason(error) };
      continue;
    }
    if (info.isDirectory()) yield* walk(path, seen, names);
    else if (!seen.has(path)) {
      seen.add(path);
      yield { path };
    }
  }
}

async function* walk(dir: string, seen: Set<string>, names: RegExp): AsyncGenerator<InputFile> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    yield { path: dir, problem: fsReason(error) };
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path, seen, names);
    else if ((entry.isFile() || entry.isSymbolicLink()) && names.test(entry.name) && !seen.has(path)) {
      seen.add(path);
      yield { path };
    }
  }
}

/** `ENOENT: no such file or directory, stat 'x'` -> `no such file or directory`. */
export function fsReason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  switch (e?.code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    default:
      return e?.message ?? String(error);
  }
}

export interface FileInput {
  file: string;
  bytes?: Buffer;
  problem?: string;
}

/**
 * The contents of the files to send (`fiscal upload`, `fiscal ocr upload`): `-` is standard input,
 * folders are walked for names matching `names`; a path that cannot be read is a problem, not a stop.
 */
export async function* fileContents(
  ctx: Context,
  paths: readonly string[],
  names: RegExp,
  what: string,
): AsyncGenerator<FileInput> {
  for (const path of paths) {
    if (path === '-') {
      if (ctx.io.stdinIsTTY)
        throw new UsageError(`- reads ${what} from standard input, but standard input is a terminal`);
      const chunks: Buffer[] = [];
      for await (const chunk of ctx.io.stdin)
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
      yield { file: '-', bytes: Buffer.concat(chunks) };
      continue;
    }
    for await (const input of inputFiles([path], names)) {
      if ('problem' in input) {
        yield { file: input.path, problem: input.problem };
        continue;
      }
      try {
        yield { file: input.path, bytes: await readFile(input.path) };
      } catch (error) {
        yield { file: input.path, problem: fsReason(error) };
      }
    }
  }
}
