// The two sides of `report --by ncm/product` folded as the items are read (items-fold.ts): the
// copies of documents the filters keep (the pass over the documents) and the documents of several
// copies, whose items are held until every copy has been read.
import { Fold, NotFoldable, type Part } from './item-groups.js';
import { textOrder, tupleKey } from './sqlite-sum.js';

// A copy's record in the text SQLite hands a slice of copies as (copiesSql): the records joined by
// RECORDS, each its flags, its fields, then its id, every field after FIELD.
const RECORDS = '\u001f';
const FIELD = '\u001e';
/** The copies read in one text: some 10 MB at 131k copies, far below a string's limit. */
const SLICE = 131_072;

/**
 * The copies of documents (a role and an owner each) the filters keep, in the order stored, read a
 * slice at a time as one text SQLite joins (group_concat), kept as it is, each copy a place in it:
 * a function of the query called per copy (as the documents' report reads its rows) cost twice the
 * CPU, and the 224k strings it kept at 400k documents were a third of the report's collections.
 * The items are stored with their document, in the same order: each copy's items are looked up at
 * the next place.
 */
export class Copies {
  private readonly texts: string[] = [];
  /** How many copies were read, and of each its text, the place and length of its id in it. */
  size = 0;
  private slice = new Int32Array(1024);
  private idAt = new Int32Array(1024);
  private idLength = new Int32Array(1024);
  canceled = new Uint8Array(1024);
  /** Whether the filters keep each copy (its items are read past when not). */
  kept = new Uint8Array(1024);
  /** Each copy's values of the document's dimensions, as the number of their tuple in `tuples`. */
  tuple = new Int32Array(1024);
  /** Those tuples: the value of each dimension (the items' dimensions null). */
  readonly tuples: unknown[][] = [];
  /** The names of the document's dimensions, `m` a copy (items' null); empty when none has names. */
  readonly names: unknown[] = [];
  private readonly tupleIds = new Map<unknown, number>();
  /** The id of the last tuple found and its number: copies stored side by side share a month most often. */
  private lastTupleId: unknown = undefined;
  private lastTuple = -1;
  /** Where the one dimension of the document's is among the dimensions (-1: not one). */
  private readonly docAt: number;
  private done: Uint8Array | undefined;
  private next = 0;
  private byId: Map<string, number> | undefined;
  /** How many of the dimensions are the document's, and whether any of those has names. */
  private readonly docDims: number;
  private readonly withNames: boolean;
  /** The fields of a record: a value (and a name, where named) of each of the document's dimensions. */
  private readonly fields: number;

  constructor(
    private readonly ofDocs: readonly boolean[],
    private readonly named: readonly boolean[],
  ) {
    this.docDims = ofDocs.filter(Boolean).length;
    this.docAt = this.docDims === 1 ? ofDocs.indexOf(true) : -1;
    this.withNames = named.some((n, d) => n && ofDocs[d]);
    this.fields = ofDocs.reduce((f, d, n) => f + (d ? (named[n] ? 2 : 1) : 0), 0);
    if (this.docDims === 0) this.tuples.push(ofDocs.map(() => null));
  }

  /**
   * The SQL of a copy's record: whether canceled and whether the filters keep it (`kept`), then
   * `columns`, the value (and the name, where named) of each of the document's dimensions ('n'
   * for NULL, 't' and a text, '?' for a value not a text: the query then gives the figures), then
   * its id (`id`). Each column is evaluated twice, not once a check: a separator in a value is
   * found as one in the id (read), a record of several texts.
   */
  static recordSql(id: string, kept: string, columns: readonly string[]): string {
    const field = (c: string) =>
      `char(30) || CASE typeof(${c}) WHEN 'text' THEN 't' || ${c} WHEN 'null' THEN 'n' ELSE '?' END`;
    // Both flags one digit: a concatenation less a copy (some 10 ms at 224k).
    const flags =
      kept === '1'
        ? "((d.status IS 'canceled') * 2 + 1)"
        : `((d.status IS 'canceled') * 2 + (CASE WHEN ${kept} THEN 1 ELSE 0 END))`;
    return [flags, ...columns.map(field), 'char(30)', id].join(' || ');
  }

  /** The rowids from and to which each slice of the copies `from` to `to` is read (one text each). */
  static slices(from: number, to: number): [number, number][] {
    const slices: [number, number][] = [];
    for (let at = from; at <= to; at += SLICE) slices.push([at, Math.min(to, at + SLICE - 1)]);
    return slices;
  }

  /** A slice's records (recordSql joined by char(31); null: none) and how many there are; NotFoldable when it cannot be read. */
  readonly read = (text: string | null, count: number): void => {
    if (text === null) {
      if (count !== 0) throw new NotFoldable('the copies could not be read');
      return;
    }
    const t = this.texts.length;
    this.texts.push(text);
    const values: unknown[] = [];
    const m = this.ofDocs.length;
    let read = 0;
    for (let at = 0; at <= text.length; read++) {
      let end = text.indexOf(RECORDS, at);
      if (end < 0) end = text.length;
      if (this.size === this.canceled.length) this.grow();
      const n = this.size++;
      const flags = text.charCodeAt(at) - 48;
      this.canceled[n] = flags >> 1;
      this.kept[n] = flags & 1;
      let p = at + 1;
      values.length = 0;
      for (let d = 0; d < m; d++) {
        if (!this.ofDocs[d]) {
          values.push(null);
          if (this.withNames) this.names.push(null);
          continue;
        }
        const q = fieldEnd(text, p, end);
        values.push(fieldValue(text, p, q));
        p = q;
        if (this.named[d]) {
          const r = fieldEnd(text, p, end);
          if (this.withNames) this.names.push(fieldValue(text, p, r));
          p = r;
        } else if (this.withNames) this.names.push(null);
      }
      // A separator in a value (or the id) leaves one in what is read as the id.
      const extra = text.indexOf(FIELD, p + 1);
      if (text.charCodeAt(p) !== 0x1e || p >= end || (extra >= 0 && extra < end))
        throw new NotFoldable('a copy that cannot be read');
      this.slice[n] = t;
      this.idAt[n] = p + 1;
      this.idLength[n] = end - p - 1;
      this.tuple[n] = this.docDims === 0 ? 0 : this.tupleOf(values);
      at = end + 1;
    }
    // A separator in an id: more records than copies.
    if (read !== count) throw new NotFoldable('the copies could not be read');
  };

  /** The number of the values of the document's dimensions (a Map tells NULL from '', as GROUP BY does). */
  private tupleOf(values: unknown[]): number {
    // One dimension of the document's: its value names the tuple.
    const id = this.docAt >= 0 ? values[this.docAt] : tupleKey(values);
    // The same value as the copy before (a text compared, not hashed for the Map): the same tuple.
    if (id === this.lastTupleId && this.lastTuple >= 0) return this.lastTuple;
    let t = this.tupleIds.get(id);
    if (t === undefined) {
      this.tupleIds.set(id, (t = this.tuples.length));
      this.tuples.push(values.slice());
    }
    this.lastTupleId = id;
    this.lastTuple = t;
    return t;
  }

  private grow(): void {
    const twice = <T extends Int32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(2 * a.length);
      b.set(a);
      return b;
    };
    this.slice = twice(this.slice);
    this.idAt = twice(this.idAt);
    this.idLength = twice(this.idLength);
    this.canceled = twice(this.canceled);
    this.kept = twice(this.kept);
    this.tuple = twice(this.tuple);
  }

  /** Whether the copy `n` is `id` (a slice compared: startsWith at a place took twice as long). */
  private is(n: number, id: string): boolean {
    return this.idLength[n] === id.length && this.idOf(n) === id;
  }

  private idOf(n: number): string {
    return this.texts[this.slice[n]!]!.slice(this.idAt[n], this.idAt[n]! + this.idLength[n]!);
  }

  /** Where the copy `id` is, or -1 when the filters leave it out (or its document is not there). */
  find(id: string): number {
    this.done ??= new Uint8Array(this.size);
    let at = -1;
    for (let n = this.next; n < Math.min(this.next + 4, this.size); n++)
      if (this.is(n, id)) {
        at = n;
        break;
      }
    // The first copy of a pass over the items from the middle of the table: looked for in order.
    if (at < 0 && this.next === 0 && !this.byId)
      for (let n = 0; n < this.size; n++)
        if (this.is(n, id)) {
          at = n;
          break;
        }
    if (at < 0) {
      if (!this.byId) {
        this.byId = new Map();
        for (let n = 0; n < this.size; n++) this.byId.set(this.idOf(n), n);
      }
      at = this.byId.get(id) ?? -1;
    }
    if (at < 0) return -1;
    if (this.done[at]) throw new NotFoldable('the items of a document are not stored together');
    this.done[at] = 1;
    this.next = at + 1;
    return at;
  }
}

/** Where the field at `p` of a record ending at `end` ends (FIELD, then 'n', or 't' and its text). */
function fieldEnd(text: string, p: number, end: number): number {
  const kind = text.charCodeAt(p + 1);
  if (text.charCodeAt(p) !== 0x1e || p + 1 >= end || (kind !== 0x6e && kind !== 0x74))
    throw new NotFoldable('a value of a copy that cannot be read');
  if (kind === 0x6e) return p + 2;
  const next = text.indexOf(FIELD, p + 2);
  if (next < 0 || next >= end) throw new NotFoldable('a value of a copy that cannot be read');
  return next;
}

/** The value of the field from `p` to `next` (fieldEnd): NULL, or its text. */
const fieldValue = (text: string, p: number, next: number): string | null =>
  text.charCodeAt(p + 1) === 0x6e ? null : text.slice(p + 2, next);

/**
 * The documents of several copies: each group's items by number, each item's sums the largest its
 * copies give (the query's max()), folded once every copy has been read.
 */
export class SeveralCopies {
  /** By document, its parts by their values (tupleKey: NULL apart from ''). */
  readonly pending = new Map<string, Map<string, Part>>();

  constructor(private readonly fold: Fold) {}

  /**
   * An item of a copy of the document `key`: its group's values, the names the row gives (the
   * document's and the item's), whether the copy is canceled, the item's number and its sums at
   * `first` of `row`.
   */
  add(
    key: string,
    values: readonly unknown[],
    names: readonly unknown[],
    canceled: number,
    row: readonly unknown[],
    first: number,
  ): void {
    let parts = this.pending.get(key);
    if (!parts) this.pending.set(key, (parts = new Map()));
    const id = tupleKey(values);
    let part = parts.get(id);
    if (!part) {
      part = { values, names: names.slice(), canceled, sums: this.fold.emptySums(), items: new Map() };
      parts.set(id, part);
    } else mergeNames(part, names, canceled);
    const sums: number[] = [];
    for (let c = 0; c < this.fold.columns; c++) {
      const v = row[first + c];
      if (typeof v === 'number') sums.push(v);
      else if (v === null) sums.push(0);
      else throw new NotFoldable('a sum is not a number');
    }
    mergeItem(part, row[1] as number, sums);
  }

  /** The documents another pass over other items held (items-split.ts): their copies are one with these. */
  merge(pending: ReadonlyMap<string, ReadonlyMap<string, Part>>): void {
    for (const [key, theirs] of pending) {
      let parts = this.pending.get(key);
      if (!parts) this.pending.set(key, (parts = new Map()));
      for (const [id, part] of theirs) {
        const mine = parts.get(id);
        if (!mine) parts.set(id, part);
        else {
          mergeNames(mine, part.names, part.canceled);
          for (const [number, sums] of part.items!) mergeItem(mine, number, sums);
        }
      }
    }
  }

  /** Every document held into the groups. */
  end(): void {
    for (const [key, parts] of this.pending)
      this.fold.document(key, { list: [...parts.values()], used: parts.size }, true);
  }
}

/** A part's names, each the greatest in SQLite's order (the query's max()), and whether canceled. */
function mergeNames(part: Part, names: readonly unknown[], canceled: number): void {
  for (let n = 0; n < names.length; n++) {
    const name = names[n];
    if (name !== null && (part.names[n] === null || textOrder(String(name), String(part.names[n])) > 0))
      part.names[n] = name;
  }
  if (canceled > part.canceled) part.canceled = canceled;
}

/** An item's sums into the part's: each the largest its copies give. */
function mergeItem(part: Part, number: number, sums: number[]): void {
  const had = part.items!.get(number);
  if (!had) part.items!.set(number, sums);
  else for (let c = 0; c < sums.length; c++) if (sums[c]! > had[c]!) had[c] = sums[c]!;
}
