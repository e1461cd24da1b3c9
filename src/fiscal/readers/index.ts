// Reading local fiscal XML: bytes in, one DocumentSummary per document out (a file may hold
// several: NFS-e lists, lots, event batches). Unreadable and unknown files throw DocumentReadError.
import type { DocumentSummary, Node } from './common.js';
import { documentsIn, type TreeParser } from './detect.js';
import { decodeXml, DocumentReadError, parseXml } from './xml.js';

export type {
  AttachedEvent,
  Counterpart,
  DocumentKind,
  DocumentSummary,
  EventInfo,
  Party,
  Protocol,
} from './common.js';
export { DOCUMENT_KINDS, inFieldOrder } from './common.js';
export { DocumentReadError, type ReadFailure } from './xml.js';

export function readDocuments(bytes: Uint8Array, source: string): DocumentSummary[] {
  return readDocumentTree(bytes, source).docs;
}

/** readDocuments, with the tree they were read from (a renderer reads more of it than a summary). */
export function readDocumentTree(bytes: Uint8Array, source: string): { docs: DocumentSummary[]; tree: Node } {
  if (bytes.length === 0) throw new DocumentReadError('empty', 'empty file');
  const { text, warnings } = decodeXml(bytes);
  const { root, tree } = parseXml(text);
  const docs = documentsIn(root, tree[root], { source, warnings, parse: parseEmbedded });
  if (docs.length === 0) {
    throw new DocumentReadError('unknown', `unknown document type: no fiscal document in root element <${root}>`, root);
  }
  return { docs, tree };
}

/** Escaped XML inside a text node: parsed when well formed, else nothing found in it. */
export const parseEmbedded: TreeParser = (text) => {
  try {
    return parseXml(text);
  } catch {
    return undefined;
  }
};
