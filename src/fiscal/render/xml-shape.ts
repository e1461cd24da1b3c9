// An XML file's elements read by a tree of shapes made for one document (nfe-read.ts: an
// nfeProc's NF-e), straight from its UTF-8 bytes in one pass (../tag-walk.ts): the elements a shape
// names, by where they sit, and nothing else; no tree of the file, no string of each element.
// Each value is read as the readers' helpers read the light parser's tree (xml-light.ts): the
// first of a repeated element (`text()`, `at()`), every one of a list (`arr()`), text trimmed,
// entities decoded, an element a node when it has attributes or children. Anything it is not
// sure to read alike (what the scanner gives up on, text beside children, another encoding)
// gives undefined, and the caller reads the file through the tree. The shapes, made ready, and the
// records read are xml-entry.ts's.
import { isAscii, isUtf8 } from 'node:buffer';
import { decodeEntities } from './xml-light.js';
import { declaresLatin1, Text } from './xml-text.js';
import { CLOSE, EMPTY, END, LEAF, TagWalk } from '../tag-walk.js';
import { compile, Entry, NAMES, numberOf, type Compiled, type Shape } from './xml-entry.js';

const SIGNATURE = numberOf('Signature');
const PROTO = numberOf('__proto__');

/** Files read by the shapes from `top`, the elements named in `skipped` passed over unread as the light parser passes them. */
export class ShapeReader {
  private readonly top: Compiled;
  /** By name number: passed over unread. */
  private readonly skipped: boolean[] = [];

  constructor(top: Shape, skipped: readonly string[]) {
    this.top = compile(top);
    for (const name of skipped) this.skipped[numberOf(name)] = true;
  }

  /** The top's entry (its children the root), or undefined: the file is to be read through the tree. */
  read(bytes: Uint8Array): Entry | undefined {
    // A file not ASCII is read when it is UTF-8 and not declared Latin-1: asked in the order that
    // costs least for the files of a pull (UTF-8, one declaration for all, few of them ASCII).
    if (!isUtf8(bytes) || (declaresLatin1(bytes) && !isAscii(bytes))) return undefined;
    return scan(bytes, this.top, this.skipped);
  }
}

/**
 * The walk every file is read with, set to each in turn (a read is synchronous). Checked: names
 * and attributes as the light parser reads them, or given up on.
 */
const walk = new TagWalk(NAMES, true);

/** The file's elements read into entries by the shapes, from `compiled` down; undefined where it gives up. */
function scan(bytes: Uint8Array, compiled: Compiled, skipped: readonly boolean[]): Entry | undefined {
  const text = new Text(bytes);
  const s = walk.reset(bytes, text.latin1);
  const top = new Entry(compiled);
  // By depth (0 the file, 1 the root): the entry of an element read as one, the place in its
  // parent's entry of a leaf read (-1: none) or its name where the parent reads `values`, and
  // whether it has children.
  const d: Depths = { entries: [top], leaves: [-1], valueNames: [undefined], parents: [false] };
  while (s.next()) {
    if (s.kind === END) return top;
    const opened = s.kind !== CLOSE;
    // The element whose text ends here: the parent of one opening, the one closing.
    const alone = s.kind === LEAF || s.kind === EMPTY;
    const depth = opened ? (alone ? s.depth : s.depth - 1) : s.depth + 1;
    const within = d.entries[depth];
    if (within && !s.blank(s.textStart, s.textEnd)) return undefined;
    if (!opened) {
      if (!close(text, d, depth, s.textStart, s.textEnd)) return undefined;
      continue;
    }
    // A leaf read has a child: its text would be the tree's `#text`, not read alike here.
    if (d.leaves[depth]! >= 0 || d.valueNames[depth] !== undefined) return undefined;
    d.parents[depth] = true;
    const n = s.id;
    // A prefix: the light parser keeps the local name, and compares closing tags by it.
    if (n === PROTO || s.colon >= 0) return undefined;
    if (skipped[n] === true) {
      if (within?.compiled.closed || within?.values) return undefined;
      // The light parser keeps a signature as an empty child, and leaves the others out.
      if (n === SIGNATURE && within) within.node = true;
      if (!alone && !s.skipElement()) return undefined;
      continue;
    }
    if (within) within.node = true;
    const k = depth + 1;
    d.entries[k] = undefined;
    d.leaves[k] = -1;
    d.valueNames[k] = undefined;
    d.parents[k] = false;
    if (!within) continue;
    if (!open(s, text, within, n, k, d)) return undefined;
    const entry = d.entries[k];
    if (entry && s.gt > s.nameEnd) attributes(s, text, entry);
    if (s.kind === LEAF && !close(text, d, k, s.valueStart, s.valueEnd)) return undefined;
  }
  return undefined;
}

interface Depths {
  entries: (Entry | undefined)[];
  leaves: number[];
  valueNames: (string | undefined)[];
  parents: boolean[];
}

/** Whether the scanner's name starts with `prefix`. */
function startsWith(s: TagWalk, prefix: Buffer): boolean {
  if (s.nameEnd - s.nameStart < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (s.bytes[s.nameStart + i] !== prefix[i]) return false;
  return true;
}

/** Where the element just opened (number `n`, at depth `k`) goes in its parent's entry; false to give up. */
function open(s: TagWalk, text: Text, within: Entry, n: number, k: number, d: Depths): boolean {
  const c = within.compiled;
  if (within.values) {
    const name = text.of(s.nameStart, s.nameEnd);
    // The first of a name is read, as the tree's text() of a repeated element reads the first.
    if (!Object.hasOwn(within.values, name)) {
      within.values[name] = '';
      d.valueNames[k] = name;
    }
    return true;
  }
  let place = n === 0 ? undefined : c.places[n];
  if (place === undefined && c.variantPrefix && startsWith(s, c.variantPrefix)) place = c.children.length;
  if (place === undefined) return !c.closed;
  const child = place === c.children.length ? c.variant : c.children[place];
  if (!child) {
    // A leaf: the first of its name is read ('' until its text is).
    if (within.at[place] === undefined) {
      within.at[place] = '';
      d.leaves[k] = place;
    }
    return true;
  }
  const entry = new Entry(child);
  if (c.many[place]) {
    ((within.at[place] as Entry[] | undefined) ?? ((within.at[place] = [] as Entry[]) as Entry[])).push(entry);
  } else if (within.at[place] === undefined) within.at[place] = entry;
  else return !child.once;
  d.entries[k] = entry;
  return true;
}

/** The element at depth `k` ends: a leaf read takes its text. */
function close(text: Text, d: Depths, k: number, start: number, end: number): boolean {
  const place = d.leaves[k]!;
  const name = d.valueNames[k];
  if (place < 0 && name === undefined) return true;
  if (d.parents[k]) return false;
  // An element without text keeps the '' its opening left.
  if (end > start) {
    const value = text.value(start, end);
    const parent = d.entries[k - 1]!;
    if (name !== undefined) parent.values![name] = value;
    else parent.at[place] = value;
  }
  return true;
}

/** An entry's attributes: any but a namespace's makes it a node; the one its shape reads is kept. */
function attributes(s: TagWalk, text: Text, entry: Entry): void {
  const b = s.bytes;
  const wanted = entry.compiled.attribute;
  // From the name to the `>` (or the `/` of `/>`): the walk checked them.
  const last = s.kind === EMPTY ? s.gt - 1 : s.gt;
  for (let i = s.nameEnd; i < last;) {
    while (i < last && (b[i] === 32 || b[i] === 9 || b[i] === 10 || b[i] === 13)) i++;
    if (i >= last) return;
    const equals = text.latin1.indexOf('=', i);
    const name = text.of(i, equals).trimEnd();
    let quote = equals + 1;
    while (b[quote] !== 34 && b[quote] !== 39) quote++;
    const end = text.latin1.indexOf(b[quote] === 34 ? '"' : "'", quote + 1);
    i = end + 1;
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    entry.node = true;
    // The tree names an attribute by what follows its first colon.
    if (name.slice(name.indexOf(':') + 1) === wanted) entry.attribute = decodeEntities(text.of(quote + 1, end));
  }
}
