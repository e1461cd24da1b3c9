// The rows of the events listing: one per event, what the listing shows of it, and the file
// --dir writes it to.
import { join } from 'node:path';
import type { DocEventItem, EventDocType } from '../../api/wire/events.js';
import { eventDescription } from '../../fiscal/event-codes.js';
import { eventFacts } from '../../fiscal/event-facts.js';
import type { Column } from '../../output/writer.js';
import { eventFileName } from '../../sync/layout.js';
import { ensureFolder, saveFile } from '../shared/saved-files.js';

export interface EventRow {
  /** Access key, or the NFS-e id. */
  key: string;
  type: string;
  description: string;
  seq?: number | undefined;
  /** When the service received it (when the endpoint says), else the event's own date. */
  date?: string | undefined;
  /** The authority's answer: cStat, xMotivo and nProt of the registration. */
  status?: string | undefined;
  reason?: string | undefined;
  protocol?: string | undefined;
  file?: string | undefined;
}

export const COLUMNS: Column<EventRow>[] = [
  { header: 'KEY', get: (r) => r.key, truncate: false },
  { header: 'TYPE', get: (r) => r.type },
  { header: 'DESCRIPTION', get: (r) => r.description, width: 36 },
  { header: 'SEQ', get: (r) => r.seq },
  { header: 'DATE', get: (r) => r.date },
  { header: 'STATUS', get: (r) => r.status },
  // Left out of a narrow table first: the status code says as much, and CSV always has it.
  { header: 'REASON', get: (r) => r.reason, width: 40, priority: -1 },
  { header: 'PROTOCOL', get: (r) => r.protocol },
];

export function saveColumns(): Column<EventRow>[] {
  return [...COLUMNS, { header: 'FILE', get: (r) => r.file, truncate: false }];
}

type ItemFacts = Pick<DocEventItem, 'type' | 'seq' | 'created_at'>;

/** The row of one event: the item's own fields first, the XML for what the item leaves out. */
export function eventRow(type: EventDocType, key: string, item: ItemFacts, xml: Uint8Array): EventRow {
  const facts = eventFacts(xml);
  const row: EventRow = {
    key,
    type: item.type,
    description: eventDescription(type, item.type) ?? 'Evento',
    seq: item.seq ?? facts.seq,
    date: item.created_at ?? facts.date,
    status: facts.status,
    reason: facts.reason,
    protocol: facts.protocol,
  };
  // JSON output shows only what is known.
  for (const k of Object.keys(row) as (keyof EventRow)[]) if (row[k] === undefined) delete row[k];
  return row;
}

/** Writes the event and answers the file's path; a file that cannot be written is a LocalFileError naming it. */
export async function saveEvent(dir: string, row: EventRow, xml: Uint8Array): Promise<string> {
  const file = join(dir, eventFileName(row.key, row.type, row.seq ?? 1));
  await ensureFolder(dir);
  // A sibling temp file: nothing of fiscal's is left in the user's folder but the events.
  await saveFile(file, xml);
  return file;
}
