// `report --by ncm` / `--by product` of one folder's SQLite catalog without a sort: one pass over
// the documents (which the filters keep, which are canceled) and one over the items as they are
// stored, a document's items together, grouped in a Map. The query items-report.ts writes for any
// catalog has SQLite sort every item by (group, document, number) and hands the program one row per
// group and document (629k at 400k documents: 13 s, docs/bench.md); this gives its figures to the
// bit: each group and document summed as SQLite's sum() does (sqlite-sum.ts), rounded to cents by
// Math.round as the query's reader does, then added up; the names and the totals' status taken
// from the rows that query's order puts first (a name) and last (a document's status).
// Items stored otherwise (a document's apart, or out of their numbers' order: another program
// wrote the catalog) or a sum that is not a number: undefined, and the caller runs the query.
import type { SqliteCatalog } from '../catalog/sqlite-store.js';
import type { Dimension } from './aggregate.js';
import { Fold, NotFoldable, type Folded, type Part, type Parts } from './item-groups.js';
import { textOrder } from './sqlite-sum.js';

/** A dimension's value and name in SQL of the documents `d` or the items `i`. */
export type DimensionSql = Record<Dimension, [string, string | null]>;

/** The dimensions that are the items' own; the others are their document's. */
const OF_ITEMS: ReadonlySet<Dimension> = new Set(['ncm', 'product', 'cfop']);

/**
 * The copies of documents (a role and an owner each) the filters keep, in the order stored, as
 * arrays: a Map of 224k objects was half the time of the pass over them. The items are stored
 * with their document, in the same order: each copy's items are looked up at the next place.
 */
class Copies {
  readonly ids: string[] = [];
  readonly canceled: number[] = [];
  /** The values and names of the document's dimensions, `2 * m` a copy (items' dimensions: null). */
  readonly dims: unknown[] = [];
  private done: Uint8Array | undefined;
  private next = 0;
  private byId: Map<string, number> | undefined;

  /** Where the copy `id` is, or -1 when the filters leave it out (or its document is not there). */
  find(id: string): number {
    this.done ??= new Uint8Array(this.ids.length);
    let at = -1;
    for (let n = this.next; n < Math.min(this.next + 4, this.ids.length); n++)
      if (this.ids[n] === id) {
        at = n;
        break;
      }
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

/** The item groups of `store`, or undefined when only the query can give them. */
export function foldItems(
  store: SqliteCatalog,
  by: readonly Dimension[],
  sql: DimensionSql,
  itemSums: readonly (string | null)[],
  where: { sql: string; params: unknown[] },
): Folded | undefined {
  const m = by.length;
  const ofDocs = by.map((d) => !OF_ITEMS.has(d));
  const multi = new Set(store.selectRaw('SELECT key FROM documents GROUP BY key HAVING count(*) > 1').map((r) => r[0]));
  // A copy is named by its document's key alone when no document has several (a string less per item).
  const copyOf = (t: string) =>
    multi.size === 0 ? `${t}.key` : `${t}.key || char(0) || ${t}.role || char(0) || ${t}.owner`;
  const keyOf = (id: string) => (multi.size === 0 ? id : id.slice(0, id.indexOf('\u0000')));
  const docColumns = by.flatMap((d, n) => (ofDocs[n] ? [sql[d][0], sql[d][1] ?? 'NULL'] : []));
  const copies = new Copies();
  store.fold(
    [copyOf('d'), "d.status = 'canceled'", ...docColumns].join(', '),
    `FROM documents d ${where.sql}`,
    where.params,
    (row) => {
      copies.ids.push(row[0] as string);
      copies.canceled.push(row[1] === 1 ? 1 : 0);
      if (docColumns.length > 0)
        for (let n = 0, at = 2; n < m; n++)
          if (ofDocs[n]) copies.dims.push(row[at++], row[at++]);
          else copies.dims.push(null, null);
    },
  );

  // The item sums as columns read once (the total and the products are both the item's value).
  const columns = [...new Set(itemSums.filter((c): c is string => c !== null))];
  const sumAt = itemSums.map((c) => (c === null ? -1 : columns.indexOf(c)));
  const itemColumns = by.flatMap((d, n) => (ofDocs[n] ? [] : [sql[d][0], sql[d][1] ?? 'NULL']));
  const fold = new Fold(
    m,
    sumAt,
    by.map((d) => sql[d][1]),
  );
  const pending = new Map<string, Parts>();
  let id: unknown;
  let copy: Copy | undefined;
  // A single copy's parts are reused by the next (at 629k parts, their allocation was a tenth of the time).
  const scratch: Parts = { list: [], used: 0 };
  let parts = scratch;
  /** The number of the copy's last item: the query sums a document's items in their numbers' order. */
  let last = -Infinity;
  const none = by.map(() => null);
  try {
    store.fold(
      [copyOf('i'), 'i.number', ...itemColumns, ...columns.map((c) => `coalesce(${c}, 0)`)].join(', '),
      'FROM items i',
      [],
      (row) => {
        if (row[0] !== id) {
          if (copy && !copy.multi) fold.document(copy.key, parts, false);
          id = row[0];
          last = -Infinity;
          const at = copies.find(id as string);
          copy = undefined;
          if (at < 0) return;
          const key = keyOf(id as string);
          let values: unknown[] = none;
          let names: unknown[] = none;
          if (docColumns.length > 0) {
            values = [];
            names = [];
            for (let n = 2 * m * at; n < 2 * m * (at + 1); n += 2) {
              values.push(copies.dims[n]);
              names.push(copies.dims[n + 1]);
            }
          }
          copy = {
            key,
            canceled: copies.canceled[at]!,
            values,
            names,
            multi: multi.has(key),
          };
          if (!copy.multi) (parts = scratch).used = 0;
          else parts = pending.get(key) ?? pending.set(key, { list: [], used: 0 }).get(key)!;
        }
        if (!copy) return;
        if (!copy.multi && !((row[1] as number) > last)) throw new NotFoldable('items stored out of their order');
        last = row[1] as number;
        add(copy, parts, row, ofDocs, fold);
      },
    );
  } catch (error) {
    if (error instanceof NotFoldable) return undefined;
    throw error;
  }
  if (copy && !copy.multi) fold.document(copy.key, parts, false);
  for (const [key, of] of pending) fold.document(key, of, true);
  return { groups: fold.groups(), totals: fold.totals };
}

/** A copy whose items are being read. */
interface Copy {
  key: string;
  canceled: number;
  /** Values and names of the document's dimensions (the items' are null here). */
  values: unknown[];
  names: unknown[];
  /** Of a document with several copies: its items are folded when every copy has been read. */
  multi: boolean;
}

/** One item row (its copy's id, number, the items' dimensions' values and names, the sums) into its part. */
function add(copy: Copy, parts: Parts, row: unknown[], ofDocs: readonly boolean[], fold: Fold): void {
  const m = ofDocs.length;
  // The row's part: the one whose values are the row's (a document has a few), compared as they are.
  let part: Part | undefined;
  for (let p = 0; p < parts.used && !part; p++) {
    const values = parts.list[p]!.values;
    let same = true;
    for (let n = 0, at = 2; n < m && same; n++) {
      same = values[n] === (ofDocs[n] ? copy.values[n] : row[at]);
      if (!ofDocs[n]) at += 2;
    }
    if (same) part = parts.list[p];
  }
  if (!part) {
    const values: unknown[] = [];
    for (let n = 0, at = 2; n < m; n++) {
      values.push(ofDocs[n] ? copy.values[n] : row[at]);
      if (!ofDocs[n]) at += 2;
    }
    part = parts.list[parts.used];
    if (!part) parts.list.push((part = { values, names: [], canceled: 0, sums: fold.emptySums(), items: undefined }));
    else part.sums.fill(0);
    parts.used++;
    part.values = values;
    part.names = fold.named ? copy.names.slice() : copy.names;
    part.canceled = 0;
    part.items = copy.multi ? new Map() : undefined;
  }
  if (fold.named)
    for (let n = 0, at = 3; n < m; n++) {
      const name = ofDocs[n] ? copy.names[n] : row[at];
      if (!ofDocs[n]) at += 2;
      if (name !== null && (part.names[n] === null || textOrder(String(name), String(part.names[n])) > 0))
        part.names[n] = name;
    }
  if (copy.canceled > part.canceled) part.canceled = copy.canceled;
  const first = row.length - fold.columns;
  if (!part.items) return fold.sum(part.sums, row, first);
  // Of several copies: each item's sums are the largest its copies give (the query's max()).
  const number = row[1] as number;
  const had = part.items.get(number);
  if (!had) part.items.set(number, row.slice(first) as number[]);
  else
    for (let c = 0; c < fold.columns; c++) if ((row[first + c] as number) > had[c]!) had[c] = row[first + c] as number;
}
