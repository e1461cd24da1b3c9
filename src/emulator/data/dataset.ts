// The emulator's synthetic data: accounts and their NF-e, deterministic from a seed. Metadata is
// made eagerly and cheaply; XML (documents and events) is rendered when asked for.
import type { Dataset, DatasetOptions, NfeEvent, StoredNfe } from '../model.js';
import { generateWorlds } from './accounts.js';
import { storedEventXml } from './events-xml.js';
import { generateAccountNfes } from './nfe.js';
import { renderNfeProc } from './nfe-xml.js';

export { nfeEventXml, type NfeEventArgs } from './events-xml.js';
export { eventProtocol, authorizationProtocol } from './xml-util.js';

/**
 * Accounts (the same for a seed whatever `docs` and `now`) and `docs` NF-e per account, ordered
 * by account and then by stream position. Same options, same dataset, deep-equal.
 */
export function generateDataset(opts: DatasetOptions): Dataset {
  if (!Number.isInteger(opts.docs) || opts.docs < 0) throw new Error(`docs must be a whole number >= 0, got ${opts.docs}`);
  const nowMs = opts.now.getTime();
  if (Number.isNaN(nowMs)) throw new Error('now is not a valid date');
  const worlds = generateWorlds(opts.seed);
  const nfes: StoredNfe[] = new Array(worlds.length * opts.docs);
  worlds.forEach((w, a) => {
    const docs = generateAccountNfes(w, opts.seed, opts.docs, nowMs);
    for (let i = 0; i < docs.length; i++) nfes[a * opts.docs + i] = docs[i]!;
  });
  return { accounts: worlds.map((w) => w.account), nfes };
}

/** The nfeProc XML of a document: its own when it has one (uploads), else rendered from metadata. */
export function nfeXml(doc: StoredNfe): string {
  return doc.xml ?? renderNfeProc(doc);
}

/** The procEventoNFe XML of one of the document's events, rendered when it was not stored. */
export function eventXml(doc: StoredNfe, event: NfeEvent): string {
  return storedEventXml(doc, event);
}
