// Whether a document in a folder is canceled, as far as the folder says: the seam every local
// renderer asks through (`pdf --local`), to be answered by the catalog once there is one. Today the
// answer is the event files a pull writes beside a document (`<key>-<event>-<seq>.xml`, layout of
// write-page.ts): one of a cancelling event (110111, 110112; NFS-e 101101, 105102) marks it.
// A file that carries its own cancellation (nfeProc with procEventoNFe...) is read by the reader.
import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { CANCELLING_EVENTS, EVENT_DOC_TYPES, type EventDocType } from '../fiscal/event-codes.js';
import { fileKey } from './layout.js';

export type LocalStatus = 'canceled' | 'unknown';

/** What is known of a document read from `file`: its kind and key (or R10 id for an NFS-e). */
export interface LocalDocument {
  kind: string;
  key?: string | undefined;
  id?: string | undefined;
}

/** A statusOf(file, doc) that lists each folder once (a folder of 10,000 documents is one readdir). */
export function createStatusReader(): (file: string, doc: LocalDocument) => LocalStatus {
  const listings = new Map<string, Set<string>>();
  const listing = (dir: string): Set<string> => {
    let names = listings.get(dir);
    if (!names) {
      try {
        names = new Set(readdirSync(dir));
      } catch {
        names = new Set();
      }
      listings.set(dir, names);
    }
    return names;
  };
  return function statusOf(file, doc) {
    const type = doc.kind as EventDocType;
    const name = doc.key ?? doc.id;
    if (!(EVENT_DOC_TYPES as readonly string[]).includes(type) || !name) return 'unknown';
    const prefix = `${fileKey(name)}-`;
    const codes = CANCELLING_EVENTS[type];
    for (const entry of listing(dirname(file))) {
      if (!entry.startsWith(prefix) || entry === basename(file)) continue;
      const code = /^(\d{6})-\d+\.xml$/i.exec(entry.slice(prefix.length))?.[1];
      if (code && codes.includes(code)) return 'canceled';
    }
    return 'unknown';
  };
}
