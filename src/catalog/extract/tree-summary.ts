// What `fiscal inspect` prints of a file, made by the XML reader's own rules (src/fiscal/readers)
// from the tree the lean pass builds (lean-tree.ts) instead of the parser's: the summary of every
// type without a lean summary of its own (CT-e, CT-e OS, MDF-e, NFS-e in each layout the readers
// know, their events), and of an NF-e the section pass leaves (an event appended to the nfeProc,
// a QR code in CDATA). It is the reader's by construction; nothing where the text is not what the
// reader decodes (an encoding other than UTF-8 and Latin-1, bytes that are not what they declare),
// where the lean tree does not follow it, or where the file holds no document or several (inspect
// then reads the file).
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
  if (!decodedAsReaderDoes(xml, encoding ?? undefined)) return undefined;
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

/** What documentText (scan.ts) decodes as Latin-1: the rest it decodes as UTF-8. */
const LATIN1_HEAD = /encoding=["'](iso-8859-1|latin1|windows-1252)["']/i;

/**
 * Whether the text the pull decoded is the reader's (readers/xml.ts decodeXml): UTF-8 as declared
 * (or nothing declared), or a file declared ISO-8859-1 or Windows-1252, which the pull decodes as
 * Latin-1 and the reader as Windows-1252: the same text unless a byte is one of the 32 (0x80 to
 * 0x9F) the two read differently, which Latin-1 makes U+0080 to U+009F.
 */
function decodedAsReaderDoes(xml: string, encoding: string | undefined): boolean {
  if (!LATIN1_HEAD.test(xml.slice(0, 100))) return encoding === undefined || /^utf-?8$/i.test(encoding);
  return (
    encoding !== undefined && /^(?:iso-8859-1|latin1|windows-1252)$/i.test(encoding) && !/[\u0080-\u009f]/.test(xml)
  );
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
