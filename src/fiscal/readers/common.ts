// What every reader returns, and the small helpers they share to walk fast-xml-parser's output
// (objects keyed by local element name, `@_` attributes, `#text` beside attributes, strings kept
// as written thanks to parseTagValue: false).
import { accessKeyProblem } from '../access-key.js';
import type { StatusDocType } from '../doc-status.js';
import { byType, DOC_TYPE_NAMES, DOC_TYPES, type DocTypeName } from '../doc-types.js';

/** The utility invoices only an upload takes (utility.ts), each with its root element's name (its infX, protX and chX follow it). */
export const UTILITY_ROOTS = { nf3e: 'NF3e', nfcom: 'NFCom', nfag: 'NFAg', nfgas: 'NFGas' } as const;
export type UtilityKind = keyof typeof UTILITY_ROOTS;

/**
 * The kinds of what a reader finds: each registry type, a DPS, a CF-e SAT, the utility invoices
 * only an upload takes (utility.ts), an event.
 */
export type DocumentKind = DocTypeName | 'dps' | 'cfe' | UtilityKind | 'event';
const UTILITY_KINDS = Object.keys(UTILITY_ROOTS) as UtilityKind[];
export const DOCUMENT_KINDS: readonly DocumentKind[] = [...DOC_TYPE_NAMES, 'dps', 'cfe', ...UTILITY_KINDS, 'event'];

/** The XML values that stand for "the total" of each kind, the first present wins. */
export const TOTAL_TAGS: Readonly<Record<DocumentKind, readonly string[]>> = {
  ...byType((t): readonly string[] => DOC_TYPES[t].total),
  cfe: ['vCFe'],
  dps: ['vServ'],
  nf3e: ['vNF'],
  nfcom: ['vNF'],
  nfag: ['vNF'],
  nfgas: ['vNF'],
  event: [],
};

/** The type whose status rules (doc-status.ts) apply to a kind; undefined for DPS, the utility invoices and events. */
export function statusTypeOf(kind: DocumentKind): StatusDocType | undefined {
  return kind === 'dps' || kind === 'event' || Object.hasOwn(UTILITY_ROOTS, kind) ? undefined : (kind as StatusDocType);
}

export interface Party {
  /** CNPJ, CPF (or a foreign id / NIF when that is all the document has), digits as written. */
  taxId?: string;
  name?: string;
  uf?: string;
}

export interface Counterpart extends Party {
  /** receiver (NF-e, NFC-e, CF-e dest; CNPJDest of an event), taker (CT-e, CT-e OS, NFS-e). */
  role?: 'receiver' | 'taker';
}

export interface Protocol {
  /** cStat */
  status?: string;
  /** xMotivo */
  reason?: string;
  /** nProt (nDFSe for a national NFS-e) */
  number?: string;
  /** dhRecbto / dhRegEvento / dhProc */
  at?: string;
}

/** The family of documents an event belongs to (NF-e events also serve NFC-e). */
export type EventFamily = 'nfe' | 'cte' | 'mdfe' | 'nfse' | 'cfe';

export interface EventInfo {
  /** tpEvento (6 digits); `CFeCanc` for a CF-e SAT cancellation. */
  type: string;
  /** Read from the key field the event carries (chNFe, chCTe, chMDFe, chNFSe). */
  family: EventFamily;
  description: string;
  /** The access key (or national NFS-e key) of the document the event is about. */
  refKey?: string;
  seq?: string;
}

/** An event found in the same file as its document (nfeProc + retEvento, cteProc + procCancCTe...). */
export interface AttachedEvent extends EventInfo {
  at?: string;
  status?: string;
  reason?: string;
  protocol?: string;
}

export interface DocumentSummary {
  kind: DocumentKind;
  /** 55, 65, 57, 67, 58, 59; for events, the model of the document they refer to. */
  model?: string;
  /** Layout version of the document (infNFe@versao...). */
  version?: string;
  /** 44-digit access key, or the 50-digit key of a national NFS-e. */
  key?: string;
  /** Where there is no access key: R10 NFS-e id `<emitter>:<yyyy-mm-dd>:<number>`, DPS id, event Id. */
  id?: string;
  series?: string;
  number?: string;
  /** As written in the XML (ISO 8601, with the offset when the XML has one). */
  emittedAt?: string;
  environment?: 'production' | 'homologation';
  emitter: Party;
  counterpart: Counterpart;
  /** Element name -> decimal string with a dot (vNF, vProd, vTPrest, ValorServicos, vISSQN...). */
  totals: Record<string, string>;
  protocol?: Protocol;
  /** NF-e/NFC-e/CF-e: items (det); CT-e: documents carried; MDF-e: documents listed. */
  itemCount?: number;
  /**
   * The CFOPs of the document: an NF-e's or NFC-e's distinct item CFOPs, the one that carries
   * the most value (sum of the items' vProd) first; a CT-e's or CT-e OS's ide/CFOP.
   */
  cfops?: string[];
  /** Only on events. */
  event?: EventInfo;
  /** Events found in the same file for this document. */
  events?: AttachedEvent[];
  /** Documents only: a cancellation protocol (cStat 101/151/155) or a registered cancellation event. */
  canceled?: boolean;
  /** Problems that did not stop the reading (invalid check digit, protocol for another key...). */
  warnings: string[];
  /** The file's root element (nfeProc, CompNfse, Envelope...). */
  root: string;
  /** The file the document was read from. */
  source: string;
}

/** What a reader fills in; the file-level fields come later. */
export type Summary = Omit<DocumentSummary, 'root' | 'source'>;

export type Node = Record<string, unknown>;

export const obj = (v: unknown): Node => {
  const first = Array.isArray(v) ? v[0] : v;
  return first && typeof first === 'object' ? (first as Node) : {};
};

export const arr = (v: unknown): Node[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is Node => Boolean(x) && typeof x === 'object');

/** Text content (trimmed), or undefined when absent or empty. */
export function text(v: unknown): string | undefined {
  const first = Array.isArray(v) ? v[0] : v;
  const raw =
    typeof first === 'string' ? first : first && typeof first === 'object' ? (first as Node)['#text'] : undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const t = String(raw).trim();
  return t === '' ? undefined : t;
}

/** table[key] for keys read from a file: inherited names (`constructor`...) are not entries. */
export function lookup<V>(table: Readonly<Record<string, V>>, key: string | undefined): V | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

export const attr = (node: Node, name: string): string | undefined => text(node[`@_${name}`]);

/** node.a.b.c, tolerant of missing levels and of arrays (first item). */
export function at(node: unknown, ...path: string[]): Node {
  let cur = obj(node);
  for (const p of path) cur = obj(cur[p]);
  return cur;
}

/** The first of several candidate children that has text. */
export function first(node: Node, ...names: string[]): string | undefined {
  for (const n of names) {
    const t = text(node[n]);
    if (t !== undefined) return t;
  }
  return undefined;
}

export function party(node: Node, address?: Node): Party {
  const out: Party = {};
  const taxId = first(node, 'CNPJ', 'CPF', 'idEstrangeiro', 'NIF');
  const name = text(node.xNome);
  const uf = text((address ?? {}).UF) ?? text(node.UF);
  if (taxId) out.taxId = taxId;
  if (name) out.name = name;
  if (uf) out.uf = uf;
  return out;
}

export function environment(tpAmb: string | undefined): DocumentSummary['environment'] {
  if (tpAmb === '1') return 'production';
  if (tpAmb === '2') return 'homologation';
  return undefined;
}

/** `1.234,56` and `12,5` (some NFS-e providers) become `1234.56` and `12.5`; others stay as written. */
export function decimal(value: string): string {
  const v = value.trim();
  if (/^[+-]?\d+(\.\d+)?$/.test(v)) return v;
  if (/^[+-]?\d+,\d+$/.test(v)) return v.replace(',', '.');
  if (/^[+-]?\d{1,3}(\.\d{3})+,\d+$/.test(v)) return v.replace(/\./g, '').replace(',', '.');
  return v;
}

/** Copies the named (or, without names, all) text children of `node` into `totals`. */
export function addTotals(totals: Record<string, string>, node: Node, names?: readonly string[]): void {
  for (const name of names ?? Object.keys(node)) {
    if (name.startsWith('@_') || name === '#text') continue;
    const t = text(node[name]);
    if (t !== undefined && !(name in totals)) totals[name] = decimal(t);
  }
}

/** The digits of an Id attribute: `NFe3524...` -> `3524...` (some files have no prefix). */
export const keyFromId = (id: string | undefined): string | undefined => id?.replace(/^[A-Za-z]+/, '') || undefined;

/** Warnings about an access key: wrong length, wrong check digit (R7). */
export function keyWarnings(label: string, key: string | undefined): string[] {
  if (!key) return [`${label}: missing`];
  const problem = accessKeyProblem(key);
  return problem ? [`${label} ${key}: ${problem}`] : [];
}

/** The model digits (21-22) of a 44-digit key. */
export const modelOfKey = (key: string | undefined): string | undefined =>
  key && /^\d{44}$/.test(key) ? key.slice(20, 22) : undefined;

/** The element of a SEFAZ layout that holds the document (infNFe, infCte, infMDFe), its ide and its key. */
interface SefazDocument {
  inf: Node;
  ide: Node;
  key: string | undefined;
  /** ide/mod, else the key's model digits. */
  model: string | undefined;
}

/** `root`'s `infName` element; undefined without one (another layout under the same root name). */
export function sefazDocument(root: Node, infName: string): SefazDocument | undefined {
  const inf = at(root, infName);
  if (Object.keys(inf).length === 0) return undefined;
  const ide = at(inf, 'ide');
  const key = keyFromId(attr(inf, 'Id'));
  return { inf, ide, key, model: text(ide.mod) ?? modelOfKey(key) };
}

/**
 * What the SEFAZ layouts (NF-e, CT-e, MDF-e) say alike, version to emitter in Summary order: the
 * number in ide's `numberTag`, the emission in the first of `emittedTags` that has text.
 */
export function sefazHeading(
  root: Node,
  { inf, ide, key }: SefazDocument,
  numberTag: string,
  emittedTags: readonly string[] = ['dhEmi'],
): Pick<Summary, 'version' | 'key' | 'series' | 'number' | 'emittedAt' | 'environment' | 'emitter'> {
  return {
    version: attr(inf, 'versao') ?? attr(root, 'versao'),
    key,
    series: text(ide.serie),
    number: text(ide[numberTag]),
    emittedAt: first(ide, ...emittedTags),
    environment: environment(text(ide.tpAmb)),
    emitter: party(at(inf, 'emit'), at(inf, 'emit', 'enderEmit')),
  };
}

export function protocolOf(inf: Node, timeField = 'dhRecbto'): Protocol | undefined {
  const p: Protocol = {};
  const status = text(inf.cStat);
  const reason = text(inf.xMotivo);
  const number = text(inf.nProt);
  const when = text(inf[timeField]);
  if (status) p.status = status;
  if (reason) p.reason = reason;
  if (number) p.number = number;
  if (when) p.at = when;
  return Object.keys(p).length > 0 ? p : undefined;
}

/** Drops undefined fields so JSON output stays compact. */
export function compact<T extends object>(value: T): T {
  for (const k of Object.keys(value) as (keyof T)[]) if (value[k] === undefined) delete value[k];
  return value;
}

/** Field order of a summary as JSON shows it. */
const ORDER: readonly (keyof DocumentSummary)[] = [
  'source',
  'kind',
  'model',
  'version',
  'key',
  'id',
  'series',
  'number',
  'emittedAt',
  'environment',
  'emitter',
  'counterpart',
  'totals',
  'itemCount',
  'cfops',
  'protocol',
  'canceled',
  'events',
  'event',
  'warnings',
  'root',
];

/** The summary with its fields in the order JSON shows them (after fields were added to it). */
export function inFieldOrder(doc: DocumentSummary): DocumentSummary {
  const full = doc as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of ORDER) if (full[k] !== undefined) out[k] = full[k];
  return out as unknown as DocumentSummary;
}
