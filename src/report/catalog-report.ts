// The report of one pull folder grouped by its catalog itself (GROUP BY the dimensions), without a
// JS object per document: what `collect.ts` + `aggregate.ts` give for the same folder, in a tenth of
// the time and memory on a large folder (docs/bench.md). The rules are theirs, written in SQL:
// a document counts once per group however many copies (roles, owners) it has; its status is the
// highest any of its copies gives (canceled > closed > authorized, doc-status.ts with no events:
// the catalog's status column holds what the folder learnt of them); canceled documents are counted
// apart and left out of the sums; a row whose file could not be read is a problem, not a document.
// Only SQLite (its money is a REAL, rounded to cents per document as catalog-documents.ts does).
import { monthSql } from '../catalog/report-index.js';
import { SqliteCatalog } from '../catalog/sqlite-store.js';
import type { CatalogStore } from '../catalog/store.js';
import { arrange, type Dimension, type GroupValue, type Report, type ReportFilters } from './aggregate.js';
import { CENTS, DIMENSION, foldSingleCopies, RANK, statusOf } from './documents-fold.js';
import { SUMS } from './facts.js';

/** A row catalogued without facts: its file could not be read (catalog-documents.ts). */
const UNREAD = 'd.emitted_at IS NULL AND d.emitter_tax_id IS NULL';
/** Implied by UNREAD, and what the report's index is searched with. */
const NO_MONTH = `${monthSql('d.')} IS NULL`;

/**
 * The documents of several copies (on the primary key's index alone: cheap). Only they need their
 * copies folded, by key; every other row is one document, summed as it is scanned (folding all by
 * key walks the table in key order: three times slower).
 */
const MULTI = 'multi AS (SELECT key FROM documents GROUP BY key HAVING count(*) > 1)';

/** Each multi-copy document's status from all its copies, whatever the filters keep of them. */
const STATUS = `(SELECT d.key AS key, max(${RANK}) AS rank FROM documents d
  WHERE NOT (${UNREAD}) AND d.key IN (SELECT key FROM multi) GROUP BY d.key)`;

/**
 * What a report keeps of a catalog: its filters, and where the inputs named parts of a pull folder
 * (src/report/inputs.ts), the paths its copies must lie at or under.
 */
type CatalogFilters = ReportFilters & { within?: readonly string[] | undefined };

/** The copies `d` at or under the paths `within` (a file's, or a folder's: exactly, not as a LIKE pattern). */
function withinSql(within: readonly string[]): { sql: string; params: unknown[] } {
  return {
    sql: `(${within.map(() => '(d.path = ? OR substr(d.path, 1, ?) = ?)').join(' OR ')})`,
    params: within.flatMap((rel) => [rel, rel.length + 1, `${rel}/`]),
  };
}

/** The filters as a WHERE on the documents `d` (items-report.ts too), after the conditions `first`. */
export function filterSql(f: CatalogFilters, first: string[] = []): { sql: string; params: unknown[] } {
  const parts = [...first];
  const params: unknown[] = [];
  const inList = (column: string, values: readonly string[] | undefined) => {
    if (!values) return;
    parts.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  if (f.from) parts.push('substr(d.emitted_at, 1, 10) >= ?') && params.push(f.from);
  if (f.to) parts.push('substr(d.emitted_at, 1, 10) <= ?') && params.push(f.to);
  inList('d.type', f.types);
  inList('d.role', f.roles);
  inList('d.owner', f.owners);
  if (f.within) {
    const w = withinSql(f.within);
    parts.push(w.sql);
    params.push(...w.params);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

interface CatalogReport {
  report: Report;
  problems: { path: string; error: string }[];
  /** Copies of documents the catalog holds (counted when asked: a scan of its own). */
  catalogued: number | undefined;
}

/** The report of one catalog (closed once read); `by` undefined: by month, and by role too when both flows are there. */
export async function catalogReport(
  store: CatalogStore,
  wanted: readonly Dimension[] | undefined,
  filters: CatalogFilters,
  count = false,
): Promise<CatalogReport> {
  try {
    const where = filterSql(filters, [`NOT (${UNREAD})`]);
    const by = wanted ?? ((await bothFlows(store, where)) ? ['role', 'month'] : ['month']);
    const m = by.length;
    // The values, then the names (a UNION matches columns by position).
    const dims = (rank: string) =>
      [
        ...by.map((d, n) => `${DIMENSION[d]![0].replace('s.rank', `(${rank})`)} AS k${n}`),
        ...by.map((d, n) => `${DIMENSION[d]![1] ?? 'NULL'} AS n${n}`),
      ].join(', ');
    const ks = by.map((_, n) => `k${n}`).join(', ');
    // One row per document and group: the single copies as scanned (`one`), the others folded by key.
    const rows = `SELECT ${dims(RANK)}, 1 AS one, ${RANK} AS rank,
        ${CENTS.map((c, n) => `${c} AS s${n}`).join(', ')}
      FROM documents d ${where.sql} AND d.key NOT IN (SELECT key FROM multi)
      UNION ALL
      SELECT ${ks}, ${by.map((_, n) => `max(n${n})`).join(', ')}, 0, rank, ${SUMS.map((_, n) => `max(s${n})`).join(', ')}
      FROM (SELECT ${dims('s.rank')}, d.key AS key, s.rank AS rank,
          ${CENTS.map((c, n) => `${c} AS s${n}`).join(', ')}
        FROM documents d JOIN ${STATUS} s ON s.key = d.key ${where.sql}) AS c
      GROUP BY ${ks}, key, rank`;
    const counted = (only = 'TRUE') =>
      [
        `sum(CASE WHEN ${only} AND rank <> 3 THEN 1 ELSE 0 END)`,
        `sum(CASE WHEN ${only} AND rank = 3 THEN 1 ELSE 0 END)`,
        ...SUMS.map((_, n) => `sum(CASE WHEN ${only} AND rank <> 3 THEN s${n} ELSE 0 END)`),
      ].join(', ');
    const width = 2 + SUMS.length;
    // Grouped by whether canceled and whether of one copy too, so that each sum is a plain one:
    // a CASE per sum and row was half the query's time at 224k documents (docs/bench.md). The
    // parts are folded here, a few rows per group.
    const fast = await byMonthAndStatus(store, by, filters);
    const single = fast ?? (await ofSingleCopies(store, by, where));
    const parts =
      single ??
      (await store.rows(
        `WITH ${MULTI} SELECT ${ks}, ${by.map((_, n) => `max(n${n})`).join(', ')}, rank = 3, one, count(*),
         ${SUMS.map((_, n) => `sum(s${n})`).join(', ')}
       FROM (${rows}) AS r GROUP BY ${ks}, rank = 3, one`,
        [...where.params, ...where.params],
      ));
    const grouped = foldParts(parts, m, width);
    // The totals count each document once: those of one copy are in one group each; the others
    // (in two groups when their copies differ) are folded by key alone.
    const [folded] = single
      ? []
      : await store.rows(
          `WITH ${MULTI} SELECT ${counted()} FROM (SELECT s.rank AS rank, ${CENTS.map((c, n) => `max(${c}) AS s${n}`).join(', ')}
         FROM documents d JOIN ${STATUS} s ON s.key = d.key ${where.sql} GROUP BY d.key, s.rank) AS t`,
          where.params,
        );
    const t = Array.from({ length: width }, (_, n) => Number(folded?.[n] ?? 0));
    for (const r of grouped) for (let n = 0; n < width; n++) t[n]! += Number(r[2 * m + width + n]);
    const groups = grouped.map((r) => ({
      keys: by.map((_, n): GroupValue => ({ value: String(r[n]), name: (r[m + n] as string | null) ?? undefined })),
      documents: Number(r[2 * m]),
      canceled: Number(r[2 * m + 1]),
      sums: SUMS.map((_, n) => Number(r[2 * m + 2 + n])),
      share: 0,
    }));
    arrange(groups, by);
    const totals = { documents: t[0]!, canceled: t[1]!, sums: t.slice(2) };
    // A row not read has no month: the report's index finds them (none when the fast path ran).
    const part = filterSql({ within: filters.within }, [NO_MONTH, UNREAD]);
    const unread = fast
      ? []
      : await store.rows(`SELECT d.path FROM documents d ${part.sql} ORDER BY d.rowid`, part.params);
    const problems = unread.map((r) => ({
      path: String(r[0]),
      error: 'its file could not be read when the folder was catalogued',
    }));
    const read = filterSql({ within: filters.within }, [`NOT (${UNREAD})`]);
    const [copies] = count ? await store.rows(`SELECT count(*) FROM documents d ${read.sql}`, read.params) : [];
    return { report: { by, groups, totals }, problems, catalogued: copies && Number(copies[0]) };
  } finally {
    await store.close();
  }
}

/**
 * The grouped query's parts read from the report's index in its order (report-index.ts), without
 * a sort, when they can be: no filters, dimensions among the month and the status, every row read
 * with a month, and every document of one copy (else the general query folds the copies). Grouped
 * by month and rank whatever the dimensions: foldParts adds up the parts of one group.
 */
async function byMonthAndStatus(
  store: CatalogStore,
  by: readonly Dimension[],
  f: CatalogFilters,
): Promise<unknown[][] | undefined> {
  if (f.from || f.to || f.types || f.roles || f.owners || f.within) return undefined;
  if (!by.every((d) => d === 'month' || d === 'status')) return undefined;
  const [noMonth] = await store.rows(`SELECT 1 FROM documents d WHERE ${NO_MONTH} LIMIT 1`);
  const [multi] = await store.rows('SELECT 1 FROM documents GROUP BY key HAVING count(*) > 1 LIMIT 1');
  if (noMonth || multi) return undefined;
  const month = monthSql('d.');
  const rows = await store.rows(
    `SELECT ${month}, ${statusOf(RANK)}, ${RANK} = 3, count(*), ${CENTS.map((c) => `sum(${c})`).join(', ')}
     FROM documents d WHERE ${month} IS NOT NULL GROUP BY ${month}, ${RANK}`,
  );
  // As the general query's parts: the values, the names (none), canceled, of one copy, the count and sums.
  return rows.map(([m, status, ...rest]) => [
    ...by.map((d) => (d === 'month' ? m : status)),
    ...by.map(() => null),
    rest[0],
    1,
    ...rest.slice(1),
  ]);
}

/** The documents, when each is of one copy, grouped in a Map as SQLite reads them. */
async function ofSingleCopies(
  store: CatalogStore,
  by: readonly Dimension[],
  where: { sql: string; params: unknown[] },
): Promise<unknown[][] | undefined> {
  if (!(store instanceof SqliteCatalog)) return undefined;
  return foldSingleCopies(store, by, where);
}

/**
 * The rows of the grouped query, each split by (canceled, one copy), folded into one row per
 * group as the report reads them: the group's values and names, then its counts and sums (not
 * canceled; canceled counted apart), then the same for its documents of one copy.
 */
function foldParts(parts: unknown[][], m: number, width: number): unknown[][] {
  const groups = new Map<string, unknown[]>();
  for (const p of parts) {
    const id = JSON.stringify(p.slice(0, m));
    let g = groups.get(id);
    if (!g) groups.set(id, (g = [...p.slice(0, 2 * m), ...new Array<number>(2 * width).fill(0)]));
    // A name as max() gives it over the whole group.
    for (let n = m; n < 2 * m; n++) if (p[n] != null && (g[n] == null || String(p[n]) > String(g[n]))) g[n] = p[n];
    const [canceled, one, count] = [p[2 * m], p[2 * m + 1], Number(p[2 * m + 2])];
    for (const at of Number(one) === 1 ? [2 * m, 2 * m + width] : [2 * m]) {
      if (Number(canceled) === 1) {
        (g[at + 1] as number) += count;
        continue;
      }
      (g[at] as number) += count;
      for (let n = 0; n < width - 2; n++) (g[at + 2 + n] as number) += Number(p[2 * m + 3 + n] ?? 0);
    }
  }
  return [...groups.values()];
}

/** Whether the copies the filters keep hold both purchases and sales (flows.ts). */
async function bothFlows(store: CatalogStore, where: { sql: string; params: unknown[] }): Promise<boolean> {
  const rows = await store.rows(
    `SELECT DISTINCT CASE WHEN d.role IN ('received', 'taker') THEN 'in' ELSE 'out' END FROM documents d
     ${where.sql} AND d.role IN ('received', 'taker', 'emitted')`,
    where.params,
  );
  return rows.length > 1;
}
