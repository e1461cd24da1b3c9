// What every command that saves downloaded files shares (`fiscal pdf`, `fiscal xml`, `fiscal latam
// xml`, `fiscal events --save`): the folder made, the file replaced atomically through a sibling temp file (nothing of fiscal's is left in
// the user's folder but the files), the outcome of one download as a row, and the row's columns.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Context } from '../../context.js';
import { AuthError, FiscalError, InterruptedError, LocalFileError } from '../../errors.js';
import { writingLocalFiles } from '../../local-files.js';
import type { Column } from '../../output/writer.js';
import { fsyncPath, writeFileAtomic, writeSynced } from '../../sync/durable.js';

export interface SaveOutcome {
  status: 'ok' | 'error';
  file?: string;
  bytes?: number;
  message?: string;
}

const SAVED_KEPT = 'the files saved before it are kept';

/** Creates the folder files are saved in (mkdir -p); a file or a refusal in the way is a LocalFileError. */
export async function ensureFolder(dir: string): Promise<void> {
  await writingLocalFiles({ folder: dir }, () => mkdir(dir, { recursive: true }));
}

const tempOf = (file: string) => `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;

/** Replaces `file` atomically; a full disk, a read-only folder or a refusal is a LocalFileError naming it. */
export async function saveFile(file: string, bytes: Uint8Array | string): Promise<void> {
  await writingLocalFiles({ folder: dirname(file), kept: SAVED_KEPT }, () =>
    writeFileAtomic(file, bytes, tempOf(file)),
  );
}

/**
 * saveFile() of a group of files, made durable together: each written to its temp file and synced
 * (side by side), each renamed into place, then each folder synced once, not once per file: for
 * `pdf --local`, fewer calls on the event loop than drawing the PDFs cost.
 * The outcome of each file, in order: one that cannot be written is a failed outcome and the
 * others go on; a folder that cannot take files (disk full, read-only, refused) throws, as
 * saveDownload does, its temp files removed and the files of earlier groups kept.
 */
export async function saveFiles(
  ctx: Pick<Context, 'signal'>,
  files: ReadonlyArray<{ file: string; bytes: Uint8Array }>,
): Promise<SaveOutcome[]> {
  const temps = files.map((f) => tempOf(f.file));
  const outcomes: SaveOutcome[] = [];
  try {
    const writes = await Promise.allSettled(
      files.map(({ file, bytes }, i) =>
        saving(file, () => writeSynced(temps[i]!, bytes)).catch(async (error: unknown) => {
          await rm(temps[i]!, { force: true });
          throw error;
        }),
      ),
    );
    const written: number[] = [];
    writes.forEach((w, i) => {
      if (w.status === 'rejected') outcomes[i] = failedSave(w.reason, ctx);
      else {
        written.push(i);
        outcomes[i] = { status: 'ok', file: files[i]!.file, bytes: files[i]!.bytes.length };
      }
    });
    for (const i of written) await saving(files[i]!.file, () => placed(temps[i]!, files[i]!.file));
    const folders = new Set(written.map((i) => dirname(files[i]!.file)));
    await settledAll([...folders].map((folder) => saving(folder, () => fsyncPath(folder), folder)));
  } catch (error) {
    // Every call has ended by then (settled): no temp file is written after its removal.
    await Promise.all(temps.map((t) => rm(t, { force: true })));
    throw error;
  }
  return outcomes;
}

/** rename(2) of a temp file onto `file`: a refusal names `file` (a folder in its place), not our temp file. */
async function placed(temp: string, file: string): Promise<void> {
  try {
    await rename(temp, file);
  } catch (error) {
    throw Object.assign(error as NodeJS.ErrnoException, { path: file });
  }
}

/** Waits for every promise, then throws the first failure. */
async function settledAll(promises: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(promises)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** `fn` writing `file` (or its folder), a local problem as the LocalFileError that names it. */
const saving = <T>(file: string, fn: () => Promise<T>, folder = dirname(file)) =>
  writingLocalFiles({ folder, kept: SAVED_KEPT }, fn);

/**
 * Downloads and saves one file. What the API refuses for this item is its failed outcome and the
 * others go on; refused credentials, an interruption, or a folder that cannot take files (disk
 * full, read-only, no permission) stop the run, since every other item would fail the same way.
 */
export async function saveDownload(
  ctx: Context,
  file: string,
  download: () => Promise<Uint8Array>,
): Promise<SaveOutcome> {
  try {
    const bytes = await download();
    await saveFile(file, bytes);
    return { status: 'ok', file, bytes: bytes.length };
  } catch (error) {
    return failedSave(error, ctx);
  }
}

/** The failed outcome of one item, or `error` thrown again when it stops every item (see stopsEveryItem). */
function failedSave(error: unknown, ctx: Pick<Context, 'signal'>): SaveOutcome {
  if (stopsEveryItem(error, ctx)) throw error;
  if (error instanceof FiscalError) return { status: 'error', message: error.message };
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string')
    return { status: 'error', message: `cannot write the file: ${(error as Error).message}` };
  throw error;
}

/** The row of a saved file: its name (`KEY`, `ID`) then status, size, file and message. */
export function savedColumns<R extends SaveOutcome>(header: string, name: (row: R) => string): Column<R>[] {
  return [
    { header, get: name, truncate: false },
    { header: 'STATUS', get: (r) => r.status },
    { header: 'BYTES', get: (r) => r.bytes },
    { header: 'FILE', get: (r) => r.file, truncate: false },
    { header: 'MESSAGE', get: (r) => r.message, width: 60 },
  ];
}

/**
 * An error that no later item of a batch can escape (credentials refused, an interruption, a folder
 * that refuses files): the batch stops. Any other error fails its own item only.
 */
export function stopsEveryItem(error: unknown, ctx: Pick<Context, 'signal'>): boolean {
  return (
    error instanceof AuthError ||
    error instanceof InterruptedError ||
    error instanceof LocalFileError ||
    ctx.signal.aborted
  );
}
