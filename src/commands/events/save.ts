// --dir: each event XML as <dir>/<key>-<type>-<seq>.xml, written atomically.
import { join } from 'node:path';
import { ensureFolder, saveFile } from '../saved-files.js';
import type { EventRow } from './rows.js';

/** The file name of an event; an NFS-e id's ":" become "_" (not allowed in file names everywhere). */
export function eventFileName(row: Pick<EventRow, 'key' | 'type' | 'seq'>): string {
  return `${row.key.replaceAll(':', '_')}-${row.type}-${row.seq ?? 1}.xml`;
}

/** Writes the event and answers the file's path; a file that cannot be written is a LocalFileError naming it. */
export async function saveEvent(dir: string, row: EventRow, xml: Uint8Array): Promise<string> {
  const file = join(dir, eventFileName(row));
  await ensureFolder(dir);
  // A sibling temp file: nothing of fiscal's is left in the user's folder but the events.
  await saveFile(file, xml);
  return file;
}
