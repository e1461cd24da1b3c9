// What every renderer reads first: the XML's tree (the readers' parser and encodings) and the one
// summary of the expected kind (key, parties, protocol, whether the file itself says canceled).
import { parseEmbedded, readDocumentTree, type DocumentKind, type DocumentSummary } from '../readers/index.js';
import { at, obj, text, type Node, type Summary } from '../readers/common.js';
import { findDocuments } from '../readers/detect.js';
import { decodeXml } from '../readers/xml.js';
import { parseLight } from './xml-light.js';

/** The XML cannot be drawn as that auxiliary document: unreadable, of another type, no key. */
export class RenderError extends Error {
  override name = 'RenderError';
  constructor(
    message: string,
    /** The file is a readable fiscal XML, of another type: a folder's other files are skipped, not failed. */
    readonly otherType = false,
  ) {
    super(message);
  }
}

/**
 * A renderer's own summary of the file's root element (`root`, its node), for a shape it knows
 * whole, or undefined: the shared readers then read it.
 */
type Summarize = (root: string, node: Node) => Summary | undefined;

interface ReadXml {
  summary: DocumentSummary;
  /** The parsed file, from its root element down. */
  tree: Node;
}

/**
 * The one document of `kinds` in `xml`; `keyed` documents must carry a 44-digit access key. The
 * elements named in `unread` may be left out of the tree (neither the caller nor the summary reads
 * them); `summarize`, the caller's summary of a file it knows the shape of.
 */
export function readFor(
  xml: Uint8Array | string,
  kinds: readonly DocumentKind[],
  what: string,
  keyed = true,
  unread?: ReadonlySet<string>,
  summarize?: Summarize,
): ReadXml {
  const bytes = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  let docs: DocumentSummary[];
  let tree: Node;
  try {
    ({ docs, tree } = quickRead(bytes, what, unread, summarize) ?? readDocumentTree(bytes, what));
  } catch (error) {
    throw new RenderError((error as Error).message);
  }
  const summary = docs.find((d) => kinds.includes(d.kind));
  if (!summary) throw new RenderError(`expected ${what}, found ${docs.map((d) => d.kind).join(', ')}`, true);
  if (keyed && (!summary.key || !/^\d{44}$/.test(summary.key)))
    throw new RenderError(`the document has no 44-digit access key (expected ${what})`);
  return { summary, tree };
}

/** The documents of `bytes` through the light parser, or undefined to read them the strict way. */
function quickRead(
  bytes: Uint8Array,
  source: string,
  unread: ReadonlySet<string> | undefined,
  summarize: Summarize | undefined,
): { docs: DocumentSummary[]; tree: Node } | undefined {
  const { text: xml, warnings } = decodeXml(bytes);
  const parsed = parseLight(xml, unread);
  if (!parsed) return undefined;
  const node = parsed.tree[parsed.root];
  const own = summarize && typeof node === 'object' && node !== null ? summarize(parsed.root, node as Node) : undefined;
  const found = own ? [own] : findDocuments(parsed.root, node, { depth: 0, parse: parseEmbedded });
  if (found.length === 0) return undefined;
  // The file's fields added to each summary, which is this read's own: a copy of its twenty
  // fields (an object spread) was 1.5% of a DANFe's CPU.
  const docs = found.map((s): DocumentSummary => {
    if (warnings.length > 0) s.warnings = [...warnings, ...s.warnings];
    return Object.assign(s, { root: parsed.root, source });
  });
  return { docs, tree: parsed.tree };
}

/**
 * The first element named `name`, depth first (documents sit under nfeProc, enviNFe, SOAP...);
 * `skip`, a subtree known not to hold it: the protocol beside an NF-e is found without walking
 * the NF-e's few hundred elements first.
 */
export function find(node: unknown, name: string, skip?: unknown): Node | undefined {
  const found = findRaw(node, name, 0, skip);
  return found === undefined ? undefined : obj(found);
}

/** The text of the first element named `name`, depth first. */
export function findText(node: unknown, name: string): string | undefined {
  return text(findRaw(node, name, 0, undefined));
}

function findRaw(node: unknown, name: string, depth: number, skip: unknown): unknown {
  if (!node || typeof node !== 'object' || depth > 12 || node === skip) return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findRaw(item, name, depth + 1, skip);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const n = node as Node;
  if (name in n) return n[name];
  // for-in, not Object.entries: no array of pairs made for each of a few hundred elements.
  for (const k in n) {
    if (k.startsWith('@_') || k === '#text' || k === 'Signature') continue;
    const found = findRaw(n[k], name, depth + 1, skip);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The text of node.a.b..., or undefined. */
export function textAt(node: Node, ...path: string[]): string | undefined {
  const last = path.at(-1)!;
  return text(at(node, ...path.slice(0, -1))[last]);
}

/** The one child of `node` whose name starts with `prefix` (ICMS00, ICMSSN102...), or {}. */
export function variant(node: Node, prefix: string): Node {
  const name = Object.keys(node).find((k) => k.startsWith(prefix));
  return name ? at(node, name) : {};
}

/** `Rua A, 10 - sala 2` from an address node (xLgr, nro, xCpl). */
export function street(addr: Node): string | undefined {
  const parts = [text(addr.xLgr), text(addr.nro)].filter(Boolean).join(', ');
  const cpl = text(addr.xCpl);
  return (cpl ? `${parts} - ${cpl}` : parts) || undefined;
}
