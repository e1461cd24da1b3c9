// The emulator's synthetic data: accounts and their documents of every type, deterministic from
// a seed. Metadata is made eagerly and cheaply; XML (documents and events) is rendered when asked for.
import { DOC_TYPES, type DocLists, type DocType, type DocTypes } from '../doc-index.js';
import type { DocEvent } from '../model-docs.js';
import type { Dataset, DatasetOptions, NfeEvent, StoredNfe } from '../model.js';
import { ACCOUNT_COUNT, generateWorlds, type AccountWorld } from './accounts.js';
import { cteEventXml } from './cte-events-xml.js';
import { cteXml } from './cte-xml.js';
import { generateCtes } from './cte.js';
import { cteOsXml } from './cteos-xml.js';
import { generateCteOs } from './cteos.js';
import { storedEventXml } from './events-xml.js';
import { mdfeEventXml } from './mdfe-events-xml.js';
import { mdfeXml } from './mdfe-xml.js';
import { generateMdfes } from './mdfe.js';
import { nfceEventXml, nfceXml } from './nfce-xml.js';
import { generateNfces } from './nfce.js';
import { generateAccountNfes } from './nfe.js';
import { renderNfeProc } from './nfe-xml.js';
import { nfseEventXml, nfseXml } from './nfse-xml.js';
import { generateNfses } from './nfse.js';

type Generator<T extends DocType> = (w: AccountWorld, seed: number, count: number, nowMs: number) => DocTypes[T][];

const GENERATORS: { [T in DocType]: Generator<T> } = {
  cte: generateCtes,
  cteos: generateCteOs,
  mdfe: generateMdfes,
  nfce: generateNfces,
  nfse: generateNfses,
};

/** Documents per account of each type other than NF-e when `otherDocs` is not given. */
export const DEFAULT_OTHER_DOCS = 600;

export { nfeEventXml, type NfeEventArgs } from './events-xml.js';
export { eventProtocol, authorizationProtocol } from './xml-util.js';

/**
 * Accounts (the same for a seed whatever `docs` and `now`) and `docs` NF-e per account, ordered
 * by account and then by stream position. Same options, same dataset, deep-equal.
 */
export function generateDataset(opts: DatasetOptions): Dataset {
  if (!Number.isInteger(opts.docs) || opts.docs < 0)
    throw new Error(`docs must be a whole number >= 0, got ${opts.docs}`);
  const nowMs = opts.now.getTime();
  if (Number.isNaN(nowMs)) throw new Error('now is not a valid date');
  const accounts = opts.accounts ?? ACCOUNT_COUNT;
  if (!Number.isInteger(accounts) || accounts < 1 || accounts > ACCOUNT_COUNT)
    throw new Error(`accounts must be from 1 to ${ACCOUNT_COUNT}, got ${accounts}`);
  // The first accounts are the same whatever their number: worlds are made for all, then cut.
  const worlds = generateWorlds(opts.seed).slice(0, accounts);
  const nfes: StoredNfe[] = new Array(worlds.length * opts.docs);
  worlds.forEach((w, a) => {
    const docs = generateAccountNfes(w, opts.seed, opts.docs, nowMs);
    for (let i = 0; i < docs.length; i++) nfes[a * opts.docs + i] = docs[i]!;
  });
  const others = opts.otherDocs ?? Math.min(opts.docs, DEFAULT_OTHER_DOCS);
  if (!Number.isInteger(others) || others < 0) throw new Error(`otherDocs must be a whole number >= 0, got ${others}`);
  const docs = Object.fromEntries(
    DOC_TYPES.map((type) => [
      type,
      worlds.flatMap((w) => (GENERATORS[type] as Generator<DocType>)(w, opts.seed, others, nowMs)),
    ]),
  ) as DocLists;
  return { accounts: worlds.map((w) => w.account), nfes, docs };
}

/** The XML of a document of another type: its own (uploads), else rendered from metadata. */
export function docXml<T extends DocType>(type: T, doc: DocTypes[T]): string {
  switch (type) {
    case 'cte':
      return cteXml(doc as DocTypes['cte']);
    case 'cteos':
      return cteOsXml(doc as DocTypes['cteos']);
    case 'mdfe':
      return mdfeXml(doc as DocTypes['mdfe']);
    case 'nfce':
      return nfceXml(doc as DocTypes['nfce']);
    default:
      return nfseXml(doc as DocTypes['nfse']);
  }
}

/** The XML of one event of a document of another type (procEventoCTe, procEventoMDFe, procEventoNFe, NFS-e cancellation). */
export function docEventXml<T extends DocType>(type: T, doc: DocTypes[T], event: DocEvent): string {
  switch (type) {
    case 'cte':
    case 'cteos':
      return cteEventXml(doc as DocTypes['cte'], event);
    case 'mdfe':
      return mdfeEventXml(doc as DocTypes['mdfe'], event);
    case 'nfce':
      return nfceEventXml(doc as DocTypes['nfce'], event);
    default:
      return nfseEventXml(doc as DocTypes['nfse'], event);
  }
}

/** The nfeProc XML of a document: its own when it has one (uploads), else rendered from metadata. */
export function nfeXml(doc: StoredNfe): string {
  return doc.xml ?? renderNfeProc(doc);
}

/** The procEventoNFe XML of one of the document's events, rendered when it was not stored. */
export function eventXml(doc: StoredNfe, event: NfeEvent): string {
  return storedEventXml(doc, event);
}
