// One walk over the text of an NF-e or NFC-e, element by element, that notes where the values the
// catalog reads are (nfe-walk-facts.ts reads them): the pull's common case, at a fraction of the
// cost of the section pass (nfe.ts, nfe-summary.ts), whose searches crossed the same text once
// for each of some hundred values. It reads the bytes as Latin-1 (one character a byte, the tags
// are ASCII) and decodes as UTF-8 only the values that have other bytes.
//
// The section pass reads the first `<name>` anywhere in a section; the walk notes the first leaf
// of that name at any depth of the section, the same value wherever the element is where the
// layout puts it. Whatever could make the two differ stops the walk (undefined, and the section
// pass reads the file): a section's name anywhere but its place, a section twice, an nfeProc
// with more than its note and protocol (or without either), a value the
// section pass reads that is not a plain leaf, a closing tag that is not `</name>` of the element
// open, a self-closing element of a name the walk knows, ICMSTot not a flat list of plain values,
// a comment, CDATA or processing instruction (test/unit/catalog/nfe-walk.test.ts compares them).

/** The sections the walk knows: the kinds of element whose leaves it notes. */
export const enum Kind {
  None,
  Proc,
  Nfe,
  Inf,
  Ide,
  Emit,
  EnderEmit,
  Dest,
  EnderDest,
  Det,
  Prod,
  Imposto,
  Icms,
  Ipi,
  Pis,
  Cofins,
  IbsCbs,
  ItemCbs,
  Total,
  IcmsTot,
  IssqnTot,
  IsTot,
  IbsCbsTot,
  Gibs,
  Gcbs,
  Prot,
  InfProt,
}
const KINDS = Kind.InfProt + 1;

/** A section of each kind: its element's name, the kind it is found in, the leaves it reads. */
const SECTIONS: [kind: Kind, name: string, parent: Kind, leaves: string[]][] = [
  [Kind.Proc, 'nfeProc', Kind.None, []],
  [Kind.Nfe, 'NFe', Kind.Proc, []],
  [Kind.Inf, 'infNFe', Kind.Nfe, []],
  [Kind.Ide, 'ide', Kind.Inf, ['mod', 'serie', 'nNF', 'dhEmi', 'dEmi', 'tpAmb']],
  [Kind.Emit, 'emit', Kind.Inf, ['CNPJ', 'CPF', 'Cnpj', 'Cpf', 'idEstrangeiro', 'NIF', 'xNome', 'UF']],
  [Kind.EnderEmit, 'enderEmit', Kind.Emit, ['UF']],
  [Kind.Dest, 'dest', Kind.Inf, ['CNPJ', 'CPF', 'Cnpj', 'Cpf', 'idEstrangeiro', 'NIF', 'xNome', 'UF']],
  [Kind.EnderDest, 'enderDest', Kind.Dest, ['UF']],
  [Kind.Det, 'det', Kind.Inf, []],
  [Kind.Prod, 'prod', Kind.Det, ['cProd', 'xProd', 'NCM', 'CEST', 'CFOP', 'uCom', 'qCom', 'vUnCom', 'vProd', 'vDesc']],
  [Kind.Imposto, 'imposto', Kind.Det, []],
  [Kind.Icms, 'ICMS', Kind.Imposto, ['vICMS', 'vICMSST']],
  [Kind.Ipi, 'IPI', Kind.Imposto, ['vIPI']],
  [Kind.Pis, 'PIS', Kind.Imposto, ['vPIS']],
  [Kind.Cofins, 'COFINS', Kind.Imposto, ['vCOFINS']],
  [Kind.IbsCbs, 'IBSCBS', Kind.Imposto, ['vIBS']],
  [Kind.ItemCbs, 'gCBS', Kind.IbsCbs, ['vCBS']],
  [Kind.Total, 'total', Kind.Inf, ['vNFTot']],
  [Kind.IcmsTot, 'ICMSTot', Kind.Total, ['vNF', 'vProd', 'vDesc', 'vFrete', 'vICMS', 'vST', 'vIPI', 'vPIS', 'vCOFINS']],
  [Kind.IssqnTot, 'ISSQNtot', Kind.Total, ['vServ', 'vISS']],
  [Kind.IsTot, 'ISTot', Kind.Total, ['vIS']],
  [Kind.IbsCbsTot, 'IBSCBSTot', Kind.Total, []],
  [Kind.Gibs, 'gIBS', Kind.IbsCbsTot, ['vIBS']],
  [Kind.Gcbs, 'gCBS', Kind.IbsCbsTot, ['vCBS']],
  [Kind.Prot, 'protNFe', Kind.Proc, ['dhRecbto', 'cStat', 'nProt']],
  [Kind.InfProt, 'infProt', Kind.Prot, ['cStat', 'xMotivo', 'nProt', 'dhRecbto', 'chNFe']],
];

/** The kinds of an item (Det to ItemCbs): their slots are the item's, one set per det. */
const ITEM = new Uint8Array(KINDS).fill(1, Kind.Det, Kind.ItemCbs + 1);
/**
 * Sections the section pass looks for in the whole text: met anywhere but their place, the walk
 * stops. An event (infEvento) inside the proc is the section pass's wherever it is (eventsInside).
 */
const WHOLE_TEXT = new Set(['nfeProc', 'NFe', 'infNFe', 'ide', 'emit', 'dest', 'det', 'total', 'protNFe', 'infEvento']);
/** ICMSTot's usual children, kept as these strings rather than sliced from the text. */
const TOTAL_NAMES = [
  ...'vBC vICMSDeson vFCPUFDest vICMSUFDest vICMSUFRemet vFCP vBCST vFCPST vFCPSTRet vSeg vII'.split(' '),
  ...'vIPIDevol vOutro vTotTrib qBCMono vICMSMono qBCMonoReten vICMSMonoReten qBCMonoRet vICMSMonoRet'.split(' '),
];

// Every name the walk knows gets an id: leaves first (their ids index the slot tables), then sections.
const NAMES: string[] = [''];
const idOf = new Map<string, number>();
const named = (name: string): number => idOf.get(name) ?? (idOf.set(name, NAMES.push(name) - 1), NAMES.length - 1);
for (const [, , , leaves] of SECTIONS) leaves.forEach(named);
for (const name of TOTAL_NAMES) named(name);
export const LEAVES = NAMES.length;
for (const [, name] of SECTIONS) named(name);
named('infEvento');

/** slot of leaf id `l` in a section of kind `k` (SLOT[k * LEAVES + l]), -1 where it reads none. */
export const SLOT = new Int8Array(KINDS * LEAVES).fill(-1);
/** The kind a section named `id` is in a section of kind `k` (SUB[k * NAMES.length + id]). */
const SUB = new Uint8Array(KINDS * NAMES.length);
/** The kinds a section named `id` is looked for in, a bit each (PARENTS[id]). */
const PARENTS = new Int32Array(NAMES.length);
/** Where a kind's slots start: in the document's, or in its item's (ITEM_KINDS). */
export const BASE = new Int32Array(KINDS);
let docSlots = 0;
let itemSlots = 0;
for (const [kind, name, parent, leaves] of SECTIONS) {
  SUB[parent * NAMES.length + idOf.get(name)!] = kind;
  PARENTS[idOf.get(name)!]! |= 1 << parent;
  if (ITEM[kind]) {
    BASE[kind] = itemSlots;
    itemSlots += leaves.length;
  } else {
    BASE[kind] = docSlots;
    docSlots += leaves.length;
  }
  leaves.forEach((leaf, slot) => (SLOT[kind * LEAVES + idOf.get(leaf)!] = slot));
}
export const DOC_SLOTS = docSlots;
/** Whether a section reads the leaf of id `id`. */
const WANTED = new Uint8Array(NAMES.length);
for (let id = 0; id < LEAVES; id++) for (let k = 0; k < KINDS; k++) if (SLOT[k * LEAVES + id] !== -1) WANTED[id] = 1;
export const ITEM_SLOTS = itemSlots;
export const leafId = (name: string): number => idOf.get(name)!;
const NFE = idOf.get('NFe')!;
const PROT_NFE = idOf.get('protNFe')!;

// Names looked up by a hash of their characters, computed as the walk reads them: no string is
// made of a name it does not know. The table is kept small (2.5 KB with HASH), to stay in the
// caches that the thread's SQLite work shares with it between two documents.
const TABLE_SIZE = 512;
const TABLE = new Uint8Array(TABLE_SIZE);
const hashOf = (name: string): number => {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (Math.imul(h, 31) + name.charCodeAt(i)) | 0;
  return h;
};
/** The hash of the name of each entry of TABLE. */
const HASH = new Int32Array(TABLE_SIZE);
if (NAMES.length > 255) throw new Error('TABLE holds ids below 256');
for (let id = 1; id < NAMES.length; id++) {
  let i = hashOf(NAMES[id]!) & (TABLE_SIZE - 1);
  while (TABLE[i] !== 0) i = (i + 1) & (TABLE_SIZE - 1);
  TABLE[i] = id;
  HASH[i] = hashOf(NAMES[id]!);
}
/** The characters of every name, one after the other, and where each name's start (NAME_AT[id]). */
const NAME_CODES = Buffer.from(NAMES.join(''), 'latin1');
const NAME_AT = NAMES.map((_, id) => NAMES.slice(0, id).join('').length);

/** The characters of `\w`. */
const WORD = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_') WORD[c.charCodeAt(0)] = 1;

/** Where the walk found things: ranges [start, end) of the text, -1 where absent (valid until the next walk). */
export interface Walk {
  /** Leaf text ranges, two numbers a slot: the document's from 0, each item's from ITEM_SLOTS*2*i on. */
  doc: Int32Array;
  items: Int32Array;
  itemCount: number;
  /** Each det's opening tag's range, two numbers an item. */
  detTags: number[];
  /** The opening tag of infNFe. */
  infTag: [number, number] | undefined;
  /** ICMSTot's children: name (a known string, or its range), text range, in order; undefined without ICMSTot. */
  icmsTot: (string | number)[] | undefined;
  /** Whether each section kind was met. */
  met: Uint8Array;
}

class Stop extends Error {}
const stop = (): never => {
  throw new Stop();
};

// The walk's stacks, reused from one document to the next (a pull reads one at a time).
const DEPTH = 64;
const elStart = new Int32Array(DEPTH);
const elLen = new Int32Array(DEPTH);
const elKind = new Uint8Array(DEPTH);
const secKind = new Uint8Array(DEPTH);
const secBase = new Int32Array(DEPTH);

/**
 * The walk of the last document, reused by the next: its facts are read from it before another
 * is walked (a pull reads one document at a time on its thread).
 */
const WALK: Walk = {
  doc: new Int32Array(DOC_SLOTS * 2),
  items: new Int32Array(ITEM_SLOTS * 2 * 16),
  itemCount: 0,
  detTags: [],
  infTag: undefined,
  icmsTot: undefined,
  met: new Uint8Array(KINDS),
};

const blank = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/**
 * The walk of the root element `<rootName>` that starts at `from` in `xml` and ends the text (but
 * for blanks); undefined where it stops.
 */
export function walkNote(xml: string, b: Uint8Array, from: number, rootName: string): Walk | undefined {
  try {
    return walk(xml, b, from, rootName);
  } catch (error) {
    if (error instanceof Stop) return undefined;
    throw error;
  }
}

function walk(xml: string, b: Uint8Array, from: number, rootName: string): Walk {
  const w = WALK;
  w.doc.fill(-1);
  w.itemCount = 0;
  w.detTags.length = 0;
  w.infTag = undefined;
  w.icmsTot = undefined;
  w.met.fill(0);
  const stride = NAMES.length;
  let depth = 0;
  let sections = 0;
  /** The kinds of the sections open, a bit each. */
  let open = 0;
  let itemBase = -1;
  let at = from;
  for (;;) {
    const lt = nextTag(xml, b, at);
    if (lt === -1) stop();
    // Blanks only between ICMSTot's values (icmsTotals) and an nfeProc's note and protocol (holdsOnly).
    if (depth > 0 && (elKind[depth - 1] === Kind.IcmsTot || elKind[depth - 1] === Kind.Proc))
      for (let i = at; i < lt; i++) if (!blank(b[i]!)) stop();
    const c = b[lt + 1];
    if (c === 47 /* / */) {
      if (depth === 0) stop();
      const len = elLen[--depth]!;
      if (!same(b, elStart[depth]!, lt + 2, len) || b[lt + 2 + len] !== 62) stop();
      if (elKind[depth] !== Kind.None) open &= ~(1 << secKind[--sections]!);
      at = lt + 3 + len;
      if (depth === 0) {
        // The root closed: nothing but blanks after it.
        for (let i = at; i < xml.length; i++) if (!blank(b[i]!)) stop();
        if (rootName === 'nfeProc' && w.met[Kind.Prot] === 0) stop();
        return w;
      }
      continue;
    }
    // A name: its hash as it is read, and its id where the walk knows it.
    let end = lt + 1;
    let h = 0;
    // Up to what ends it: a name with other characters than names have is no name the walk knows.
    let t = b[end]!;
    for (; t !== 62 && t > 32 && t !== 47; t = b[++end]!) h = (Math.imul(h, 31) + t) | 0;
    const len = end - lt - 1;
    if (len === 0 || !(t === 62 || t === 32 || t === 9 || t === 10 || t === 13 || t === 47)) stop();
    const gt = t === 62 ? end : xml.indexOf('>', end);
    if (gt === -1) stop();
    let id = 0;
    for (let i = h & (TABLE_SIZE - 1); TABLE[i] !== 0; i = (i + 1) & (TABLE_SIZE - 1))
      if (HASH[i] === h && sameName(b, lt + 1, TABLE[i]!, len)) {
        id = TABLE[i]!;
        break;
      }
    if (depth === 0 && id < LEAVES) stop();
    const parent = depth > 0 ? elKind[depth - 1]! : Kind.None;
    // An nfeProc holds its note, then its protocol, and nothing else (holdsOnly of nfe-summary.ts).
    if (parent === Kind.Proc && !(w.met[Kind.Nfe] === 0 ? id === NFE : id === PROT_NFE && w.met[Kind.Prot] === 0))
      stop();
    const inner = sections > 0 ? secKind[sections - 1]! : Kind.None;
    if (parent === Kind.IcmsTot && (t !== 62 || !isWord(b, lt + 1, end))) stop();
    if (b[gt - 1] === 47 /* / */) {
      // Self-closing: nothing for the walk, if it is nothing the section pass reads.
      if (id !== 0 || parent === Kind.IcmsTot) stop();
      at = gt + 1;
      continue;
    }
    if (id >= LEAVES) {
      // A section: in its place, the first there (det: each), or the walk stops.
      const kind = (
        depth === 0 ? (id === idOf.get(rootName) ? rootKind(rootName) : 0) : SUB[inner * stride + id]!
      ) as Kind;
      if (kind === Kind.None) {
        // Elsewhere than where the section pass looks for it, it is an element like any other.
        if (WHOLE_TEXT.has(NAMES[id]!) || (PARENTS[id]! & open) !== 0) stop();
      } else {
        if (kind !== Kind.Det && w.met[kind] !== 0) stop();
        if (kind === Kind.Det) {
          itemBase = w.itemCount++ * ITEM_SLOTS * 2;
          if (itemBase + ITEM_SLOTS * 2 > w.items.length) w.items = grown(w.items);
          w.items.fill(-1, itemBase, itemBase + ITEM_SLOTS * 2);
          w.detTags.push(lt, gt + 1);
          w.met.fill(0, Kind.Det + 1, Kind.ItemCbs + 1);
        }
        if (kind === Kind.Inf) w.infTag = [lt, gt + 1];
        if (kind === Kind.IcmsTot) w.icmsTot = [];
        w.met[kind] = 1;
        open |= 1 << kind;
        secKind[sections] = kind;
        secBase[sections++] = ITEM[kind] ? itemBase + BASE[kind]! * 2 : BASE[kind]! * 2;
      }
      push(depth++, lt + 1, len, kind);
      at = gt + 1;
      continue;
    }
    // A leaf, or an element the walk goes into.
    const next = nextTag(xml, b, gt + 1);
    const leaf = next !== -1 && b[next + 1] === 47 && same(b, lt + 1, next + 2, len) && b[next + 2 + len] === 62;
    if (parent === Kind.IcmsTot) {
      if (!leaf) stop();
      w.icmsTot!.push(id !== 0 && id < LEAVES ? NAMES[id]! : lt + 1, len, gt + 1, next);
    }
    if (WANTED[id] === 1) {
      for (let s = 0; s < sections; s++) {
        const slot = SLOT[secKind[s]! * LEAVES + id]!;
        if (slot === -1) continue;
        const store = ITEM[secKind[s]!] ? w.items : w.doc;
        const i = secBase[s]! + slot * 2;
        if (store[i] !== -1) continue;
        // A value the section pass reads: a plain leaf, or it would read the element's markup.
        if (!leaf) stop();
        store[i] = gt + 1;
        store[i + 1] = next;
      }
    }
    if (leaf) at = next + 3 + len;
    else {
      push(depth++, lt + 1, len, Kind.None);
      at = gt + 1;
    }
  }
}

/**
 * The next `<` from `from`: looked for byte by byte over the few characters a value or the gap
 * between two tags has, which costs less than a call of indexOf; by indexOf beyond them.
 */
function nextTag(xml: string, b: Uint8Array, from: number): number {
  const near = Math.min(from + 24, b.length);
  for (let i = from; i < near; i++) if (b[i] === 60) return i;
  return near === b.length ? -1 : xml.indexOf('<', near);
}

const rootKind = (name: string): Kind => (name === 'nfeProc' ? Kind.Proc : Kind.Nfe);

function push(depth: number, start: number, len: number, kind: Kind): void {
  if (depth >= DEPTH) stop();
  elStart[depth] = start;
  elLen[depth] = len;
  elKind[depth] = kind;
}

function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** Whether the name of `len` characters at `a` is the one of `id`. */
function sameName(bytes: Uint8Array, a: number, id: number, len: number): boolean {
  if (NAMES[id]!.length !== len) return false;
  const b = NAME_AT[id]!;
  for (let i = 0; i < len; i++) if (bytes[a + i] !== NAME_CODES[b + i]) return false;
  return true;
}

/** Whether `\w` has every character of [a, b). */
function isWord(bytes: Uint8Array, a: number, b: number): boolean {
  for (let i = a; i < b; i++) if (WORD[bytes[i]!] !== 1) return false;
  return true;
}

/** Whether the `len` characters at `a` and `b` are the same. */
function same(bytes: Uint8Array, a: number, b: number, len: number): boolean {
  for (let i = 0; i < len; i++) if (bytes[a + i] !== bytes[b + i]) return false;
  return true;
}
