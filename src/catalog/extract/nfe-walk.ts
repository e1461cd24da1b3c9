// One walk over the text of an NF-e or NFC-e, element by element, that notes where the values the
// catalog reads are (nfe-walk-facts.ts reads them): the pull's common case, at a fraction of the
// cost of the section pass (nfe.ts, nfe-summary.ts), whose searches crossed the same text once
// for each of some hundred values. Its tags are read by the walk the DANFe's reader shares
// (../../fiscal/tag-walk.ts), unchecked: names and attributes as the section pass takes them.
//
// The section pass reads the first `<name>` anywhere in a section; the walk notes the first leaf
// of that name at any depth of the section, the same value wherever the element is where the
// layout puts it. Whatever could make the two differ stops the walk (undefined, and the section
// pass reads the file): a section's name anywhere but its place, a section twice, an nfeProc
// with more than its note and protocol (or without either), a value the
// section pass reads that is not a plain leaf, a closing tag that is not `</name>` of the element
// open, a self-closing element of a name the walk knows, ICMSTot not a flat list of plain values,
// a comment, CDATA or processing instruction (test/unit/catalog/nfe-walk.test.ts compares them).

import { CLOSE, EMPTY, LEAF, OPEN, TagWalk } from '../../fiscal/tag-walk.js';
import {
  Kind,
  KINDS,
  ITEM,
  WHOLE_TEXT,
  NAMES,
  LEAVES,
  SLOT,
  SUB,
  PARENTS,
  BASE,
  DOC_SLOTS,
  ITEM_SLOTS,
  WANTED,
  NFE,
  NFE_PROC,
  PROT_NFE,
  TABLE,
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

// The walk's stacks, reused from one document to the next (a pull reads one at a time): by depth,
// the kind of each open element (None: no section); by section open, its kind and its slots' start.
const DEPTH = 64;
const elKind = new Uint8Array(DEPTH);
const secKind = new Uint8Array(DEPTH);
const secBase = new Int32Array(DEPTH);
const TAGS = new TagWalk(TABLE, false);

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

/**
 * The walk of the root element `<rootName>` that starts at `from` in `xml` and ends the text (but
 * for blanks); undefined where it stops.
 */
export function walkNote(xml: string, b: Uint8Array, from: number, rootName: string): Walk | undefined {
  try {
    return walk(TAGS.reset(b, xml, from), rootName === 'nfeProc' ? Kind.Proc : Kind.Nfe);
  } catch (error) {
    if (error instanceof Stop) return undefined;
    throw error;
  }
}

function walk(s: TagWalk, root: Kind.Proc | Kind.Nfe): Walk {
  const w = WALK;
  w.doc.fill(-1);
  w.itemCount = 0;
  w.detTags.length = 0;
  w.infTag = undefined;
  w.icmsTot = undefined;
  w.met.fill(0);
  const b = s.bytes;
  const stride = NAMES.length;
  let sections = 0;
  /** The kinds of the sections open, a bit each. */
  let open = 0;
  let itemBase = -1;
  for (;;) {
    if (!s.next()) stop();
    const tag = s.kind;
    /** Elements open before this tag (for a closing tag, its element's among them). */
    const depth = tag === OPEN ? s.depth - 1 : tag === CLOSE ? s.depth + 1 : s.depth;
    const parent = depth > 0 ? elKind[depth - 1]! : Kind.None;
    // Blanks only between ICMSTot's values (icmsTotals) and an nfeProc's note and protocol (holdsOnly).
    if ((parent === Kind.IcmsTot || parent === Kind.Proc) && !s.blank(s.textStart, s.textEnd)) stop();
    if (tag === CLOSE) {
      // `</name >`: the section pass looks for `</name>`.
      if (s.gt !== s.nameEnd) stop();
      if (parent !== Kind.None) open &= ~(1 << secKind[--sections]!);
      if (s.depth === 0) {
        // The root closed: nothing but blanks after it.
        if (!s.blank(s.at, b.length)) stop();
        if (root === Kind.Proc && w.met[Kind.Prot] === 0) stop();
        return w;
      }
      continue;
    }
    const id = s.id;
    if (depth === 0 && id < LEAVES) stop();
    // An nfeProc holds its note, then its protocol, and nothing else (holdsOnly of nfe-summary.ts).
    if (parent === Kind.Proc && !(w.met[Kind.Nfe] === 0 ? id === NFE : id === PROT_NFE && w.met[Kind.Prot] === 0))
      stop();
    if (parent === Kind.IcmsTot && (s.gt !== s.nameEnd || !isWord(b, s.nameStart, s.nameEnd))) stop();
    if (tag === EMPTY) {
      // Self-closing: nothing for the walk, if it is nothing the section pass reads.
      if (id !== 0 || parent === Kind.IcmsTot) stop();
      continue;
    }
    const leaf = tag === LEAF;
    if (id >= LEAVES) {
      // A section: in its place, the first there (det: each), or the walk stops.
      const inner = sections > 0 ? secKind[sections - 1]! : Kind.None;
      const kind = (
        depth === 0 ? (id === (root === Kind.Proc ? NFE_PROC : NFE) ? root : 0) : SUB[inner * stride + id]!
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
          w.detTags.push(s.lt, s.gt + 1);
          w.met.fill(0, Kind.Det + 1, Kind.ItemCbs + 1);
        }
        if (kind === Kind.Inf) w.infTag = [s.lt, s.gt + 1];
        if (kind === Kind.IcmsTot) {
          w.icmsTot = [];
          // Text alone in ICMSTot: the blanks between its values, checked as its closing tag's.
          if (leaf && !s.blank(s.valueStart, s.valueEnd)) stop();
        }
        w.met[kind] = 1;
        if (!leaf) {
          open |= 1 << kind;
          secKind[sections] = kind;
          secBase[sections++] = ITEM[kind] ? itemBase + BASE[kind]! * 2 : BASE[kind]! * 2;
        }
      }
      if (!leaf) elKind[depth] = kind;
      continue;
    }
    // A leaf, or an element the walk goes into.
    if (parent === Kind.IcmsTot) {
      if (!leaf) stop();
      w.icmsTot!.push(id !== 0 ? NAMES[id]! : s.nameStart, s.nameEnd - s.nameStart, s.valueStart, s.valueEnd);
    }
    if (WANTED[id] === 1) {
      for (let k = 0; k < sections; k++) {
        const slot = SLOT[secKind[k]! * LEAVES + id]!;
        if (slot === -1) continue;
        const store = ITEM[secKind[k]!] ? w.items : w.doc;
        const i = secBase[k]! + slot * 2;
        if (store[i] !== -1) continue;
        // A value the section pass reads: a plain leaf, or it would read the element's markup.
        if (!leaf) stop();
        store[i] = s.valueStart;
        store[i + 1] = s.valueEnd;
      }
    }
    if (!leaf) elKind[depth] = Kind.None;
  }
}

function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
