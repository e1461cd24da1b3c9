// `report --by ncm` / `--by product` of one folder's SQLite catalog without a sort: one pass over
// the documents (which the filters keep, which are canceled) and one over the items as they are
// stored, a document's items together, grouped as they go by. The query items-report.ts writes for
// any catalog has SQLite sort every item by (group, document, number) and hands the program one row
// per group and document (629k at 400k documents: 13 s, docs/bench.md); this gives its figures to
// the bit: each group and document summed as SQLite's sum() does (sqlite-sum.ts), rounded to cents
// by Math.round as the query's reader does, then added up; the names and the totals' status taken
// from the rows that query's order puts first (a name) and last (a document's status).
// Items stored otherwise (a document's apart, or out of their numbers' order: another program
// wrote the catalog) or a sum that is not a number: undefined, and the caller runs the query.
import type { SqliteCatalog } from '../catalog/sqlite-store.js';
import type { Dimension } from './aggregate.js';
import { Copies, SeveralCopies } from './item-copies.js';
import { Fold, NotFoldable, type Group } from './item-groups.js';
import { packedItems } from './items-packed.js';
import { textOrder, tupleKey } from './sqlite-sum.js';

/** A dimension's value and name in SQL of the documents `d` or the items `i`. */
export type DimensionSql = Record<Dimension, [string, string | null]>;

/** The dimensions that are the items' own; the others are their document's. */
const OF_ITEMS: ReadonlySet<Dimension> = new Set(['ncm', 'product', 'cfop']);

// A group of a document's items is known by two numbers: its document's tuple (the values of the
// document's dimensions, one a copy at most) and its items' (the values of theirs), both small
// whole numbers, not strings: a copy's groups differ by the item's alone, told apart by comparing
// numbers. A document of several copies keys its parts by their values (SeveralCopies).

/** What a report of the items asks: its dimensions, their SQL, each sum's column, the filters. */
export interface ItemsSpec {
  by: readonly Dimension[];
  sql: DimensionSql;
  itemSums: readonly (string | null)[];
  where: { sql: string; params: unknown[] };
}

/** A range of rowids (both ends included; none: all). */
interface RowidRange {
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * A pass's items, and the documents among which their copies are (none: all): a pass over a range
 * of the items reads the documents stored beside them (items-split.ts).
 */
export interface PassRange {
  items: RowidRange;
  /** The ids of the items' packs the pass reads instead of the items (items-split.ts). */
  packs?: RowidRange | undefined;
  documents?: RowidRange | undefined;
}

/** One pass's groups, the documents of several copies it holds. */
export interface FoldedRange {
  fold: Fold;
  several: SeveralCopies;
  /** Copies of items that none of the pass's documents is (the query's join leaves them out). */
  missing: number;
}

/** The keys of the documents of several copies (a role or an owner each): a scan of the key index. */
export function severalCopies(store: SqliteCatalog): unknown[] {
  return store.selectRaw('SELECT key FROM documents GROUP BY key HAVING count(*) > 1').map((r) => r[0]);
}

/** A WHERE clause of these bounds of the rowids of `column` (none: '') and its parameters. */
function bounded(column: string, range: RowidRange = {}): { sql: string; params: unknown[] } {
  const bounds = [
    ...(range.from !== undefined ? [`${column} >= ?`] : []),
    ...(range.to !== undefined ? [`${column} <= ?`] : []),
  ];
  return {
    sql: bounds.length ? `WHERE ${bounds.join(' AND ')}` : '',
    params: [range.from, range.to].filter((r) => r !== undefined),
  };
}

/**
 * The item groups of the items of `range` of `store` (the documents of several copies held, not
 * folded: SeveralCopies.end), or undefined when only the query can give them. `multi`: the keys
 * of several copies (severalCopies), when the caller has them.
 */
export function foldRange(
  store: SqliteCatalog,
  spec: ItemsSpec,
  range: PassRange = { items: {} },
  multiKeys: readonly unknown[] = severalCopies(store),
): FoldedRange | undefined {
  const { by, sql, itemSums, where } = spec;
  const ofDocs = by.map((d) => !OF_ITEMS.has(d));
  const named = by.map((d) => sql[d][1] !== null);
  const multi = new Set(multiKeys);
  const documents = bounded('d.rowid', range.documents);
  // A copy is named by its document's key alone when no document has several (a string less per item).
  const copyOf = (t: string) =>
    multi.size === 0 ? `${t}.key` : `${t}.key || char(0) || ${t}.role || char(0) || ${t}.owner`;
  const copies = new Copies(ofDocs, named);
  const docColumns = by.flatMap((d, n) => (ofDocs[n] ? [sql[d][0], ...(named[n] ? [sql[d][1]!] : [])] : []));
  // Every copy of the range, the filters' verdict a column: a copy of items that none of them is
  // tells that the items are stored apart from their documents (or have none), whatever the filters.
  const kept = where.sql ? `(${where.sql.replace(/^WHERE /, '')})` : '1';
  store.fold(
    [copyOf('d'), "d.status = 'canceled'", kept, ...docColumns].join(', '),
    `FROM documents d ${documents.sql}`,
    [...where.params, ...documents.params],
    copies.read,
  );
  // The item sums as columns read once (the total and the products are both the item's value),
  // as stored: NULL adds nothing, as the query's coalesce(…, 0) (a coalesce per column and item
  // was a tenth of the pass).
  const columns = [...new Set(itemSums.filter((c): c is string => c !== null))];
  const fold = new Fold(
    by.length,
    itemSums.map((c) => (c === null ? -1 : columns.indexOf(c))),
    by.map((d) => sql[d][1]),
  );
  const itemColumns = by.flatMap((d, n) => (ofDocs[n] ? [] : [sql[d][0], ...(named[n] ? [sql[d][1]!] : [])]));
  const reader = new ItemReader(fold, copies, multi, ofDocs, named);
  const items = bounded('i.rowid', range.items);
  // All the items: from their packs where the catalog has them (items-packed.ts).
  const all = range.items.from === undefined && range.items.to === undefined;
  const packed = [...itemColumns, ...columns];
  try {
    // A range of packs that cannot be read now (changed since they were cut): the query.
    if (range.packs) {
      if (!packedItems(store, packed, multi.size > 0, reader.row, range.packs)) return undefined;
    } else if (!all || !packedItems(store, packed, multi.size > 0, reader.row))
      store.fold(
        [copyOf('i'), 'i.number', ...itemColumns, ...columns].join(', '),
        `FROM items i ${items.sql}`,
        items.params,
        reader.row,
      );
    reader.end();
  } catch (error) {
    if (error instanceof NotFoldable) return undefined;
    throw error;
  }
  return { fold, several: reader.several, missing: reader.missing };
}

/**
 * The rows of the pass over the items (the copy's id, the item's number, the value and name of
 * each of the items' dimensions, the sums) into the groups: a copy's items summed into its parts
 * (one a group) as they go by, each part added to its group when the next copy starts.
 */
class ItemReader {
  private readonly m: number;
  /** Where the items' dimensions' values and names are in a row (-1: the document's, or no name). */
  private readonly valueAt: number[] = [];
  private readonly nameAt: number[] = [];
  /** The places of the items' dimensions' values; of their names, by dimension (the others -1). */
  private readonly itemAt: number[];
  private readonly named: number[];
  /** The first sum of a row, and the sums and errors of a part. */
  private readonly first: number;
  private readonly width: number;
  readonly several: SeveralCopies;
  private readonly itemIds = new Map<unknown, number>();
  private readonly itemTuples: unknown[][] = [];
  /** By tuple and item, the group and its values (NULL apart from '': the query's rows keep them apart). */
  private readonly byTuple: ({ group: Group; values: unknown[] } | undefined)[][] = [];

  // The copy being read: its id, place (-1: left out), document's key, whether of several copies.
  private id: unknown;
  private at = -1;
  private key = '';
  private multi = false;
  /** Copies read that no document of the pass is. */
  missing = 0;
  /** The number of its last item: the query sums a document's items in their numbers' order. */
  private last = -Infinity;
  // Its parts, the first `used`: the item's number, the sums (`width` a part), the items' names.
  private used = 0;
  private tuple = 0;
  private items: number[] = [];
  private sums = new Float64Array(0);
  private partNames: unknown[] = [];
  /** A part's names, the document's and the items', handed to the fold (which copies them). */
  private readonly names: unknown[];

  constructor(
    private readonly fold: Fold,
    private readonly copies: Copies,
    private readonly multiKeys: ReadonlySet<unknown>,
    private readonly ofDocs: readonly boolean[],
    named: readonly boolean[],
  ) {
    this.m = ofDocs.length;
    let at = 2;
    for (let n = 0; n < this.m; n++) {
      this.valueAt.push(ofDocs[n] ? -1 : at++);
      this.nameAt.push(!ofDocs[n] && named[n] ? at++ : -1);
    }
    this.first = at;
    this.itemAt = this.valueAt.filter((a) => a >= 0);
    this.named = this.nameAt.flatMap((a, n) => (a >= 0 ? [n] : []));
    this.width = 2 * fold.columns;
    this.several = new SeveralCopies(fold);
    this.names = new Array<unknown>(this.m).fill(null);
  }

  readonly row = (row: unknown[]): void => {
    if (row[0] !== this.id) this.start(row[0]);
    if (this.at < 0) return;
    const item = this.item(row);
    if (this.multi) {
      const { values } = this.group(this.tuple, item);
      this.several.add(this.key, values, this.namesOf(row, -1), this.copies.canceled[this.at]!, row, this.first);
      return;
    }
    const number = row[1] as number;
    if (!(number > this.last)) throw new NotFoldable('items stored out of their order');
    this.last = number;
    let p = 0;
    while (p < this.used && this.items[p] !== item) p++;
    if (p === this.used) this.open(item);
    for (const n of this.named) {
      const name = row[this.nameAt[n]!];
      const had = this.partNames[p * this.m + n];
      if (name !== null && name !== had && (had === null || textOrder(String(name), String(had)) > 0))
        this.partNames[p * this.m + n] = name;
    }
    this.fold.sum(this.sums, row, this.first, p * this.width);
  };

  /** The copy `id` starts: the one before goes into the groups. */
  private start(id: unknown): void {
    this.flush();
    this.id = id;
    this.at = this.copies.find(id as string);
    this.used = 0;
    this.last = -Infinity;
    if (this.at < 0) this.missing++;
    else if (!this.copies.kept[this.at]) this.at = -1;
    if (this.at < 0) return;
    this.tuple = this.copies.tuple[this.at]!;
    this.key = this.multiKeys.size === 0 ? (id as string) : (id as string).slice(0, (id as string).indexOf('\u0000'));
    this.multi = this.multiKeys.size > 0 && this.multiKeys.has(this.key);
  }

  /** The number of the row's values of the items' dimensions. */
  private item(row: readonly unknown[]): number {
    // One dimension of the items' (--by ncm, month,ncm...): its value names them.
    const id = this.itemAt.length === 1 ? row[this.itemAt[0]!] : tupleKey(this.itemAt.map((a) => row[a]));
    let item = this.itemIds.get(id);
    if (item === undefined) {
      this.itemIds.set(id, (item = this.itemTuples.length));
      this.itemTuples.push(this.valueAt.map((a) => (a >= 0 ? row[a] : null)));
    }
    return item;
  }

  /** A part of the copy for the items' values `item`, its sums at 0 and its items' names none yet. */
  private open(item: number): void {
    const p = this.used++;
    this.items[p] = item;
    if (this.sums.length < this.used * this.width) {
      const grown = new Float64Array(2 * this.used * this.width);
      grown.set(this.sums);
      this.sums = grown;
    }
    for (let c = p * this.width; c < this.used * this.width; c++) this.sums[c] = 0;
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

  /** The names of the part `p` (-1: of the row's item), the document's and the items'. */
  private namesOf(row: readonly unknown[], p: number): unknown[] {
    for (let n = 0; n < this.m; n++)
      this.names[n] = this.ofDocs[n]
        ? (this.copies.names[this.at * this.m + n] ?? null)
        : p < 0
          ? this.nameAt[n]! >= 0
            ? row[this.nameAt[n]!]
            : null
          : this.partNames[p * this.m + n];
    return this.names;
  }

  /** The copy read into the groups (of one copy: now; of several: held until the end). */
  private flush(): void {
    if (this.at < 0 || this.multi || this.used === 0) return;
    const canceled = this.copies.canceled[this.at]!;
    for (let p = 0; p < this.used; p++) {
      const { group, values } = this.group(this.tuple, this.items[p]!);
      const names = this.fold.named ? this.namesOf([], p) : this.names;
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
