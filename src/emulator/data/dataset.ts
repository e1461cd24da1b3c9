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

/** How the documents of a type are made: their metadata, and their XML and events' XML from it. */
interface TypeData<T extends DocType> {
  generate: Generator<T>;
  xml(doc: DocTypes[T]): string;
  eventXml(doc: DocTypes[T], event: DocEvent): string;
}

/** One line per type of the registry but NF-e (doc-index.ts DocTypes): its generator and renderers. */
const DATA: { [T in DocType]: TypeData<T> } = {
  cte: { generate: generateCtes, xml: cteXml, eventXml: cteEventXml },
  cteos: { generate: generateCteOs, xml: cteOsXml, eventXml: cteEventXml },
  mdfe: { generate: generateMdfes, xml: mdfeXml, eventXml: mdfeEventXml },
  nfce: { generate: generateNfces, xml: nfceXml, eventXml: nfceEventXml },
  nfse: { generate: generateNfses, xml: nfseXml, eventXml: nfseEventXml },
};

/** Documents per account of each type other than NF-e when `otherDocs` is not given. */
const DEFAULT_OTHER_DOCS = 600;

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
      worlds.flatMap((w) => (DATA[type].generate as Generator<DocType>)(w, opts.seed, others, nowMs)),
    ]),
  ) as DocLists;
  return { accounts: worlds.map((w) => w.account), nfes, docs };
}

/** The XML of a document of another type: its own (uploads), else rendered from metadata. */
export function docXml<T extends DocType>(type: T, doc: DocTypes[T]): string {
  return (DATA[type] as TypeData<T>).xml(doc);
}

/** The XML of one event of a document of another type (procEventoCTe, procEventoMDFe, procEventoNFe, NFS-e cancellation). */
export function docEventXml<T extends DocType>(type: T, doc: DocTypes[T], event: DocEvent): string {
  return (DATA[type] as TypeData<T>).eventXml(doc, event);
}

/** The nfeProc XML of a document: its own when it has one (uploads), else rendered from metadata. */
export function nfeXml(doc: StoredNfe): string {
  return doc.xml ?? renderNfeProc(doc);
}

/** The procEventoNFe XML of one of the document's events, rendered when it was not stored. */
export function eventXml(doc: StoredNfe, event: NfeEvent): string {
  return storedEventXml(doc, event);
}
