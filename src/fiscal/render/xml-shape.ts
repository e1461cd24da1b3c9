// An XML file's elements read by a tree of shapes made for one document (nfe-read.ts: an
// nfeProc's NF-e), straight from its UTF-8 bytes in one pass (../tag-walk.ts): the elements a shape
// names, by where they sit, and nothing else; no tree of the file, no string of each element.
// Each value is read as the readers' helpers read the light parser's tree (xml-light.ts): the
// first of a repeated element (`text()`, `at()`), every one of a list (`arr()`), text trimmed,
// entities decoded, an element a node when it has attributes or children. Anything it is not
// sure to read alike (what the scanner gives up on, text beside children, another encoding)
// gives undefined, and the caller reads the file through the tree.
import { isAscii, isUtf8 } from 'node:buffer';
import { decodeEntities } from './xml-light.js';
import { declaresLatin1, Text } from './xml-text.js';
import { CLOSE, EMPTY, END, LEAF, NameTable, TagWalk } from '../tag-walk.js';

/**
 * An element read as a record: its text-only children (`leaves`), the first child of each name
 * in `one` (as the readers' `at()` reads it), every child named in `many` (as `arr()` lists them),
 * the attribute named `attribute`; `values`, every text-only child by its name (the totals);
 * `variant`, the first child whose name starts with its prefix (ICMS00, ICMSSN102...). A child of
 * a `closed` shape that it does not name is given up on, as is a second element of a shape `once`
 * (nfeProcSummary reads those or none).
 */
export interface Shape {
  leaves?: readonly string[];
  one?: Readonly<Record<string, Shape>>;
  many?: Readonly<Record<string, Shape>>;
  attribute?: string;
  values?: true;
  variant?: { prefix: string; shape: Shape };
  closed?: true;
  once?: true;
}

/** Every name a shape reads, numbered (0: none), looked up by the walk; the numbers by name. */
const NAMES = new NameTable();
const numbers = new Map<string, number>();
function numberOf(name: string): number {
  let n = numbers.get(name);
  if (n === undefined) numbers.set(name, (n = NAMES.add(name)));
  return n;
}

/**
 * A shape made ready: each child name's number gives its place in a record (-1: not read). The
 * shape's flags are copied here: the shapes are object literals of a dozen different keys, and
 * their flags read for each element walked were generic (megamorphic) look-ups in V8; every
 * Compiled has the same keys.
 */
interface Compiled {
  values: boolean;
  closed: boolean;
  once: boolean;
  attribute: string | undefined;
  size: number;
  /** An entry's places, none read yet (`size` of undefined), copied for each entry. */
  empty: unknown[];
  /** By name number (a sparse array: a look-up by index). */
  places: number[];
  /** The shape of the record at each place (undefined: a leaf). */
  children: (Compiled | undefined)[];
  many: boolean[];
  variant: Compiled | undefined;
  variantPrefix: Buffer | undefined;
}

/**
 * The shapes placeOf was asked of, compiled once each: a reader asks the places of a shape's
 * fields one by one as its module loads (some 150), and compiling the shape (its children's
 * shapes with it) for each was some 3 ms of a drawing thread's start.
 */
const placed = new WeakMap<Shape, Compiled>();

/**
 * The place of the child `name` in an entry read by `shape` (where compile puts it), or of its
 * variant for `variant`: a reader that knows its shapes reads a field by its place (Entry's `*At`
 * methods), with no look-up of its name per document.
 */
export function placeOf(shape: Shape, name: string | { variant: true }): number {
  let compiled = placed.get(shape);
  if (!compiled) placed.set(shape, (compiled = compile(shape)));
  if (typeof name !== 'string') {
    if (!compiled.variant) throw new Error('the shape has no variant');
    return compiled.children.length;
  }
  const place = numbers.has(name) ? compiled.places[numberOf(name)] : undefined;
  if (place === undefined) throw new Error(`the shape reads no ${name}`);
  return place;
}

function compile(shape: Shape): Compiled {
  const places: number[] = [];
  const children: (Compiled | undefined)[] = [];
  const many: boolean[] = [];
  const place = (name: string, child: Compiled | undefined, isMany: boolean) => {
    places[numberOf(name)] = children.length;
    children.push(child);
    many.push(isMany);
  };
  for (const name of shape.leaves ?? []) place(name, undefined, false);
  for (const [name, child] of Object.entries(shape.one ?? {})) place(name, compile(child), false);
  for (const [name, child] of Object.entries(shape.many ?? {})) place(name, compile(child), true);
  const variant = shape.variant && compile(shape.variant.shape);
  const variantPrefix = shape.variant && Buffer.from(shape.variant.prefix, 'latin1');
  return {
    values: shape.values === true,
    closed: shape.closed === true,
    once: shape.once === true,
    attribute: shape.attribute,
    size: children.length + (variant ? 1 : 0),
    empty: Array.from({ length: children.length + (variant ? 1 : 0) }, () => undefined),
    places,
    children,
    many,
    variant,
    variantPrefix,
  };
}

const SIGNATURE = numberOf('Signature');
const PROTO = numberOf('__proto__');

/** One element read as a record (an entry): `at` holds each place's value ('' for a leaf met empty). */
export class Entry {
  readonly at: unknown[];
  /** Whether it is a node of the tree: it has attributes or children (an element of text alone is not). */
  node = false;
  attribute: string | undefined;
  /** A `values` shape's children, by name. */
  values: { [name: string]: string } | undefined;
  constructor(readonly compiled: Compiled) {
    // A copy of an array of undefined (a packed array to V8, read without checks for holes), where
    // an array made of that size then filled was two calls for each of a note's forty entries.
    this.at = compiled.empty.slice();
    if (compiled.values) this.values = {};
  }

  private place(name: string): number {
    return this.compiled.places[numbers.get(name)!]!;
  }

  /** The text of the first child `name`, as the readers' text() gives it: trimmed, undefined when empty. */
  text(name: string): string | undefined {
    return (this.at[this.place(name)] as string | undefined) || undefined;
  }

  /** The first child `name` (as `at()` reads it). */
  one(name: string): Entry | undefined {
    return this.at[this.place(name)] as Entry | undefined;
  }

  /** Every child `name` that is a node (as `arr()` lists them). */
  many(name: string): Entry[] {
    return this.all(name).filter((e) => e.node);
  }

  /** Every child `name`, nodes or not (the first, as `at()` reads it, may be text alone). */
  all(name: string): Entry[] {
    return (this.at[this.place(name)] as Entry[] | undefined) ?? [];
  }

  has(name: string): boolean {
    return this.at[this.place(name)] !== undefined;
  }

  /** The first child whose name starts with the shape's variant prefix. */
  variant(): Entry | undefined {
    return this.at[this.compiled.children.length] as Entry | undefined;
  }

  /** text() of the child at `place` (placeOf). */
  textAt(place: number): string | undefined {
    return (this.at[place] as string | undefined) || undefined;
  }

  /** one() of the child at `place`. */
  oneAt(place: number): Entry | undefined {
    return this.at[place] as Entry | undefined;
  }

  /** all() of the children at `place`. */
  allAt(place: number): Entry[] {
    return (this.at[place] as Entry[] | undefined) ?? [];
  }

  /** many() of the children at `place`. */
  manyAt(place: number): Entry[] {
    return this.allAt(place).filter((e) => e.node);
  }

  /** The text of each child by name, as the readers' `values()` gives them. */
  valuesRead(): Record<string, string | undefined> {
    const out: Record<string, string | undefined> = {};
    for (const name in this.values) out[name] = this.values[name] || undefined;
    return out;
  }
}

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
