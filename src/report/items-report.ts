// `report --by ncm` and `--by product`: groups of the items of the documents (from the catalog's
// items table), each with the documents it touches and the sums of its items' values and taxes.
// A document's items count once per group however many copies of it the folder holds; canceled
// documents are counted apart and their items left out of the sums, as in every report.
import { SqliteCatalog } from '../catalog/sqlite-store.js';
import type { CatalogStore } from '../catalog/store.js';
import {
  arrange,
  type Dimension,
  type GroupValue,
  type Report,
  type ReportFilters,
  type ReportGroup,
} from './aggregate.js';
import { filterSql } from './catalog-report.js';
import { SUMS } from './facts.js';
import type { DimensionSql, ItemsSpec } from './items-fold.js';
import { foldItems } from './items-split.js';

export const ITEM_DIMENSIONS: ReadonlySet<Dimension> = new Set(['ncm', 'product']);

/** Each dimension as a value (and a name) of a row of items joined with their document. */
const SQL: DimensionSql = {
  month: ['substr(d.emitted_at, 1, 7)', null],
  emitter: ['d.emitter_tax_id', 'd.emitter_name'],
  receiver: ['d.receiver_tax_id', 'd.receiver_name'],
  cfop: ['i.cfop', null],
  uf: ["CASE WHEN d.role = 'emitted' THEN d.receiver_uf ELSE d.emitter_uf END", null],
  status: ["coalesce(d.status, 'unknown')", null],
  type: ['d.type', null],
  owner: ['d.owner', null],
  role: ['d.role', null],
  ncm: ['i.ncm', null],
  product: ['i.product_code', 'i.description'],
};

/** The item column of each sum (the total of an item is its value). */
const ITEM_SUMS: Record<(typeof SUMS)[number], string | null> = {
  total: 'i.value',
  products: 'i.value',
  icms: 'i.icms',
  icms_st: 'i.icms_st',
  ipi: 'i.ipi',
  pis: 'i.pis',
  cofins: 'i.cofins',
  iss: null,
  freight: null,
  ibs: 'i.ibs',
  cbs: 'i.cbs',
  cargo: null,
};

/** What the fold of one SQLite catalog's items is asked (items-fold.ts). */
export function itemsSpec(by: readonly Dimension[], where: { sql: string; params: unknown[] }): ItemsSpec {
  return { by, sql: SQL, itemSums: SUMS.map((s) => ITEM_SUMS[s]), where };
}

/** A catalog to read items from: a pull folder's (the whole of it, or the parts of it `within` names), a shared one's. */
interface ItemsCatalog {
  open(): Promise<CatalogStore>;
  within?: readonly string[] | undefined;
}

/** The item groups of catalogs (pull folders', a shared one's); groups of several are added up. */
export async function itemsReport(
  catalogs: readonly ItemsCatalog[],
  by: readonly Dimension[],
  filters: ReportFilters,
  /** Items from which one SQLite catalog's are read on two threads (items-split.ts; tests set it low). */
  options: { splitFrom?: number } = {},
): Promise<Report> {
  const groups = new Map<string, ReportGroup>();
  const documents = new Map<string, boolean>();
  const dims = by.map((d, n) => `${SQL[d][0]} AS k${n}, max(${SQL[d][1] ?? 'NULL'}) AS n${n}`).join(', ');
  const keys = by.map((_, n) => `k${n}`).join(', ');
  const sums = SUMS.map((s, n) => `max(coalesce(${ITEM_SUMS[s] ?? 'NULL'}, 0)) AS s${n}`).join(', ');
  // Inner: one row per group and item of a document (copies folded); outer: per group. SQL that
  // SQLite and PostgreSQL both read (no max of a boolean, the inner query named).
  const names = by.map((_, n) => `max(n${n})`).join(', ');
  const sqlOf = (where: {
    sql: string;
  }) => `SELECT ${keys}, ${names}, key, max(canceled), ${SUMS.map((_, n) => `sum(s${n})`).join(', ')}
    FROM (SELECT ${dims}, i.key AS key, i.number, max(CASE WHEN d.status = 'canceled' THEN 1 ELSE 0 END) AS canceled, ${sums}
          FROM items i JOIN documents d ON d.key = i.key AND d.role = i.role AND d.owner = i.owner
          ${where.sql} GROUP BY ${keys}, i.key, i.number) AS g
    GROUP BY ${keys}, key`;
  for (const catalog of catalogs) {
    const where = filterSql({ ...filters, within: catalog.within });
    const sql = sqlOf(where);
    const store = await catalog.open();
    try {
      // One SQLite catalog (one pull folder): grouped as its items are read, without a sort.
      const folded =
        catalogs.length === 1 && store instanceof SqliteCatalog
          ? await foldItems(store, itemsSpec(by, where), options.splitFrom)
          : undefined;
      if (folded) return finish(by, folded.groups, folded.totals);
      for (const row of await store.rows(sql, where.params)) {
        const m = by.length;
        const values: GroupValue[] = by.map((_, n) => ({ value: row[n] === null ? '' : String(row[n]) }));
        const id = values.map((v) => v.value).join('\u0000');
        let g = groups.get(id);
        if (!g) groups.set(id, (g = { keys: values, documents: 0, canceled: 0, sums: SUMS.map(() => 0), share: 0 }));
        by.forEach((_, n) => {
          if (row[m + n] !== null && row[m + n] !== undefined) g.keys[n]!.name ??= String(row[m + n]);
        });
        const key = String(row[2 * m]);
        const canceled = Number(row[2 * m + 1]) === 1;
        documents.set(key, canceled);
        if (canceled) g.canceled++;
        else {
          g.documents++;
          SUMS.forEach((_, n) => (g.sums[n]! += Math.round(Number(row[2 * m + 2 + n]) * 100)));
        }
      }
    } finally {
      await store.close();
    }
  }
  return finish(by, [...groups.values()], {
    documents: [...documents.values()].filter((c) => !c).length,
    canceled: [...documents.values()].filter(Boolean).length,
  });
}

/** The groups' shares and order (as the documents' report), and the totals of their sums. */
function finish(by: readonly Dimension[], list: ReportGroup[], counts: Omit<Report['totals'], 'sums'>): Report {
  arrange(list, by);
  const totals = { ...counts, sums: SUMS.map(() => 0) };
  for (const g of list) g.sums.forEach((v, n) => (totals.sums[n]! += v));
  return { by, groups: list, totals };
}
