// Reading local fiscal XML: bytes in, one DocumentSummary per document out (a file may hold
// several: NFS-e lists, lots, event batches). Unreadable and unknown files throw DocumentReadError.
import { inFieldOrder, type DocumentSummary, type Node, type Summary } from './common.js';
import { findDocuments } from './detect.js';
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
  const docs = documentsIn(root, tree[root], source, warnings);
  if (docs.length === 0) {
    throw new DocumentReadError('unknown', `unknown document type: no fiscal document in root element <${root}>`, root);
  }
  return { docs, tree };
}

/** The documents of a tree shaped as parseXml shapes it (the catalog builds one faster: src/catalog/extract/lean-tree.ts). */
export function documentsIn(
  root: string,
  value: unknown,
  source: string,
  fileWarnings: string[] = [],
): DocumentSummary[] {
  return findDocuments(root, value).map((s) => ordered(s, root, source, fileWarnings));
}

function ordered(s: Summary, root: string, source: string, fileWarnings: string[]): DocumentSummary {
  return inFieldOrder({ ...s, warnings: [...fileWarnings, ...s.warnings], root, source });
}
