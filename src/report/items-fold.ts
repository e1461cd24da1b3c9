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
import { batchColumns, packedBatches, RowBatches } from './item-batches.js';
import { Copies, type SeveralCopies } from './item-copies.js';
import { Fold, NotFoldable } from './item-groups.js';
import { batchPlaces, ItemReader } from './items-reader.js';

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
  // A copy is named by its document's key alone when no document has several (a string less per item).
  const copyOf = (t: string) =>
    multi.size === 0 ? `${t}.key` : `${t}.key || char(0) || ${t}.role || char(0) || ${t}.owner`;
  const copies = new Copies(ofDocs, named);
  const docColumns = by.flatMap((d, n) => (ofDocs[n] ? [sql[d][0], ...(named[n] ? [sql[d][1]!] : [])] : []));
  // The item sums as columns read once (the total and the products are both the item's value),
  // as stored: NULL adds nothing, as the query's coalesce(…, 0) (a coalesce per column and item
  // was a tenth of the pass).
  const columns = [...new Set(itemSums.filter((c): c is string => c !== null))];
  const fold = new Fold(
    by.length,
    itemSums.map((c) => (c === null ? -1 : columns.indexOf(c))),
    by.map((d) => sql[d][1]),
  );
  // The items in batches of the packs' form (item-batches.ts): their packs where the catalog has
  // them, else their rows put in that form.
  const places = batchPlaces(
    by.map((d, n) => (ofDocs[n] ? undefined : sql[d][0])),
    by.map((d, n) => (ofDocs[n] ? undefined : sql[d][1])),
    columns,
  );
  if (!places) return undefined;
  const reader = new ItemReader(fold, copies, multi, ofDocs, places);
  const items = bounded('i.rowid', range.items);
  const all = range.items.from === undefined && range.items.to === undefined;
  try {
    readCopies(store, copies, copyOf('d'), where, docColumns, range.documents);
    // A range of packs that cannot be read now (changed since they were cut): the query.
    if (range.packs) {
      if (!packedBatches(store, multi.size > 0, reader.read, range.packs)) return undefined;
    } else if (!all || !packedBatches(store, multi.size > 0, reader.read)) {
      const used = by.flatMap((d, n) => (ofDocs[n] ? [] : [sql[d][0], ...(named[n] ? [sql[d][1]!] : [])]));
      const rows = new RowBatches(reader.read);
      store.fold(
        batchColumns(copyOf('i'), new Set(['number', ...[...used, ...columns].map((c) => c.replace(/^i\./, ''))])),
        `FROM items i ${items.sql}`,
        items.params,
        rows.row,
      );
      rows.end();
    }
    reader.end();
  } catch (error) {
    if (error instanceof NotFoldable) return undefined;
    throw error;
  }
  return { fold, several: reader.several, missing: reader.missing };
}

/**
 * Every copy of the documents of `range` (none: all) into `copies`, the filters' verdict a field:
 * a copy of items that none of them is tells that the items are stored apart from their
 * documents (or have none), whatever the filters.
 */
function readCopies(
  store: SqliteCatalog,
  copies: Copies,
  id: string,
  where: ItemsSpec['where'],
  columns: readonly string[],
  range: RowidRange = {},
): void {
  const [[low, high]] = store.selectRaw(
    'SELECT (SELECT min(rowid) FROM documents), (SELECT max(rowid) FROM documents)',
  ) as [[number | null, number | null]];
  if (low === null || high === null) return;
  const kept = where.sql ? `(${where.sql.replace(/^WHERE /, '')})` : '1';
  const record = Copies.recordSql(id, kept, columns);
  for (const [from, to] of Copies.slices(Math.max(low, range.from ?? low), Math.min(high, range.to ?? high))) {
    const { text, count } = store.joined(record, 'FROM documents d WHERE d.rowid BETWEEN ? AND ?', [
      ...where.params,
      from,
      to,
    ]);
    copies.read(text, count);
  }
}
