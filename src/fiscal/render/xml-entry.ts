// The shapes an XML file is read by (xml-shape.ts's walk), made ready once each (`compile`: their
// names numbered in the walk's table, each child's place in a record), the places a reader asks
// (`placeOf`), and the records of one file's read (`Entry`), read by place.
import { NameTable } from '../tag-walk.js';

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
export const NAMES = new NameTable();
const numbers = new Map<string, number>();
export function numberOf(name: string): number {
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
export interface Compiled {
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

export function compile(shape: Shape): Compiled {
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
