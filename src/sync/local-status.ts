// Whether a document outside any pull folder's catalog is canceled, as far as the folder it lies in
// says (`pdf --local`; a pull folder's file takes its catalog's status instead:
// commands/shared/pull-folder-catalogs.ts): the event files a pull or `events --dir` writes beside a
// document (`<key>-<event>-<seq>.xml`, layout of write-page.ts), one of a cancelling event (110111,
// 110112; NFS-e 101101, 105102) marking it.
// A file that carries its own cancellation (nfeProc with procEventoNFe...) is read by the reader.
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { CANCELLING_EVENTS, EVENT_DOC_TYPES, type EventDocType } from '../fiscal/event-codes.js';
import { fileKey } from './layout.js';

type LocalStatus = 'canceled' | 'unknown';

/** What is known of a document read from `file`: its kind and key (or R10 id for an NFS-e). */
export interface LocalDocument {
  kind: string;
  key?: string | undefined;
  id?: string | undefined;
}

/**
 * A statusOf(file, doc) that lists each folder once (a folder of 10,000 documents is one readdir),
 * its event files indexed by the name they hang from: a look-up per document, not a scan.
 */
export function createStatusReader(): (file: string, doc: LocalDocument) => LocalStatus {
  const listings = new Map<string, Map<string, string[]>>();
  const events = (dir: string): Map<string, string[]> => {
    let byName = listings.get(dir);
    if (!byName) {
      byName = new Map();
      let names: string[] = [];
      try {
        names = readdirSync(dir);
      } catch {
        // A folder that cannot be listed has no event files to tell.
      }
      for (const entry of names) {
        const m = /^(.+)-(\d{6})-\d+\.xml$/i.exec(entry);
        if (!m) continue;
        const codes = byName.get(m[1]!);
        if (codes) codes.push(m[2]!);
        else byName.set(m[1]!, [m[2]!]);
      }
      listings.set(dir, byName);
    }
    return byName;
  };
  return function statusOf(file, doc) {
    const type = doc.kind as EventDocType;
    const name = doc.key ?? doc.id;
    if (!(EVENT_DOC_TYPES as readonly string[]).includes(type) || !name) return 'unknown';
    const codes = CANCELLING_EVENTS[type];
    const found = events(dirname(file)).get(fileKey(name)) ?? [];
    return found.some((code) => codes.includes(code)) ? 'canceled' : 'unknown';
  };
}
