// --dir: each event XML as <dir>/<key>-<type>-<seq>.xml, written atomically.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FiscalError } from '../../errors.js';
import { writeFileAtomic } from '../../sync/durable.js';
import type { EventRow } from './rows.js';

/** The file name of an event; an NFS-e id's ":" become "_" (not allowed in file names everywhere). */
export function eventFileName(row: Pick<EventRow, 'key' | 'type' | 'seq'>): string {
  return `${row.key.replaceAll(':', '_')}-${row.type}-${row.seq ?? 1}.xml`;
}

/** Writes the event and answers the file's path; a file that cannot be written is a FiscalError naming it. */
export async function saveEvent(dir: string, row: EventRow, xml: Uint8Array): Promise<string> {
  const file = join(dir, eventFileName(row));
  try {
    await mkdir(dir, { recursive: true });
    // A sibling temp file: nothing of fiscal's is left in the user's folder but the events.
    await writeFileAtomic(file, xml, `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  } catch (error) {
    if (typeof (error as NodeJS.ErrnoException).code !== 'string') throw error;
    throw new FiscalError(`cannot write ${file}: ${(error as Error).message}`, { cause: error });
  }
  return file;
}
