// The catalog's facts and summary of an NF-e or NFC-e from one walk over its bytes (nfe-walk.ts):
// what nfe.ts and nfe-summary.ts give, value for value, for the notes the walk reads, and
// undefined for the others (the section pass reads them). Numbers are read from the characters
// of their values, without a string made of them; a value is decoded as UTF-8 only where it has
// bytes beyond ASCII.
import { isUtf8 } from 'node:buffer';
import { amount, type DocumentFacts, type ItemFacts } from '../facts.js';
import { mainCfop } from './nfe.js';
import { followed, noteSummary, SUMMARY_TAX_IDS, summaryParty, text } from './nfe-summary.js';
import { walkNote, type Walk } from './nfe-walk.js';
import { BASE, DOC_SLOTS, ITEM_SLOTS, Kind, LEAVES, leafId, SLOT } from './nfe-walk-names.js';
import { attribute, entitiesDecoded } from './scan.js';
import { decimal } from '../../fiscal/readers/common.js';
import { itemOf, itemTaxesOf, totalsOf } from './fact-literals.js';

/** The index of leaf `name` of a section of `kind` in its walk's slots (doc, or an item's). */
const at = (kind: Kind, name: string): number => (BASE[kind]! + SLOT[kind * LEAVES + leafId(name)]!) * 2;
const ITEM_SLOT_STRIDE = ITEM_SLOTS * 2;

const IDE = Object.fromEntries(['mod', 'serie', 'nNF', 'dhEmi', 'dEmi', 'tpAmb'].map((n) => [n, at(Kind.Ide, n)]));
const FACT_TAX_IDS = ['CNPJ', 'CPF', 'Cnpj', 'Cpf', 'idEstrangeiro'];
const partySlots = (kind: Kind, ender: Kind) => ({
  facts: FACT_TAX_IDS.map((n) => at(kind, n)),
  summary: SUMMARY_TAX_IDS.map((n) => at(kind, n)),
  name: at(kind, 'xNome'),
  uf: at(kind, 'UF'),
  enderUf: at(ender, 'UF'),
  ender,
});
const EMIT = partySlots(Kind.Emit, Kind.EnderEmit);
const DEST = partySlots(Kind.Dest, Kind.EnderDest);
const ICMS_TOTALS = ['vNF', 'vProd', 'vDesc', 'vFrete', 'vICMS', 'vST', 'vIPI', 'vPIS', 'vCOFINS'].map((n) =>
  at(Kind.IcmsTot, n),
);
const TOTAL_ISS = at(Kind.IssqnTot, 'vISS');
const TOTAL_IBS = at(Kind.Gibs, 'vIBS');
const TOTAL_CBS = at(Kind.Gcbs, 'vCBS');
const MORE = [
  [Kind.IssqnTot, ['vServ', 'vISS']],
  [Kind.IsTot, ['vIS']],
  [Kind.Gibs, ['vIBS']],
  [Kind.Gcbs, ['vCBS']],
  [Kind.Total, ['vNFTot']],
] as const;
const MORE_SLOTS = MORE.map(([kind, names]) => new Map<string, number>(names.map((n) => [n, at(kind, n)])));
const PROT = ['dhRecbto', 'cStat', 'nProt'].map((n) => at(Kind.Prot, n));
const INF_PROT = new Map(['cStat', 'xMotivo', 'nProt', 'dhRecbto', 'chNFe'].map((n) => [n, at(Kind.InfProt, n)]));
const PROD = ['cProd', 'xProd', 'NCM', 'CEST', 'CFOP', 'uCom', 'qCom', 'vUnCom', 'vProd', 'vDesc'].map((n) =>
  at(Kind.Prod, n),
);
const ITEM_TAXES = [
  at(Kind.Icms, 'vICMS'),
  at(Kind.Icms, 'vICMSST'),
  at(Kind.Ipi, 'vIPI'),
  at(Kind.Pis, 'vPIS'),
  at(Kind.Cofins, 'vCOFINS'),
  at(Kind.IbsCbs, 'vIBS'),
  at(Kind.ItemCbs, 'vCBS'),
];

/** What documentText (scan.ts) decodes as Latin-1: left to the section pass. */
const LATIN1_HEAD = /encoding=["'](iso-8859-1|latin1|windows-1252)["']/i;

/** The facts (with the summary) of the NF-e or NFC-e in `bytes`, where the walk reads it; else undefined. */
export function walkedNoteFacts(bytes: Uint8Array): DocumentFacts | undefined {
  if (bytes[0] !== 60 /* < */) return undefined;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  // Invalid UTF-8 is decoded with replacement characters, which the section pass reads its way.
  if (!isUtf8(buf)) return undefined;
  const xml = buf.toString('latin1');
  // Declared Latin-1, prefixed (documentText's cases), or with U+FFFD (which no summary follows): the section pass's.
  if (LATIN1_HEAD.test(xml.slice(0, 100)) || xml.includes(':infNFe') || xml.includes('\xEF\xBF\xBD')) return undefined;
  let root = 'nfeProc';
  let body = followed(xml, root, false);
  if (body === undefined) body = followed(xml, (root = 'NFe'), false);
  // (An nfeProc holding only the note and its protocol, holdsOnly of nfe-summary.ts: the walk checks it.)
  if (body === undefined) return undefined;
  const from = xml.length - body.length;
  const w = walkNote(xml, bytes, from, root);
  if (w === undefined || w.infTag === undefined) return undefined;
  return VALUES.of(xml, buf, w).facts(root, tag(xml, buf, from, body.indexOf('>') + 1 + from));
}

/**
 * The text of [a, b): as sliced where it is ASCII, else decoded from the bytes as UTF-8. A string of
 * its own, never a slice of 13 characters or more, which would keep the whole text alive in V8
 * while the value outlives it (a shared catalog's commit encodes all its rows at once).
 */
function tag(xml: string, buf: Buffer, a: number, b: number): string {
  for (let i = a; i < b; i++) if (xml.charCodeAt(i) > 127) return buf.toString('utf8', a, b);
  return b - a < 13 ? xml.slice(a, b) : buf.toString('latin1', a, b);
}

/** Whether [a, b) is digits, maybe a point and more digits, and short (sliced as a copy). */
function plainDecimal(xml: string, a: number, b: number): boolean {
  if (b - a >= 13 || b === a) return false;
  let dot = false;
  for (let i = a; i < b; i++) {
    const c = xml.charCodeAt(i);
    if (c === 46 && !dot && i > a && i < b - 1) dot = true;
    else if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Number(attribute(det, 'nItem')) of `<det nItem="12">` read from its digits, else by attribute(). */
function itemNumber(det: string): number {
  const last = det.length - 3;
  if (!det.startsWith('<det nItem="') || !det.endsWith('">') || last < 12) return Number(attribute(det, 'nItem'));
  let n = 0;
  for (let i = 12; i <= last; i++) {
    const c = det.charCodeAt(i);
    if (c < 48 || c > 57 || i - 12 > 8) return Number(attribute(det, 'nItem'));
    n = n * 10 + c - 48;
  }
  return n;
}

/**
 * The values of the note being read: one object for every note, as the walk (WALK of nfe-walk.ts).
 * An object made for each note took its shape from transitions that V8 keeps only while an object
 * has it: none lived at a full collection of the catalog's thread (after most commits), and every
 * optimized function that had read one (facts, item, amount, value...) was thrown away with the
 * shape, to be compiled again (a compile of tens of ms each, on the process's one compiling
 * thread). It keeps the last note's text until the next.
 */
class Values {
  private xml = '';
  private buf!: Buffer;
  private w!: Walk;
  /** The document's values read (its facts and its summary read several twice). */
  private readonly memo: (string | undefined | null)[] = new Array<null>(DOC_SLOTS).fill(null);

  /** Itself, reading the note of `xml` (its bytes `buf`) as walked in `w`. */
  of(xml: string, buf: Buffer, w: Walk): this {
    this.xml = xml;
    this.buf = buf;
    this.w = w;
    this.memo.fill(null);
    return this;
  }

  /** value() of a slot of the document. */
  docValue(i: number): string | undefined {
    const v = this.memo[i >> 1];
    return v !== null ? v : (this.memo[i >> 1] = this.value(this.w.doc, i));
  }

  /** value() of scan.ts: trimmed, entities decoded (trim's slice keeps only the value's own string). */
  value(store: Int32Array, i: number): string | undefined {
    const a = store[i]!;
    if (a === -1) return undefined;
    const b = store[i + 1]!;
    // The common value, ASCII without blanks at its ends or `&`, sliced as it is: one look at it.
    const xml = this.xml;
    let plain = a < b && xml.charCodeAt(a) > 32 && xml.charCodeAt(b - 1) > 32;
    for (let k = a; plain && k < b; k++) {
      const c = xml.charCodeAt(k);
      plain = c < 128 && c !== 38;
    }
    if (plain) return b - a < 13 ? xml.slice(a, b) : this.buf.toString('latin1', a, b);
    const v = this.raw(a, b);
    return v.includes('&') ? entitiesDecoded(v) : v;
  }

  /** The trimmed text of [a, b), entities as written. */
  raw(a: number, b: number): string {
    return tag(this.xml, this.buf, a, b).trim();
  }

  /** amount(value()): a plain decimal read from its characters (m / 10^k is the double Number() gives). */
  amount(store: Int32Array, i: number): number | undefined {
    const a = store[i]!;
    if (a === -1) return undefined;
    const b = store[i + 1]!;
    const xml = this.xml;
    let k = a;
    const negative = xml.charCodeAt(k) === 45;
    if (negative) k++;
    let m = 0;
    let digits = 0;
    let scale = 1;
    let dot = false;
    for (; k < b; k++) {
      const c = xml.charCodeAt(k);
      if (c >= 48 && c <= 57) {
        m = m * 10 + (c - 48);
        digits++;
        if (dot) scale *= 10;
      } else if (c === 46 && !dot && digits > 0) dot = true;
      else break;
    }
    if (k < b || digits === 0 || digits > 15 || (dot && scale === 1)) return amount(this.value(store, i));
    return negative ? -(m / scale) : m / scale;
  }

  facts(root: string, rootTag: string): DocumentFacts {
    const { w } = this;
    const doc = w.doc;
    const items: ItemFacts[] = [];
    for (let n = 0; n < w.itemCount; n++) items.push(this.item(n));
    // Each read into its field, not through an array: an array of the amounts changes its kind
    // (small integers, doubles, with undefined) from one note to the next, and each change threw
    // away this function's optimized code (compiled again at some 50 ms each, four times a pull).
    const icms = (k: number) => this.amount(doc, ICMS_TOTALS[k]!);
    const totals = totalsOf(
      icms(0),
      icms(1),
      icms(2),
      icms(3),
      icms(4),
      icms(5),
      icms(6),
      icms(7),
      icms(8),
      this.amount(doc, TOTAL_ISS),
      this.amount(doc, TOTAL_IBS),
      this.amount(doc, TOTAL_CBS),
    );
    const ide = (name: string) => this.docValue(IDE[name]!);
    const infTag = tag(this.xml, this.buf, w.infTag![0], w.infTag![1]);
    return {
      model: ide('mod'),
      series: ide('serie'),
      number: ide('nNF'),
      emittedAt: ide('dhEmi') ?? ide('dEmi'),
      authorizedAt: this.docValue(PROT[0]!),
      protocolStatus: this.docValue(PROT[1]!),
      protocolNumber: this.docValue(PROT[2]!),
      emitter: this.party(EMIT),
      receiver: this.party(DEST),
      cfop: mainCfop(items),
      totals,
      canceledInXml: false,
      eventsInXml: [],
      items,
      summary: noteSummary({
        root,
        id: attribute(infTag, 'Id'),
        version: attribute(infTag, 'versao') ?? attribute(rootTag, 'versao'),
        ide,
        emitter: this.summaryParty(EMIT),
        receiver: this.summaryParty(DEST),
        totals: this.icmsTotals(),
        more: MORE_SLOTS.map((slots) => (name: string) => this.docValue(slots.get(name)!)),
        items,
        infProt: w.met[Kind.InfProt] ? (name: string) => this.docValue(INF_PROT.get(name)!) : undefined,
      }),
    };
  }

  private first(slots: number[]): string | undefined {
    for (const i of slots) {
      const v = this.docValue(i);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  private party(p: typeof EMIT): DocumentFacts['emitter'] {
    return { taxId: this.first(p.facts), name: this.docValue(p.name), uf: this.docValue(p.enderUf) };
  }

  private summaryParty(p: typeof EMIT) {
    const uf = this.docValue(p.enderUf) ?? (this.w.met[p.ender] ? undefined : this.docValue(p.uf));
    return summaryParty(this.first(p.summary), this.docValue(p.name), uf);
  }

  /** icmsTotals of nfe-summary.ts from ICMSTot's children as the walk listed them. */
  private icmsTotals(): Record<string, string> {
    const totals: Record<string, string> = {};
    const list = this.w.icmsTot ?? [];
    for (let n = 0; n < list.length; n += 4) {
      const name = list[n]!;
      const key = typeof name === 'string' ? name : this.xml.slice(name, name + (list[n + 1] as number));
      if (key in totals) continue;
      const [a, b] = [list[n + 2] as number, list[n + 3] as number];
      // `123.45` as written is what decimal() gives of it: no pattern tried.
      if (plainDecimal(this.xml, a, b)) totals[key] = this.xml.slice(a, b);
      else {
        const t = text(this.raw(a, b));
        if (t !== undefined) totals[key] = decimal(t);
      }
    }
    return totals;
  }

  private item(n: number): ItemFacts {
    const { w } = this;
    const s = w.items;
    const base = n * ITEM_SLOT_STRIDE;
    const detTag = tag(this.xml, this.buf, w.detTags[n * 2]!, w.detTags[n * 2 + 1]!);
    const v = (k: number) => this.value(s, base + PROD[k]!);
    const num = (i: number) => this.amount(s, base + i);
    return itemOf(
      itemNumber(detTag) || n + 1,
      v(0),
      v(1),
      v(2),
      v(3),
      v(4),
      v(5),
      num(PROD[6]!),
      num(PROD[7]!),
      num(PROD[8]!),
      num(PROD[9]!),
      itemTaxesOf(
        num(ITEM_TAXES[0]!),
        num(ITEM_TAXES[1]!),
        num(ITEM_TAXES[2]!),
        num(ITEM_TAXES[3]!),
        num(ITEM_TAXES[4]!),
        num(ITEM_TAXES[5]!),
        num(ITEM_TAXES[6]!),
      ),
    );
  }
}

const VALUES = new Values();
