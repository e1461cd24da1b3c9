// Facts of a document of a pull folder from its bytes, by the type the pull wrote it as: the one
// entry point of the pull (which holds the bytes already) and of a rebuild (which reads them).
import type { DocTypeName } from '../../fiscal/doc-types.js';
import type { DocumentFacts } from '../facts.js';
import { nfeEventSummary } from './event-summary.js';
import { nfeFacts } from './nfe.js';
import type { CatalogSummary } from './nfe-summary.js';
import { walkedNoteFacts } from './nfe-walk-facts.js';
import { nfseFacts } from './nfse.js';
import { documentText } from './scan.js';
import { cteFacts, mdfeFacts } from './transport.js';
import { treeSummary } from './tree-summary.js';

/** One reader per type of the registry: the compiler asks for a new type's. */
const READERS: Record<
  DocTypeName,
  { root: string; read: (xml: string) => DocumentFacts; walk?: (bytes: Uint8Array) => DocumentFacts | undefined }
> = {
  nfe: { root: 'infNFe', read: nfeFacts, walk: walkedNoteFacts },
  nfce: { root: 'infNFe', read: nfeFacts, walk: walkedNoteFacts },
  cte: { root: 'infCte', read: cteFacts },
  cteos: { root: 'infCte', read: cteFacts },
  mdfe: { root: 'infMDFe', read: mdfeFacts },
  nfse: { root: 'Nfse', read: nfseFacts },
};

/**
 * The facts of a document of `type` (as its index line names it); undefined for a type without a
 * reader. An NF-e's facts are the walk's where it reads the note (nfe-walk-facts.ts), else the
 * section pass's; the summary is theirs, else the reader's over the lean tree.
 */
export function extractFacts(type: string, bytes: Uint8Array): DocumentFacts | undefined {
  const reader = READERS[type as DocTypeName] as (typeof READERS)[DocTypeName] | undefined;
  if (!reader) return undefined;
  const walked = reader.walk?.(bytes);
  if (walked) return walked;
  const xml = documentText(bytes, reader.root);
  const facts = reader.read(xml);
  facts.summary ??= treeSummary(xml);
  return facts;
}

/** What inspect prints of an event file of a document of `type`, where the lean pass follows it. */
export function eventSummary(type: string, bytes: Uint8Array): CatalogSummary | undefined {
  const xml = documentText(bytes, 'infEvento');
  return ((type === 'nfe' || type === 'nfce') && nfeEventSummary(xml)) || treeSummary(xml);
}

/** The types the catalog reads facts of (test/unit/fiscal/doc-types.test.ts: every type of the registry). */
export const CATALOG_TYPES: readonly string[] = Object.keys(READERS);
