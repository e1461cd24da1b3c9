// The pass over the items of `report --by ncm/product/cfop` (items-fold.ts), a batch at a time
// (item-batches.ts): a copy's items summed into its parts (one a group) as they go by, each part
// added to its group when the next copy starts. An item's group is found by integers (the batch's
// places of its texts, then the number of their values in the report), its sums read from the
// batch's doubles: handing the fold a row of values per item, and finding its group by a string,
// was a third of such a report's CPU at 400k documents (docs/bench.md).
import { PACK_TEXTS, PACK_WIDTH, PACKED_NUMBERS, PACKED_TEXTS } from '../catalog/item-packs.js';
import type { ItemBatch } from './item-batches.js';
import { SeveralCopies, type Copies } from './item-copies.js';
import { NotFoldable, type Fold, type Group } from './item-groups.js';
import { sqliteSum, textOrder, tupleKey } from './sqlite-sum.js';

/** Where the reader finds what it groups and sums in a batch. */
interface BatchPlaces {
  /** By dimension: the place among an item's texts of its value (-1: the document's dimension). */
  values: readonly number[];
  /** By dimension: the place of its name among an item's texts (-1: the document's, or no name). */
  names: readonly number[];
  /** By column of the fold (Fold.columns): the place among an item's numbers. */
  sums: readonly number[];
}

/**
 * The places of the item columns `values`, `names` (SQL of the items `i`, null: none; undefined:
 * the document's dimension) and `sums` in a batch; undefined where a column is not in the packs' form.
 */
export function batchPlaces(
  values: readonly (string | undefined)[],
  names: readonly (string | null | undefined)[],
  sums: readonly string[],
): BatchPlaces | undefined {
  const place = (list: readonly string[], column: string) => list.indexOf(column.replace(/^i\./, ''));
  const places = {
    values: values.map((c) => (c === undefined ? -1 : place(PACKED_TEXTS, c))),
    names: names.map((c) => (c === undefined || c === null ? -1 : place(PACKED_TEXTS, c))),
    sums: sums.map((c) => place(PACKED_NUMBERS, c)),
  };
  const lost =
    places.sums.some((p) => p < 0) ||
    values.some((c, n) => c !== undefined && places.values[n]! < 0) ||
    names.some((c, n) => typeof c === 'string' && places.names[n]! < 0);
  return lost ? undefined : places;
}

export class ItemReader {
  private readonly m: number;
  /** The items' dimensions, and their values' places among an item's texts. */
  private readonly itemDims: number[] = [];
  private readonly valueText: number[] = [];
  /** The dimensions whose names are the items' (a product's description). */
  private readonly namedDims: number[] = [];
  private readonly width: number;
  readonly several: SeveralCopies;
  /** The items' values (one dimension: its value; several: tupleKey) to their number, and their tuples. */
  private readonly itemIds = new Map<unknown, number>();
  private readonly itemTuples: unknown[][] = [];
  /** By tuple and item, the group and its values (NULL apart from '': the query's rows keep them apart). */
  private readonly byTuple: ({ group: Group; values: unknown[] } | undefined)[][] = [];
  /** The batch's items' numbers by their place among its texts (-1: not yet), or by their places joined. */
  private local = new Int32Array(4096);
  private localJoined = new Map<number, number>();
  /** A row of an item of several copies for SeveralCopies.add: its number at 1, its sums from 2. */
  private readonly severalRow: unknown[];

  // The copy being read: its id, place (-1: left out), document's key, whether of several copies.
  private id: unknown;
  private at = -1;
  private key = '';
  private multi = false;
  /** Copies read that no document of the pass is. */
  missing = 0;
  /** The number of its last item: the query sums a document's items in their numbers' order. */
  private last = -Infinity;
  // Its parts, the first `used`: the items' number, the sums (`width` a part), the items' names.
  private used = 0;
  private tuple = 0;
  private items = new Int32Array(16);
  private sums = new Float64Array(0);
  private partNames: unknown[] = [];
  /** A part's names, the document's and the items', handed to the fold (which copies them). */
  private readonly names: unknown[];

  constructor(
    private readonly fold: Fold,
    private readonly copies: Copies,
    private readonly multiKeys: ReadonlySet<unknown>,
    private readonly ofDocs: readonly boolean[],
    private readonly places: BatchPlaces,
  ) {
    this.m = ofDocs.length;
    for (let n = 0; n < this.m; n++) {
      if (ofDocs[n]) continue;
      this.itemDims.push(n);
      this.valueText.push(places.values[n]!);
      if (places.names[n]! >= 0) this.namedDims.push(n);
    }
    this.width = 2 * fold.columns;
    this.several = new SeveralCopies(fold);
    this.names = new Array<unknown>(this.m).fill(null);
    this.severalRow = new Array<unknown>(2 + fold.columns).fill(null);
  }

  /** A batch's items (a copy's may go on from the batch before: its parts stay open). */
  readonly read = (batch: ItemBatch): void => {
    const { copies, counts, texts } = batch;
    if (this.local.length < texts.length) this.local = new Int32Array(2 * texts.length);
    this.local.fill(-1, 0, texts.length);
    this.localJoined.clear();
    let item = 0;
    for (let d = 0; d < copies.length; d++) {
      const end = item + counts[d]!;
      if (copies[d] !== this.id) this.start(copies[d]!);
      if (this.at < 0) item = end;
      else if (this.multi) for (; item < end; item++) this.severalItem(batch, item);
      else for (; item < end; item++) this.item(batch, item);
    }
  };

  /** An item of a copy of one: into its part, opened when its values are new to the copy. */
  private item(batch: ItemBatch, item: number): void {
    const { numbers, texts, textAt } = batch;
    const at = item * PACK_WIDTH;
    const number = numbers[at]!;
    if (!(number > this.last)) throw new NotFoldable('items stored out of their order');
    this.last = number;
    const id = this.itemOf(batch, item);
    let p = 0;
    while (p < this.used && this.items[p] !== id) p++;
    if (p === this.used) this.open(id);
    const namedDims = this.namedDims;
    for (let k = 0; k < namedDims.length; k++) {
      const n = namedDims[k]!;
      const name = texts[textAt[item * PACK_TEXTS + this.places.names[n]!]!];
      const had = this.partNames[p * this.m + n];
      if (name !== null && name !== had && (had === null || textOrder(String(name), String(had)) > 0))
        this.partNames[p * this.m + n] = name;
    }
    // NULL (NaN) adds nothing, as the query's coalesce(…, 0).
    const sums = this.sums;
    const into = p * this.width;
    const columns = this.places.sums;
    for (let c = 0; c < columns.length; c++) {
      const v = numbers[at + columns[c]!]!;
      if (v === v) sqliteSum(sums, into + 2 * c, v);
    }
  }

  /** An item of a document of several copies: held with its copies' (SeveralCopies). */
  private severalItem(batch: ItemBatch, item: number): void {
    const { values } = this.group(this.tuple, this.itemOf(batch, item));
    const row = this.severalRow;
    const at = item * PACK_WIDTH;
    row[1] = batch.numbers[at];
    const columns = this.places.sums;
    for (let c = 0; c < columns.length; c++) {
      const v = batch.numbers[at + columns[c]!]!;
      row[2 + c] = v === v ? v : null;
    }
    const names = this.namesOf(-1, batch, item);
    this.several.add(this.key, values, names, this.copies.canceled[this.at]!, row, 2);
  }

  /** The copy `id` starts: the one before goes into the groups. */
  private start(id: string): void {
    this.flush();
    this.id = id;
    this.at = this.copies.find(id);
    this.used = 0;
    this.last = -Infinity;
    if (this.at < 0) this.missing++;
    else if (!this.copies.kept[this.at]) this.at = -1;
    if (this.at < 0) return;
    this.tuple = this.copies.tuple[this.at]!;
    this.key = this.multiKeys.size === 0 ? id : id.slice(0, id.indexOf('\u0000'));
    this.multi = this.multiKeys.size > 0 && this.multiKeys.has(this.key);
  }

  /** The number of the item's values of the items' dimensions, found once a batch by its texts' places. */
  private itemOf(batch: ItemBatch, item: number): number {
    const { texts, textAt } = batch;
    const row = item * PACK_TEXTS;
    if (this.valueText.length === 1) {
      const t = textAt[row + this.valueText[0]!]!;
      let id = this.local[t]!;
      if (id < 0) id = this.local[t] = this.itemId(texts[t], [texts[t]]);
      return id;
    }
    // Several (--by ncm,cfop): their places joined (fewer than 2^53: a batch holds some 16k texts at most).
    let joined = 0;
    for (const v of this.valueText) joined = joined * texts.length + textAt[row + v]!;
    let id = this.localJoined.get(joined);
    if (id === undefined) {
      const values = this.valueText.map((v) => texts[textAt[row + v]!]);
      this.localJoined.set(joined, (id = this.itemId(tupleKey(values), values)));
    }
    return id;
  }

  /** The number of the items' values `values` (their dimensions'), known by `id`. */
  private itemId(id: unknown, values: readonly unknown[]): number {
    let item = this.itemIds.get(id);
    if (item === undefined) {
      this.itemIds.set(id, (item = this.itemTuples.length));
      const tuple = new Array<unknown>(this.m).fill(null);
      this.itemDims.forEach((n, k) => (tuple[n] = values[k]));
      this.itemTuples.push(tuple);
    }
    return item;
  }

  /** A part of the copy for the items' values `item`, its sums at 0 and its items' names none yet. */
  private open(item: number): void {
    const p = this.used++;
    if (this.items.length < this.used) {
      const grown = new Int32Array(2 * this.used);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[p] = item;
    if (this.sums.length < this.used * this.width) {
      const grown = new Float64Array(2 * this.used * this.width);
      grown.set(this.sums);
      this.sums = grown;
    }
    const sums = this.sums;
    for (let c = p * this.width, end = c + this.width; c < end; c++) sums[c] = 0;
    for (let n = 0; n < this.m; n++) this.partNames[p * this.m + n] = null;
  }

  /** The group of the document's values `tuple` and the items' `item`, and its values, found once. */
  private group(tuple: number, item: number): { group: Group; values: unknown[] } {
    const byItem = (this.byTuple[tuple] ??= []);
    let g = byItem[item];
    if (!g) {
      const items = this.itemTuples[item]!;
      const values = this.copies.tuples[tuple]!.map((v, n) => (this.ofDocs[n] ? v : items[n]));
      byItem[item] = g = { group: this.fold.groupOf(values), values };
    }
    return g;
  }

  /** The names of the part `p` (-1: of the batch's `item`), the document's and the items'. */
  private namesOf(p: number, batch?: ItemBatch, item = 0): unknown[] {
    for (let n = 0; n < this.m; n++) {
      const name = this.places.names[n]!;
      this.names[n] = this.ofDocs[n]
        ? (this.copies.names[this.at * this.m + n] ?? null)
        : p >= 0
          ? this.partNames[p * this.m + n]
          : name >= 0
            ? batch!.texts[batch!.textAt[item * PACK_TEXTS + name]!]
            : null;
    }
    return this.names;
  }

  /** The copy read into the groups (of one copy: now; of several: held until the end). */
  private flush(): void {
    if (this.at < 0 || this.multi || this.used === 0) return;
    const canceled = this.copies.canceled[this.at]!;
    for (let p = 0; p < this.used; p++) {
      const { group, values } = this.group(this.tuple, this.items[p]!);
      const names = this.fold.named ? this.namesOf(p) : this.names;
      this.fold.add(group, values, names, this.key, canceled, this.sums, p * this.width);
    }
    // The totals count each document once (its status is its one copy's).
    if (canceled) this.fold.totals.canceled++;
    else this.fold.totals.documents++;
  }

  end(): void {
    this.flush();
    this.at = -1;
  }
}
