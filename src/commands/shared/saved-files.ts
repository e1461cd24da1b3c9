// What every command that saves downloaded files shares (`fiscal pdf`, `fiscal xml`, `fiscal latam
// xml`, `fiscal events --save`): the folder made, the file replaced atomically through a sibling temp file (nothing of fiscal's is left in
// the user's folder but the files), the outcome of one download as a row, and the row's columns.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Context } from '../../context.js';
import { AuthError, FiscalError, InterruptedError, LocalFileError } from '../../errors.js';
import { writingLocalFiles } from '../../local-files.js';
import type { Column } from '../../output/writer.js';
import { writeFileAtomic } from '../../sync/durable.js';

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

/** Replaces `file` atomically; a full disk, a read-only folder or a refusal is a LocalFileError naming it. */
export async function saveFile(file: string, bytes: Uint8Array | string): Promise<void> {
  await writingLocalFiles({ folder: dirname(file), kept: SAVED_KEPT }, () =>
    writeFileAtomic(file, bytes, `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`),
  );
}

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
    if (stopsEveryItem(error, ctx)) throw error;
    if (error instanceof FiscalError) return { status: 'error', message: error.message };
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string')
      return { status: 'error', message: `cannot write the file: ${(error as Error).message}` };
    throw error;
  }
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
