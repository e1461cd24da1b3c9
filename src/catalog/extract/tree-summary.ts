// What `fiscal inspect` prints of a file, made by the XML reader's own rules (src/fiscal/readers)
// from the tree the lean pass builds (lean-tree.ts) instead of the parser's: the summary of every
// type without a lean summary of its own (CT-e, CT-e OS, MDF-e, NFS-e in each layout the readers
// know, their events), and of an NF-e the section pass leaves (an event appended to the nfeProc,
// a QR code in CDATA). It is the reader's by construction; nothing where the text is not what the
// reader would decode the same (another encoding than UTF-8, bytes that are not UTF-8), where the
// lean tree does not follow it, or where the file holds no document or several (inspect reads it).
import { documentsIn, type TreeParser } from '../../fiscal/readers/detect.js';
import type { CatalogSummary } from './nfe-summary.js';
import { leanTree } from './lean-tree.js';

const DECLARATION = /^<\?xml[^>]*\?>\s*/;
const ENCODING = /encoding\s*=\s*["']([^"']+)["']/;

export function treeSummary(text: string): CatalogSummary | undefined {
  // The reader drops a UTF-8 byte order mark; invalid UTF-8 it reads as Windows-1252.
  const xml = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (xml.includes('\uFFFD')) return undefined;
  const decl = DECLARATION.exec(xml);
  const encoding = decl && ENCODING.exec(decl[0])?.[1];
  if (encoding && !/^utf-?8$/i.test(encoding)) return undefined;
  try {
    const tree = leanTree(decl ? xml.slice(decl[0].length) : xml);
    if (tree === undefined) return undefined;
    const root = Object.keys(tree)[0]!;
    const docs = documentsIn(root, tree[root], { source: '', warnings: [], parse: embedded });
    if (docs.length !== 1) return undefined;
    const { source: _source, ...summary } = docs[0]!;
    return summary;
  } catch {
    // Escaped XML the lean tree does not follow (embedded), a reader failing on a tree (it would
    // fail on the parser's too), anything unforeseen: no summary, and never the document's facts
    // lost with it (the caller keeps them). inspect reads the file and says what it finds.
    return undefined;
  }
}

/**
 * Escaped XML in a text node (a SOAP answer's document as a string), read by the lean tree too,
 * which keeps the parser out of the pull: where it does not follow the text, nothing is summarized
 * (the parser might find documents in it that the lean tree cannot vouch for).
 */
const embedded: TreeParser = (text) => {
  const tree = leanTree(text.replace(DECLARATION, ''));
  if (tree === undefined) throw new Error('escaped XML the lean tree does not follow');
  const root = Object.keys(tree)[0]!;
  return { root, tree };
};
