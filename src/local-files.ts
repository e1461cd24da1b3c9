// The one place where Node's errno errors of the local file system become a LocalFileError: a
// disk that is full, a read-only folder, a permission refused, a file where a folder should be.
// The message names the path and says what to do in our own words, never Node's (whose message
// already starts with the code: "EACCES: permission denied, open ..."), so nothing is said twice.
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { LocalFileError } from './errors.js';

interface LocalFilePlace {
  /** The folder the user chose (--dir, the journal's folder): named when the problem is its disk. */
  folder?: string | undefined;
  /** What of the run is kept, shown under the message (the checkpoint, the files saved). */
  kept?: string | undefined;
}

type Errno = NodeJS.ErrnoException;

/** Codes about the disk as a whole: the error may carry no path (a write to an open file). */
const DISK = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EMFILE', 'ENFILE']);
/** Codes about one path: only a file-system call's error (with a path) is one of ours. */
const PATH = new Set(['EACCES', 'EPERM', 'ENOTDIR', 'EISDIR']);

function isLocalFileProblem(e: Errno): boolean {
  if (typeof e.code !== 'string') return false;
  if (DISK.has(e.code)) return true;
  if (PATH.has(e.code)) return typeof e.path === 'string';
  // EEXIST from mkdir: the path is a file, not a folder (other EEXISTs, like a lock's link, are not ours).
  return e.code === 'EEXIST' && e.syscall === 'mkdir' && typeof e.path === 'string';
}

/** Our own temp files (`<file>.<pid>-<hex>.tmp`, `.fiscal/tmp/...`) are not what the user should look at. */
function shownPath(path: string | undefined, folder: string | undefined): string {
  if (path === undefined) return folder ?? '.';
  if (/\.tmp$/.test(path)) return dirname(path).replace(/[/\\]\.fiscal[/\\]tmp$/, '');
  return path;
}

/** The deepest existing ancestor of `path` that is a file: what stands where a folder is needed. */
function fileInTheWay(path: string): string | undefined {
  for (let p = path; ; p = dirname(p)) {
    try {
      return statSync(p).isDirectory() ? undefined : p;
    } catch {
      if (dirname(p) === p) return undefined;
    }
  }
}

function describe(e: Errno, place: LocalFilePlace): { message: string; path: string; todo: string } {
  const code = e.code!;
  const where = place.folder ?? shownPath(e.path, undefined);
  const again = 'then run the same command again';
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT': {
      const what = code === 'ENOSPC' ? 'no space left' : 'disk quota exceeded';
      return {
        message: `${what} on the disk holding ${where}`,
        path: where,
        todo: `free some space there (or choose another folder), ${again}`,
      };
    }
    case 'EROFS':
      return {
        message: `${where} is on a read-only file system`,
        path: where,
        todo: `choose a writable folder (or remount it read-write), ${again}`,
      };
    case 'EMFILE':
    case 'ENFILE':
      return {
        message: `too many open files while writing into ${where}`,
        path: where,
        todo: `raise the limit (ulimit -n) or lower --concurrency, ${again}`,
      };
    case 'EACCES':
    case 'EPERM': {
      const path = shownPath(e.path, place.folder);
      return {
        message: `permission denied: cannot write ${path}`,
        path,
        todo: `give your user write permission there (or choose another folder), ${again}`,
      };
    }
    case 'EISDIR': {
      const path = shownPath(e.path, place.folder);
      return {
        message: `${path} is a folder, where a file is to be written`,
        path,
        todo: `move or rename that folder, ${again}`,
      };
    }
    default: {
      // ENOTDIR, or EEXIST from mkdir: a file stands where a folder is needed.
      const path = fileInTheWay(e.path!) ?? shownPath(e.path, place.folder);
      return {
        message: `${path} is a file, where a folder is needed`,
        path,
        todo: `move or rename that file (or choose another folder), ${again}`,
      };
    }
  }
}

/**
 * Node's recursive mkdir answers ENOENT for any failure to create a folder (a read-only disk, a
 * refusal): making the first missing folder alone tells the real reason.
 */
function realMkdirError(e: Errno): Errno {
  if (e.code !== 'ENOENT' || e.syscall !== 'mkdir' || typeof e.path !== 'string') return e;
  let missing = e.path;
  for (let p = e.path; dirname(p) !== p; p = dirname(p)) {
    try {
      statSync(dirname(p));
      missing = p;
      break;
    } catch {
      continue;
    }
  }
  try {
    mkdirSync(missing);
    return e;
  } catch (real) {
    return real as Errno;
  }
}

/**
 * The LocalFileError that `error` stands for, or undefined when it is not a local file-system
 * problem (a bug, a network error, ...). A LocalFileError is answered as it is.
 */
export function localFileError(error: unknown, place: LocalFilePlace = {}): LocalFileError | undefined {
  if (error instanceof LocalFileError) return error;
  if (!error || typeof error !== 'object') return undefined;
  const e = realMkdirError(error as Errno);
  if (!isLocalFileProblem(e)) return undefined;
  const { message, path, todo } = describe(e, place);
  return new LocalFileError(`${message} (${e.code})`, path, e.code!, {
    cause: e,
    details: [todo, ...(place.kept ? [place.kept] : [])],
  });
}

/** Runs `fn`; a local file-system problem it meets becomes a LocalFileError about `place`. */
export async function writingLocalFiles<T>(place: LocalFilePlace, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw localFileError(error, place) ?? error;
  }
}
