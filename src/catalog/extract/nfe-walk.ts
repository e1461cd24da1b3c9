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

import {
  Kind,
  KINDS,
  ITEM,
  WHOLE_TEXT,
  NAMES,
  idOf,
  LEAVES,
  SLOT,
  SUB,
  PARENTS,
  BASE,
  DOC_SLOTS,
  ITEM_SLOTS,
  WANTED,
  NFE,
  PROT_NFE,
  TABLE_SIZE,
  TABLE,
  HASH,
  sameName,
  isWord,
} from './nfe-walk-names.js';
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
// Given its items' array a second time now: V8 takes a field never stored again for a constant,
// and the first note of more than 16 items (grown) threw away the optimized walk and the
// functions that read it ('code dependencies'), to be compiled again (some 50 ms each).
WALK.items = new Int32Array(WALK.items.length);

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

/** Whether the `len` characters at `a` and `b` are the same. */
function same(bytes: Uint8Array, a: number, b: number, len: number): boolean {
  for (let i = 0; i < len; i++) if (bytes[a + i] !== bytes[b + i]) return false;
  return true;
}
