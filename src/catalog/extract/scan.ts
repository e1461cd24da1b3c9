// The lean pass the catalog reads documents with: plain string searches over a section of the
// text at a time (a document's ide, emit, one item...), so that a tag a section lacks costs a
// scan of that section, not of the rest of the document. No validation: these files were
// written by the pull from what the service sent, or checked when loaded.
import { block, closingTag, openTag, PREFIXED } from '../../fiscal/xml-scan.js';

/** A part of a document's text, searched on its own. */
export type Section = string;

/** The document's text: UTF-8 unless its declaration says ISO-8859-1; namespace prefixes dropped. */
export function documentText(bytes: Uint8Array, prefixedRoot: string): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 100)).toString('latin1');
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString(
    /encoding=["'](iso-8859-1|latin1|windows-1252)["']/i.test(head) ? 'latin1' : 'utf8',
  );
  // Prefixes (`<nfe:infNFe>`) are rare: dropped once rather than tried at every search.
  return text.includes(`:${prefixedRoot}`) ? text.replace(PREFIXED, (m) => (m[1] === '/' ? '</' : '<')) : text;
}

/** The first `<name>...</name>` of `xml` from `from`, inner text with its tags; undefined when absent. */
export function section(xml: string | undefined, name: string, from = 0): Section | undefined {
  if (xml === undefined) return undefined;
  // block()'s search without its pair: some 150 arrays a document less for the collector.
  const start = openTag(xml, name, from);
  const end = start === -1 ? -1 : closingTag(xml, name, start);
  return end === -1 ? undefined : xml.slice(start, end);
}

/** The last `<name>...</name>` (protocols close their document: looked for from the end). */
export function lastSection(xml: string, name: string): Section | undefined {
  const at = xml.lastIndexOf(`<${name}`);
  return at === -1 ? undefined : section(xml, name, at);
}

/** Every `<name>...</name>` in order. */
export function* sections(xml: string, name: string): Generator<Section> {
  for (let b = block(xml, name); b; b = block(xml, name, b[1])) yield xml.slice(b[0], b[1]);
}

const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The text of the first `<name>` in `s`, entities decoded, or undefined. A copy, not a slice: a
 * slice of 13 characters or more keeps the whole document alive in V8, and these values outlive
 * it (staged until the pull's commit).
 */
export function value(s: Section | undefined, name: string): string | undefined {
  if (s === undefined) return undefined;
  const start = openTag(s, name);
  const end = start === -1 ? -1 : closingTag(s, name, start);
  if (end === -1) return undefined;
  let v = s.slice(s.indexOf('>', start) + 1, end).trim();
  if (v.includes('&')) v = entitiesDecoded(v);
  return v.length < 13 ? v : copyOf(v);
}

/** `v` with its character references and XML's named entities (in either case) decoded. */
export const entitiesDecoded = (v: string): string =>
  v.replace(ENTITY, (_m, dec: string, hex: string, named: string) =>
    named ? NAMED[named.toLowerCase()]! : String.fromCodePoint(dec ? Number(dec) : parseInt(hex, 16)),
  );

/**
 * A flat copy of `s` (V8 flattens the pair into a new string before slicing it): half the cost
 * of a round trip through a Buffer, and nothing outside the heap.
 */
const copyOf = (s: string): string => ` ${s}`.slice(1);

/** The first of `names` present. */
export function firstValue(s: Section | undefined, names: readonly string[]): string | undefined {
  for (const n of names) {
    const v = value(s, n);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The value of an attribute of the first tag of `s` (`nItem` of `<det nItem="1">`). */
export function attribute(s: Section, name: string): string | undefined {
  const end = s.indexOf('>');
  let pattern = ATTRIBUTES.get(name);
  if (!pattern) ATTRIBUTES.set(name, (pattern = new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`)));
  const v = pattern.exec(s.slice(0, end))?.[1];
  // A copy, as value's: an Id (the access key) kept as a slice kept the whole document until its commit.
  return v === undefined || v.length < 13 ? v : copyOf(v);
}

const ATTRIBUTES = new Map<string, RegExp>();

/** CNPJ or CPF of a party section (either case: ABRASF writes Cnpj). */
export function taxId(s: Section | undefined): string | undefined {
  return firstValue(s, ['CNPJ', 'CPF', 'Cnpj', 'Cpf', 'idEstrangeiro']);
}

/** cStat of a registered event (135 registered and linked, 136 registered, 155 canceled late). */
const REGISTERED = new Set(['135', '136', '155']);

/**
 * Codes of the registered events a proc carries after its document (a cancellation appended to
 * an nfeProc, procCancCTe, an MDF-e's closing): each result (`infEvento` with a cStat).
 */
export function eventsInside(xml: string, after: number): string[] {
  if (after < 0 || xml.indexOf('<infEvento', after) === -1) return [];
  const out: string[] = [];
  for (const ev of sections(xml.slice(after), 'infEvento')) {
    const code = value(ev, 'tpEvento');
    if (code && REGISTERED.has(value(ev, 'cStat') ?? '')) out.push(code);
  }
  return out;
}
