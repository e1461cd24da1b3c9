// What `fiscal inspect` prints of an NF-e or NFC-e (docs/inspect.md), made by the catalog's lean
// pass from the text the pull holds, so that inspect of a pull folder reads the catalog, not the
// XML (a full parse costs some 2 ms a document, more than the pull spends on it).
//
// It must equal what the XML reader (src/fiscal/readers) gives, or be nothing: the file is then
// read by inspect as before. It is nothing for whatever this pass does not follow exactly: a root
// other than nfeProc or a bare NFe, anything in the nfeProc beside the note and its protocol (an
// event appended), another encoding than UTF-8, CDATA, comments, HTML entities, totals that are
// not plain values (test/unit/catalog/summary.test.ts compares the two on samples).
import { documentStatus, type StatusDocType } from '../../fiscal/doc-status.js';
import {
  compact,
  decimal,
  environment,
  inFieldOrder,
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
  addLeaves(totals, section(total, 'ISSQNtot'), ['vServ', 'vISS']);
  addLeaves(totals, section(total, 'ISTot'), ['vIS']);
  const ibscbs = section(total, 'IBSCBSTot');
  addLeaves(totals, section(ibscbs, 'gIBS'), ['vIBS']);
  addLeaves(totals, section(ibscbs, 'gCBS'), ['vCBS']);
  addLeaves(totals, total, ['vNFTot']);
  const key = keyFromId(attribute(inf, 'Id'));
  const model = text(value(ide, 'mod')) ?? modelOfKey(key);
  const summary: Summary = compact({
    kind: model === '65' ? 'nfce' : 'nfe',
    model,
    version: attribute(inf, 'versao') ?? attribute(body, 'versao'),
    key,
    series: text(value(ide, 'serie')),
    number: text(value(ide, 'nNF')),
    emittedAt: text(firstValue(ide, ['dhEmi', 'dEmi'])),
    environment: environment(text(value(ide, 'tpAmb'))),
    emitter: party(emit, 'enderEmit'),
    counterpart: receiver(dest),
    totals,
    itemCount: items.length,
    cfops: cfopsByValue(items),
    canceled: false,
    warnings: keyWarnings('access key', key),
  } satisfies Summary);
  if (root === 'nfeProc') settleProtocol(summary, section(prot, 'infProt'));
  return inFieldOrder({ ...summary, root } as DocumentSummary);
}

/**
 * The text from the root element `<root>` on, when the lean pass reads it as the XML reader
 * does: UTF-8 (as declared, or nothing declared), the root closed at the end, none of UNFOLLOWED.
 */
export function followed(xml: string, root: string): string | undefined {
  const decl = DECLARATION.exec(xml);
  const encoding = decl && ENCODING.exec(decl[0])?.[1];
  if (encoding && !/^utf-?8$/i.test(encoding)) return undefined;
  const body = decl ? xml.slice(decl[0].length) : xml;
  if (openTag(body, root) !== 0 || !body.trimEnd().endsWith(`</${root}>`)) return undefined;
  if (body.includes(REPLACEMENT) || markup(body)) return undefined;
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

function addLeaves(totals: Record<string, string>, s: Section | undefined, names: readonly string[]): void {
  for (const name of names) {
    const t = text(value(s, name));
    if (t !== undefined && !(name in totals)) totals[name] = decimal(t);
  }
}

export const text = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);

function party(s: Section | undefined, address: string): SummaryParty {
  const out: SummaryParty = {};
  const taxId = text(firstValue(s, ['CNPJ', 'CPF', 'idEstrangeiro', 'NIF']));
  const name = text(value(s, 'xNome'));
  const ender = section(s, address);
  const uf = text(value(ender, 'UF')) ?? (ender === undefined ? text(value(s, 'UF')) : undefined);
  if (taxId) out.taxId = taxId;
  if (name) out.name = name;
  if (uf) out.uf = uf;
  return out;
}

function receiver(dest: Section | undefined): Summary['counterpart'] {
  const p = party(dest, 'enderDest');
  return Object.keys(p).length > 0 ? { role: 'receiver', ...p } : {};
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

/** The authorization protocol of an nfeProc, and the status it gives the note. */
function settleProtocol(summary: Summary, infProt: Section | undefined): void {
  const p = compact({
    status: text(value(infProt, 'cStat')),
    reason: text(value(infProt, 'xMotivo')),
    number: text(value(infProt, 'nProt')),
    at: text(value(infProt, 'dhRecbto')),
  });
  if (Object.keys(p).length > 0) {
    summary.protocol = p;
    const protKey = text(value(infProt, 'chNFe'));
    if (protKey && summary.key && protKey !== summary.key)
      summary.warnings.push(`the protocol is for key ${protKey}, the document has ${summary.key}`);
  }
  summary.canceled =
    documentStatus({ type: summary.kind as StatusDocType, protocol: summary.protocol?.status }) === 'canceled';
}
