// What `fiscal inspect` prints of a file, made by the XML reader's own rules (src/fiscal/readers)
// from the tree the lean pass builds (lean-tree.ts) instead of the parser's: the summary of every
// type without a lean summary of its own (CT-e, CT-e OS, MDF-e, NFS-e in each layout the readers
// know, their events), and of an NF-e the section pass leaves (an event appended to the nfeProc,
// a QR code in CDATA). It is the reader's by construction; nothing where the text is not what the
// reader would decode the same (another encoding than UTF-8, bytes that are not UTF-8), where the
// lean tree does not follow it, or where the file holds no document or several (inspect reads it).
import { documentsIn } from '../../fiscal/readers/index.js';
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
  const tree = leanTree(decl ? xml.slice(decl[0].length) : xml);
  if (tree === undefined) return undefined;
  const root = Object.keys(tree)[0]!;
  try {
    const docs = documentsIn(root, tree[root], '');
    if (docs.length !== 1) return undefined;
    const { source: _source, ...summary } = docs[0]!;
    return summary;
  } catch {
    // A reader that fails on a tree fails on the parser's too: inspect reads the file and says so.
    return undefined;
  }
}
