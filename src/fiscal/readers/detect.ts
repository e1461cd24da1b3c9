// Finding the documents in a parsed file. The tree is walked from the root; an element whose name
// a reader knows (NFe, cteProc, CompNfse, procEventoNFe...) is handed to that reader, and the walk
// goes on below the elements nobody claims (SOAP envelopes, nfeDadosMsg, enviNFe, ListaNfse,
// retEnvEvento...). A reader that does not recognise the element's content (an `NFe` without infNFe
// is the São Paulo NFS-e, not an NF-e) declines, and the walk goes on below it. A file where no
// reader claims anything is unknown: its type is never guessed.
//
// Escaped XML inside a text node (some SOAP services return the document as a string) is parsed
// and walked too.
import { documentStatus } from '../doc-status.js';
import { attached, knownEvent, readEvent } from './events.js';
import { readCfe, readCfeCancellation } from './cfe.js';
import { readCte } from './cte.js';
import { readMdfe } from './mdfe.js';
import { readNfe } from './nfe.js';
import { readAbrasf, readAbrasfCancellation } from './nfse-abrasf.js';
import { readDps, readNationalNfse } from './nfse-national.js';
import { readUtility } from './utility.js';
import {
  arr,
  at,
  inFieldOrder,
  lookup,
  protocolOf,
  statusTypeOf,
  text,
  type DocumentSummary,
  type Node,
  type Summary,
  UTILITY_ROOTS,
  type UtilityKind,
} from './common.js';

/**
 * Parses escaped XML found in a text node into a tree as parseXml (xml.ts) does; undefined for
 * text that is not XML it reads (the walk finds nothing in it).
 */
export type TreeParser = (text: string) => { root: string; tree: Node } | undefined;

/** How deep in escaped XML the walk is, and what parses it (the caller's: no parser is loaded here). */
interface Walk {
  depth: number;
  parse: TreeParser;
}

type Handler = (node: Node, name: string, walk: Walk) => Summary[] | undefined;

const one = (s: Summary | undefined): Summary[] | undefined => (s ? [s] : undefined);

/** The authorized-document wrappers: document element, protocol element, key field of infProt. */
const PROCS: Record<string, { doc: string; read: (n: Node) => Summary | undefined; prot: string; keyField: string }> = {
  nfeProc: { doc: 'NFe', read: readNfe, prot: 'protNFe', keyField: 'chNFe' },
  cteProc: { doc: 'CTe', read: (n) => readCte(n, false), prot: 'protCTe', keyField: 'chCTe' },
  cteOSProc: { doc: 'CTeOS', read: (n) => readCte(n, true), prot: 'protCTe', keyField: 'chCTe' },
  mdfeProc: { doc: 'MDFe', read: readMdfe, prot: 'protMDFe', keyField: 'chMDFe' },
};

const HANDLERS: Record<string, Handler> = {
  NFe: (n) => one(readNfe(n)),
  CTe: (n) => one(readCte(n, false)),
  CTeOS: (n) => one(readCte(n, true)),
  MDFe: (n) => one(readMdfe(n)),
  CFe: (n) => one(readCfe(n)),
  CFeCanc: (n) => one(readCfeCancellation(n)),
  NFSe: (n) => one(readNationalNfse(n)),
  DPS: (n) => one(readDps(n)),
  CompNfse: (n, name) => one(readAbrasf(n, name)),
  ComplNfse: (n, name) => one(readAbrasf(n, name)),
  tcCompNfse: (n, name) => one(readAbrasf(n, name)),
  Nfse: (n, name) => one(readAbrasf(n, name)),
  NfseCancelamento: (n) => one(readAbrasfCancellation(n)),
  procEventoNFe: (n) => one(readEvent(at(n, 'evento'), at(n, 'retEvento'))),
  procEventoCTe: (n) => one(readEvent(at(n, 'eventoCTe'), at(n, 'retEventoCTe'))),
  procEventoMDFe: (n) => one(readEvent(at(n, 'eventoMDFe'), at(n, 'retEventoMDFe'))),
  evento: (n) => one(readEvent(n, undefined)),
  eventoCTe: (n) => one(readEvent(n, undefined)),
  eventoMDFe: (n) => one(readEvent(n, undefined)),
  pedRegEvento: (n) => one(readEvent(n, undefined)),
  retEvento: (n) => one(readEvent(undefined, n)),
  retEventoCTe: (n) => one(readEvent(undefined, n)),
  retEventoMDFe: (n) => one(readEvent(undefined, n)),
};

for (const [kind, root] of Object.entries(UTILITY_ROOTS) as [UtilityKind, string][]) {
  HANDLERS[root] = (n) => one(readUtility(n, kind));
  PROCS[`${kind}Proc`] = { doc: root, read: (n) => readUtility(n, kind), prot: `prot${root}`, keyField: `ch${root}` };
}
for (const [name, proc] of Object.entries(PROCS)) HANDLERS[name] = (n, _name, walk) => readProc(n, proc, walk);

/** Elements never walked into. */
const SKIPPED = new Set(['Signature']);
/** Escaped XML documents inside text are followed this many levels deep. */
const MAX_DEPTH = 3;

/**
 * The documents of a parsed file, as readDocuments gives them: `root` and its value in a tree
 * shaped as parseXml shapes it (or as the catalog's lean tree does: src/catalog/extract/lean-tree.ts).
 */
export function documentsIn(
  root: string,
  value: unknown,
  { source, warnings, parse }: { source: string; warnings: string[]; parse: TreeParser },
): DocumentSummary[] {
  return findDocuments(root, value, { depth: 0, parse }).map((s) =>
    inFieldOrder({ ...s, warnings: [...warnings, ...s.warnings], root, source }),
  );
}

/** Every document under `name`/`value`, in document order. */
export function findDocuments(name: string, value: unknown, walk: Walk): Summary[] {
  if (typeof value === 'string') return walk.depth < MAX_DEPTH ? embedded(value, walk) : [];
  const out: Summary[] = [];
  for (const node of Array.isArray(value) ? value : [value]) {
    if (typeof node === 'string') {
      out.push(...findDocuments(name, node, walk));
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    const found = lookup(HANDLERS, name)?.(node as Node, name, walk);
    if (found) {
      out.push(...found);
      continue;
    }
    for (const [child, v] of Object.entries(node as Node)) {
      if (child.startsWith('@_') || SKIPPED.has(child)) continue;
      out.push(...findDocuments(child, v, walk));
    }
  }
  return out;
}

function embedded(value: string, walk: Walk): Summary[] {
  const t = value.trim();
  if (!t.startsWith('<') || !t.endsWith('>')) return [];
  const parsed = walk.parse(t);
  return parsed ? findDocuments(parsed.root, parsed.tree[parsed.root], { ...walk, depth: walk.depth + 1 }) : [];
}

/**
 * nfeProc, cteProc, cteOSProc, mdfeProc: the document, its authorization protocol, and whatever
 * else the wrapper carries (retEvento, procEventoNFe, procCancCTe, procEncMDFe...). Events about
 * this document are folded into it (`events`, `canceled`); events about another document become
 * rows of their own.
 */
function readProc(proc: Node, spec: (typeof PROCS)[string], walk: Walk): Summary[] | undefined {
  const docNode = arr(proc[spec.doc])[0];
  const doc = docNode ? spec.read(docNode) : undefined;
  if (!doc) return undefined;
  const inf = at(proc, spec.prot, 'infProt');
  const protocol = protocolOf(inf);
  if (protocol) {
    doc.protocol = protocol;
    const protKey = text(inf[spec.keyField]);
    if (protKey && doc.key && protKey !== doc.key)
      doc.warnings.push(`the protocol is for key ${protKey}, the document has ${doc.key}`);
  }
  const others: Summary[] = [];
  for (const [child, v] of Object.entries(proc)) {
    if (child === spec.doc || child === spec.prot || child.startsWith('@_') || SKIPPED.has(child)) continue;
    for (const found of findDocuments(child, v, walk)) {
      if (found.event && found.event.refKey === doc.key) {
        (doc.events ??= []).push(attached(found.event, found));
        doc.warnings.push(...found.warnings);
      } else {
        others.push(found);
      }
    }
  }
  doc.canceled =
    documentStatus({
      type: statusTypeOf(doc.kind) ?? 'nfe',
      protocol: doc.protocol?.status,
      canceledInXml: doc.canceled,
      events: doc.events?.map(knownEvent),
    }) === 'canceled';
  return [doc, ...others];
}
