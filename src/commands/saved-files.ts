// What every command that saves downloaded files shares (`fiscal pdf`, `fiscal xml`, `fiscal latam
// xml`): the file replaced atomically through a sibling temp file (nothing of fiscal's is left in
// the user's folder but the files), the outcome of one download as a row, and the row's columns.
import { randomBytes } from 'node:crypto';
import type { Context } from '../context.js';
import { AuthError, FiscalError, InterruptedError } from '../errors.js';
import type { Column } from '../output/writer.js';
import { writeFileAtomic } from '../sync/durable.js';

export interface SaveOutcome {
  status: 'ok' | 'error';
  file?: string;
  bytes?: number;
  message?: string;
}

export async function saveFile(file: string, bytes: Uint8Array): Promise<void> {
  await writeFileAtomic(file, bytes, `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Downloads and saves one file. What the API refuses for this item, or a file that cannot be
 * written, is its failed outcome and the others go on; refused credentials or an interruption stop
 * the run, since every other item would fail the same way.
 */
export async function saveDownload(ctx: Context, file: string, download: () => Promise<Uint8Array>): Promise<SaveOutcome> {
  try {
    const bytes = await download();
    await saveFile(file, bytes);
    return { status: 'ok', file, bytes: bytes.length };
  } catch (error) {
    if (error instanceof AuthError || error instanceof InterruptedError || ctx.signal.aborted) throw error;
    if (error instanceof FiscalError) return { status: 'error', message: error.message };
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return { status: 'error', message: `cannot write the file: ${(error as Error).message}` };
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
