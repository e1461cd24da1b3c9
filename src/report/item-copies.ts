// The two sides of `report --by ncm/product` folded as the items are read (items-fold.ts): the
// copies of documents the filters keep (the pass over the documents) and the documents of several
// copies, whose items are held until every copy has been read.
import { Fold, NotFoldable, type Part } from './item-groups.js';
import { textOrder, tupleKey } from './sqlite-sum.js';

/**
 * The copies of documents (a role and an owner each) the filters keep, in the order stored, as
 * arrays: a Map of 224k objects was half the time of the pass over them. The items are stored
 * with their document, in the same order: each copy's items are looked up at the next place.
 */
export class Copies {
  readonly ids: string[] = [];
  readonly canceled: number[] = [];
  /** Whether the filters keep each copy (its items are read past when not). */
  readonly kept: number[] = [];
  /** Each copy's values of the document's dimensions, as the number of their tuple in `tuples`. */
  readonly tuple: number[] = [];
  /** Those tuples: the value of each dimension (the items' dimensions null). */
  readonly tuples: unknown[][] = [];
  /** The names of the document's dimensions, `m` a copy (items' null); empty when none has names. */
  readonly names: unknown[] = [];
  private readonly tupleIds = new Map<unknown, number>();
  private done: Uint8Array | undefined;
  private next = 0;
  private byId: Map<string, number> | undefined;
  /** How many of the dimensions are the document's, and whether any of those has names. */
  private readonly docDims: number;
  private readonly withNames: boolean;

  constructor(
    private readonly ofDocs: readonly boolean[],
    private readonly named: readonly boolean[],
  ) {
    this.docDims = ofDocs.filter(Boolean).length;
    this.withNames = named.some((n, d) => n && ofDocs[d]);
    if (this.docDims === 0) this.tuples.push(ofDocs.map(() => null));
  }

  /**
   * One copy of the pass over the documents: its id, whether canceled, whether the filters keep
   * it, then the value (and the name, where named) of each of the document's dimensions.
   */
  readonly read = (row: readonly unknown[]): void => {
    this.ids.push(row[0] as string);
    this.canceled.push(row[1] === 1 ? 1 : 0);
    this.kept.push(row[2] === 1 ? 1 : 0);
    if (this.docDims === 0) {
      this.tuple.push(0);
      return;
    }
    const m = this.ofDocs.length;
    const values: unknown[] = [];
    for (let n = 0, at = 3; n < m; n++) {
      if (!this.ofDocs[n]) {
        values.push(null);
        if (this.withNames) this.names.push(null);
        continue;
      }
      values.push(row[at++]);
      if (this.withNames) this.names.push(this.named[n] ? row[at++] : null);
    }
    // One dimension of the document's: its value names the tuple (a Map tells NULL from '', as GROUP BY does).
    const id = this.docDims === 1 ? values[this.ofDocs.indexOf(true)] : tupleKey(values);
    let t = this.tupleIds.get(id);
    if (t === undefined) {
      this.tupleIds.set(id, (t = this.tuples.length));
      this.tuples.push(values);
    }
    this.tuple.push(t);
  };

  /** Where the copy `id` is, or -1 when the filters leave it out (or its document is not there). */
  find(id: string): number {
    this.done ??= new Uint8Array(this.ids.length);
    let at = -1;
    for (let n = this.next; n < Math.min(this.next + 4, this.ids.length); n++)
      if (this.ids[n] === id) {
        at = n;
        break;
      }
    // The first copy of a pass over the items from the middle of the table: looked for in order.
    if (at < 0 && this.next === 0 && !this.byId) at = this.ids.indexOf(id);
    if (at < 0) {
      this.byId ??= new Map(this.ids.map((c, n) => [c, n]));
      at = this.byId.get(id) ?? -1;
    }
    if (at < 0) return -1;
    if (this.done[at]) throw new NotFoldable('the items of a document are not stored together');
    this.done[at] = 1;
    this.next = at + 1;
    return at;
  }
}

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
