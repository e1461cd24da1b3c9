// What `fiscal inspect` prints of an NF-e or NFC-e (docs/inspect.md), made by the catalog's lean
// pass from the text the pull holds, so that inspect of a pull folder reads the catalog, not the
// XML (a full parse costs some 2 ms a document, more than the pull spends on it).
//
// It must equal what the XML reader (src/fiscal/readers) gives, or be nothing: the file is then
// read by inspect as before. It is nothing for whatever this pass does not follow exactly: a root
// other than nfeProc or a bare NFe, anything in the nfeProc beside the note and its protocol (an
// event appended), another encoding than UTF-8, CDATA, comments, HTML entities, totals that are
// not plain values (test/unit/catalog/summary.test.ts compares the two on samples).
import { documentStatus } from '../../fiscal/doc-status.js';
import {
  decimal,
  environment,
  keyFromId,
  keyWarnings,
  modelOfKey,
  type Party as SummaryParty,
  type Summary,
} from '../../fiscal/readers/common.js';
import type { DocumentSummary } from '../../fiscal/readers/index.js';
import type { ItemFacts } from '../facts.js';
import { closingTag, openTag } from '../../fiscal/xml-scan.js';
import { attribute, firstValue, section, value, type Section } from './scan.js';

/** A summary as the catalog keeps it: without `source`, which is the path inspect was given. */
export type CatalogSummary = Omit<DocumentSummary, 'source'>;

const DECLARATION = /^<\?xml[^>]*\?>\s*/;
const ENCODING = /encoding\s*=\s*["']([^"']+)["']/;
// What only the full reader reads (or reads otherwise): left to it. Looked for with indexOf, not
// one regex over the text: that costs a tenth of the catalog's time per document.
const REPLACEMENT = '\uFFFD';
const XML_ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;

/** The sections of the note its lean facts were read from (nfe.ts): each is looked for once. */
interface NoteSections {
  ide: Section | undefined;
  emit: Section | undefined;
  dest: Section | undefined;
  total: Section | undefined;
  prot: Section | undefined;
  items: readonly ItemFacts[];
}

/** The summary of the NF-e or NFC-e in `xml`, or undefined. */
export function nfeSummary(
  xml: string,
  { ide, emit, dest, total, prot, items }: NoteSections,
): CatalogSummary | undefined {
  let root = 'nfeProc';
  let body = followed(xml, root);
  if (body === undefined) body = followed(xml, (root = 'NFe'));
  if (body === undefined || !onlyNoteAndProtocol(body, root)) return undefined;
  const start = openTag(body, 'infNFe');
  if (start === -1) return undefined;
  const inf = body.slice(start, body.indexOf('>', start) + 1);
  const totals = icmsTotals(section(total, 'ICMSTot'));
  if (!totals) return undefined;
  const ibscbs = section(total, 'IBSCBSTot');
  const infProt = section(prot, 'infProt');
  const leaf = (s: Section | undefined) => (name: string) => value(s, name);
  return noteSummary({
    root,
    id: attribute(inf, 'Id'),
    version: attribute(inf, 'versao') ?? attribute(body, 'versao'),
    ide: leaf(ide),
    emitter: party(emit, 'enderEmit'),
    receiver: party(dest, 'enderDest'),
    totals,
    more: [
      leaf(section(total, 'ISSQNtot')),
      leaf(section(total, 'ISTot')),
      leaf(section(ibscbs, 'gIBS')),
      leaf(section(ibscbs, 'gCBS')),
      leaf(total),
    ],
    items,
    infProt: infProt === undefined ? undefined : leaf(infProt),
  });
}

/** What a summary of a note is made of, however its text was read (here, or nfe-walk-facts.ts). */
interface NoteParts {
  root: string;
  /** infNFe's Id, and the version (infNFe's versao, else the root's). */
  id: string | undefined;
  version: string | undefined;
  /** The value of a leaf of ide (value() of scan.ts). */
  ide: (name: string) => string | undefined;
  emitter: SummaryParty;
  receiver: SummaryParty;
  /** ICMSTot's children (icmsTotals), added to. */
  totals: Record<string, string>;
  /** The leaves of ISSQNtot, ISTot, gIBS, gCBS (of IBSCBSTot) and total, in this order. */
  more: readonly ((name: string) => string | undefined)[];
  items: readonly ItemFacts[];
  /** The leaves of infProt, where there is one. */
  infProt: ((name: string) => string | undefined) | undefined;
}

const MORE_TOTALS = [['vServ', 'vISS'], ['vIS'], ['vIBS'], ['vCBS'], ['vNFTot']] as const;

export function noteSummary(parts: NoteParts): CatalogSummary {
  const { root, ide, totals, items } = parts;
  MORE_TOTALS.forEach((names, i) => addLeaves(totals, parts.more[i]!, names));
  const key = keyFromId(parts.id);
  const model = text(ide('mod')) ?? modelOfKey(key);
  const kind = model === '65' ? 'nfce' : 'nfe';
  const protocol = root === 'nfeProc' ? protocolOf(parts.infProt) : undefined;
  const warnings = keyWarnings('access key', key);
  const protKey = protocol && text(parts.infProt!('chNFe'));
  if (protKey && key && protKey !== key) warnings.push(`the protocol is for key ${protKey}, the document has ${key}`);
  const r = parts.receiver;
  // Every field in one literal, in the order inspect prints them (inFieldOrder); the ones
  // undefined are left out of its JSON as compact() would leave them out. One shape, held by the
  // literal: a summary built field by field took shapes that V8 keeps only while one has them,
  // and the functions that read them (documentRow) were compiled again after each full collection.
  const summary = {
    kind,
    model,
    version: parts.version,
    key,
    series: text(ide('serie')),
    number: text(ide('nNF')),
    emittedAt: text(ide('dhEmi') ?? ide('dEmi')),
    environment: environment(text(ide('tpAmb'))),
    emitter: parts.emitter,
    counterpart: r.taxId || r.name || r.uf ? { role: 'receiver', taxId: r.taxId, name: r.name, uf: r.uf } : {},
    totals,
    itemCount: items.length,
    cfops: cfopsByValue(items),
    protocol,
    canceled: root === 'nfeProc' && documentStatus({ type: kind, protocol: protocol?.status }) === 'canceled',
    warnings,
    root,
  };
  return summary as unknown as CatalogSummary;
}

/** The authorization protocol of an nfeProc (the leaves of its infProt); undefined without one. */
function protocolOf(infProt: ((name: string) => string | undefined) | undefined): Summary['protocol'] {
  if (!infProt) return undefined;
  // Its fields undefined left in (JSON leaves them out): one shape (noteSummary).
  const p = {
    status: text(infProt('cStat')),
    reason: text(infProt('xMotivo')),
    number: text(infProt('nProt')),
    at: text(infProt('dhRecbto')),
  };
  return p.status || p.reason || p.number || p.at ? p : undefined;
}

/**
 * The text from the root element `<root>` on, when the lean pass reads it as the XML reader
 * does: UTF-8 (as declared, or nothing declared), the root closed at the end, none of UNFOLLOWED.
 * `decoded` false: `xml` is the bytes read as Latin-1 (the walk's), which cannot hold U+FFFD.
 */
export function followed(xml: string, root: string, decoded = true): string | undefined {
  const decl = DECLARATION.exec(xml);
  const encoding = decl && ENCODING.exec(decl[0])?.[1];
  if (encoding && !/^utf-?8$/i.test(encoding)) return undefined;
  const body = decl ? xml.slice(decl[0].length) : xml;
  if (openTag(body, root) !== 0 || !body.trimEnd().endsWith(`</${root}>`)) return undefined;
  if ((decoded && body.includes(REPLACEMENT)) || markup(body)) return undefined;
  for (let at = body.indexOf('&'); at !== -1; at = body.indexOf('&', at + 1)) {
    XML_ENTITY.lastIndex = at;
    if (!XML_ENTITY.test(body)) return undefined;
  }
  return body;
}

/**
 * Whether `<!` is in the text (CDATA, a comment, a DOCTYPE): looked for by its `!`, rare in these
 * files, rather than by its `<`, which a search would stop at every few characters.
 */
function markup(body: string): boolean {
  for (let at = body.indexOf('!'); at !== -1; at = body.indexOf('!', at + 1))
    if (body.charCodeAt(at - 1) === 60 /* < */) return true;
  return false;
}

/** nfeProc holds the note and its protocol, nothing else (events appended are the full reader's). */
function onlyNoteAndProtocol(body: string, root: string): boolean {
  return root === 'NFe' || holdsOnly(body, root, 'NFe', 'protNFe');
}

/** The root element `root` of `body` holds `<first>` then `<second>`, and nothing else but blanks. */
export function holdsOnly(body: string, root: string, first: string, second: string): boolean {
  // Each looked for after the one before: the text is crossed once. (A `<second>` inside the
  // first is not the root's; the summaries read the root's, the last.)
  const a = openTag(body, first);
  const aEnd = a === -1 ? -1 : closingTag(body, first, a);
  const b = aEnd === -1 ? -1 : openTag(body, second, aEnd);
  const bEnd = b === -1 ? -1 : closingTag(body, second, b);
  const end = body.trimEnd().length - `</${root}>`.length;
  const blank = (from: number, to: number) => from <= to && body.slice(from, to).trim() === '';
  return (
    a !== -1 &&
    aEnd !== -1 &&
    b !== -1 &&
    bEnd !== -1 &&
    blank(body.indexOf('>') + 1, a) &&
    blank(aEnd + first.length + 3, b) &&
    blank(bEnd + second.length + 3, end)
  );
}

/**
 * Every child of ICMSTot, in order; undefined when one is not a plain value (`<name>text</name>`
 * with blanks between them, read in one walk: a regex replacing each cost a tenth of the summary).
 */
function icmsTotals(s: Section | undefined): Record<string, string> | undefined {
  const totals: Record<string, string> = {};
  if (s === undefined) return totals;
  for (let at = skipBlanks(s, s.indexOf('>') + 1); at < s.length; at = skipBlanks(s, at)) {
    const close = s.indexOf('>', at);
    const name = s.slice(at + 1, close);
    if (s.charCodeAt(at) !== 60 /* < */ || close === -1 || !WORD.test(name)) return undefined;
    const end = s.indexOf('<', close);
    if (end === -1 || !closes(s, end, name)) return undefined;
    const t = text(s.slice(close + 1, end).trim());
    if (t !== undefined && !(name in totals)) totals[name] = decimal(t);
    at = end + name.length + 3;
  }
  return totals;
}

const WORD = /^\w+$/;

/** Whether `</name>` is at `at` (compared in place: no string built for it). */
const closes = (s: string, at: number, name: string): boolean =>
  s.charCodeAt(at + 1) === 47 /* / */ && s.startsWith(name, at + 2) && s.charCodeAt(at + 2 + name.length) === 62;

/** The index of the first character from `at` on that is not a blank (XML's or JS's trim's). */
function skipBlanks(s: string, at: number): number {
  while (at < s.length && s.charCodeAt(at) <= 32 && s[at]!.trim() === '') at++;
  return at;
}

function addLeaves(
  totals: Record<string, string>,
  leaf: (name: string) => string | undefined,
  names: readonly string[],
): void {
  for (const name of names) {
    const t = text(leaf(name));
    if (t !== undefined && !(name in totals)) totals[name] = decimal(t);
  }
}

export const text = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);

function party(s: Section | undefined, address: string): SummaryParty {
  const ender = section(s, address);
  return summaryParty(
    firstValue(s, SUMMARY_TAX_IDS),
    value(s, 'xNome'),
    value(ender, 'UF') ?? (ender === undefined ? value(s, 'UF') : undefined),
  );
}

/** The tags of a party's tax id in the summary: the first present is its. */
export const SUMMARY_TAX_IDS = ['CNPJ', 'CPF', 'idEstrangeiro', 'NIF'];

/** A party of the summary from its values (value() of scan.ts). */
export function summaryParty(
  taxIdValue: string | undefined,
  nameValue: string | undefined,
  ufValue: string | undefined,
): SummaryParty {
  // The empty ones undefined, which JSON leaves out: one shape (noteSummary).
  return { taxId: text(taxIdValue), name: text(nameValue), uf: text(ufValue) };
}

/** Distinct item CFOPs, by the value their items carry (largest first; ties in item order). */
function cfopsByValue(items: readonly ItemFacts[]): string[] | undefined {
  const cents = new Map<string, number>();
  for (const i of items) {
    if (!i.cfop) continue;
    cents.set(i.cfop, (cents.get(i.cfop) ?? 0) + (Math.round((i.value ?? 0) * 100) || 0));
  }
  if (cents.size === 0) return undefined;
  return [...cents].sort((a, b) => b[1] - a[1]).map(([cfop]) => cfop);
}
