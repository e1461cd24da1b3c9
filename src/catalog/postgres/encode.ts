// A commit's rows for the shared catalog, encoded as its statements take them (rows.ts): each
// table's rows as one JSON array of objects named by column, in UTF-8 bytes. Made on the pull's
// catalog thread (../staging.ts) where the facts are, and handed over as bytes: the pull's thread
// then neither receives the facts nor builds a row, and pg sends the bytes as they are (a Buffer
// parameter goes in binary format, which for json is its text). Built on the pull's thread, a
// commit of a few thousand documents had cost it half a second of CPU and as much of garbage
// collection (the facts, rows and strings outlive its 2 MB young generation).
import {
  DOCUMENT_COLUMNS,
  documentRow,
  EVENT_COLUMNS,
  eventRow,
  FILE_COLUMNS,
  fileRow,
  ITEM_COLUMNS,
  itemRows,
} from '../rows.js';
import type { CatalogLine } from '../store.js';

export const ENCODED_TABLES = ['files', 'documents', 'items', 'events'] as const;

/** Each table's rows of a commit (undefined: none), JSON in UTF-8 bytes. */
export type EncodedRows = Partial<Record<(typeof ENCODED_TABLES)[number], Uint8Array>>;

const utf8 = new TextEncoder();

/** JSON of the rows as objects (json_populate_recordset matches them to columns by name). */
function encoded(columns: readonly string[], rows: unknown[][]): Uint8Array {
  const objects = rows.map((row) => {
    const o: Record<string, unknown> = {};
    columns.forEach((c, i) => (o[c] = row[i]));
    return o;
  });
  // Bytes of their own (a small Buffer.from is a view of a shared pool, which cannot be handed over).
  return utf8.encode(JSON.stringify(objects));
}

export function encodeRows(lines: readonly CatalogLine[]): EncodedRows {
  const docs = lines.filter((l) => l.event === undefined);
  const events = lines.filter((l) => l.event !== undefined);
  const out: EncodedRows = {};
  if (lines.length) out.files = encoded(FILE_COLUMNS, lines.map(fileRow));
  if (docs.length) {
    out.documents = encoded(DOCUMENT_COLUMNS, docs.map(documentRow));
    const items = docs.flatMap(itemRows);
    if (items.length) out.items = encoded(ITEM_COLUMNS, items);
  }
  if (events.length) out.events = encoded(EVENT_COLUMNS, events.map(eventRow));
  return out;
}

/** The buffers of `rows`, to hand them to another thread without a copy. */
export const transferables = (rows: EncodedRows): ArrayBuffer[] =>
  Object.values(rows).map((b) => b.buffer as ArrayBuffer);
