// The report of a folder's documents of one copy each (`--by emitter`, `cfop`, `uf`..., or month
// and status with a filter) grouped in a Map as SQLite reads the rows (SqliteCatalog.fold), and
// the SQL of each dimension and sum that catalog-report.ts's queries share with it. From
// SPLIT_FROM documents the rows are read on two threads (the report's thread, items-worker.ts,
// reads the documents past a cut of their rowids): SQLite evaluating the sums and the status of
// 224k rows and handing them over was some 0.55 s of one core, the most of such a report.
import { monthSql, rankSql } from '../catalog/report-index.js';
import type { SqliteCatalog } from '../catalog/sqlite-store.js';
import { reportThread, reportThreadFile, splitsBeside } from './thread.js';
import type { Dimension } from './aggregate.js';
import { CARGO_KINDS, SUMS } from './facts.js';
import { textOrder, tupleKey } from './sqlite-sum.js';

/** A rank's status as the report names it. */
export function statusOf(rank: string): string {
  return `CASE ${rank} WHEN 3 THEN 'canceled' WHEN 2 THEN 'closed' WHEN 1 THEN 'authorized' ELSE 'unknown' END`;
}

/** Each dimension as a value and a name of a copy's row (aggregate.ts groupValue). */
export const DIMENSION: Partial<Record<Dimension, [string, string | null]>> = {
  month: [`coalesce(${monthSql('d.')}, '')`, null],
  emitter: ["coalesce(d.emitter_tax_id, '')", "nullif(d.emitter_name, '')"],
  receiver: ["coalesce(d.receiver_tax_id, '')", "nullif(d.receiver_name, '')"],
  cfop: ["coalesce(d.cfop, '')", null],
  uf: ["coalesce(CASE WHEN d.role = 'emitted' THEN d.receiver_uf ELSE d.emitter_uf END, '')", null],
  status: [statusOf('s.rank'), null],
  type: ['d.type', null],
  owner: [
    'd.owner',
    "CASE WHEN d.owner = '' THEN NULL WHEN d.owner = d.emitter_tax_id THEN nullif(d.emitter_name, '') WHEN d.owner = d.receiver_tax_id THEN nullif(d.receiver_name, '') END",
  ],
  role: ['d.role', null],
};

export const RANK = rankSql('d.');

/** An MDF-e's stored total is its cargo, never in `total` (facts.ts documentSums). */
const CARGO = `d.type IN (${CARGO_KINDS.map((k) => `'${k}'`).join(', ')})`;
const stored = (s: string) => `round(coalesce(d.${s}, 0) * 100)`;
export const CENTS = SUMS.map((s) =>
  s === 'total'
    ? `CASE WHEN ${CARGO} THEN 0 ELSE ${stored(s)} END`
    : s === 'cargo'
      ? `CASE WHEN ${CARGO} THEN ${stored('total')} ELSE 0 END`
      : stored(s),
);

/** Rows of the documents below which one thread reads them all (a thread's start: some 130 ms). */
const SPLIT_FROM = 100_000;

/**
 * The part of the rowids this thread reads; the other thread, which starts some 130 ms later (node's
 * own modules, its connection), the rest.
 */
const CUT = 0.55;

/** What the report's thread is given to fold the documents from the rowid `from` on. */
export interface DocumentsRequest {
  kind: 'documents';
  path: string;
  by: readonly Dimension[];
  where: { sql: string; params: unknown[] };
  from: number;
}

/**
 * The grouped query's parts (catalog-report.ts), by whether canceled and the group's values: each
 * the values, the names, canceled, 1 (of one copy), the count and the cents.
 */
type Parts = [Map<unknown, unknown[]>, Map<unknown, unknown[]>];

/**
 * The parts of the documents `where` keeps when each is of one copy (else undefined: the general
 * query folds the copies), from two threads where the catalog is
 * large and a core is idle (the rowids past a cut read by the other); in any order the same parts:
 * counts and whole cents add up exactly, a name is the greatest in SQLite's order, as its max().
 */
export async function foldSingleCopies(
  store: SqliteCatalog,
  by: readonly Dimension[],
  where: { sql: string; params: unknown[] },
  /** The tests': split from so many documents, the second part read on this thread without a worker file. */
  splitFrom?: number,
): Promise<unknown[][] | undefined> {
  const file = reportThreadFile();
  const split = splitsBeside(file, splitFrom);
  const cut = split ? cutOf(store, splitFrom ?? SPLIT_FROM) : undefined;
  if (cut === undefined) return severalCopies(store) ? undefined : listOf(foldDocuments(store, by, where));
  const request: DocumentsRequest = { kind: 'documents', path: store.path, by, where, from: cut };
  const thread = file ? reportThread(file, request) : undefined;
  const reply = new Promise<unknown[][][] | Error>((resolve) => {
    if (!thread) return resolve(new Error('no worker file'));
    thread.once('message', resolve);
    thread.once('error', resolve);
    thread.once('exit', (code) => resolve(new Error(`the thread stopped (exit ${code})`)));
  });
  try {
    // Asked once the thread is started: its start (some 130 ms) overlaps the scan (some 45 ms).
    if (severalCopies(store)) return undefined;
    const parts = foldDocuments(store, by, where, { to: cut - 1 });
    let theirs = await reply;
    // The thread could not run (no worker file, a failure): its rows read here, handed over as its.
    if (theirs instanceof Error) theirs = structuredClone(partsOf(foldDocuments(store, by, where, { from: cut })));
    merge(parts, by.length, theirs);
    return listOf(parts);
  } finally {
    void thread?.terminate();
  }
}

/** Whether a document has several copies (a scan of the primary key's index). */
function severalCopies(store: SqliteCatalog): boolean {
  return store.selectRaw('SELECT 1 FROM documents GROUP BY key HAVING count(*) > 1 LIMIT 1').length > 0;
}

/** Where the documents' rowids are cut (CUT), or undefined when they are too few to split. */
function cutOf(store: SqliteCatalog, splitFrom: number): number | undefined {
  // Two sub-queries: SQLite finds a lone min() or max() at an end of the table.
  const [[low, high]] = store.selectRaw(
    'SELECT (SELECT min(rowid) FROM documents), (SELECT max(rowid) FROM documents)',
  ) as [[number | null, number | null]];
  if (low === null || high === null || high - low + 1 < splitFrom) return undefined;
  return low + Math.max(1, Math.floor((high - low) * CUT));
}

/**
 * The parts of the documents of one copy each `where` keeps, among the rowids `rowids` (both ends
 * included; none: all), folded in a Map as SQLite reads them (SqliteCatalog.fold): its GROUP BY
 * sorted every row, some 0.3 s of CPU at 224k documents for 18 groups. The cents are whole
 * numbers: summed here as exactly as by the query's sum(); a name is the greatest in SQLite's
 * order, as its max() gives it.
 */
export function foldDocuments(
  store: SqliteCatalog,
  by: readonly Dimension[],
  where: { sql: string; params: unknown[] },
  rowids: { from?: number; to?: number } = {},
): Parts {
  const m = by.length;
  // Apart by whether canceled (the query's `rank = 3`).
  const parts: Parts = [new Map(), new Map()];
  const columns = [
    ...by.map((d) => DIMENSION[d]![0].replace('s.rank', `(${RANK})`)),
    ...by.map((d) => DIMENSION[d]![1] ?? 'NULL'),
    `${RANK} = 3`,
    ...CENTS,
  ];
  const bounds = [
    ...(rowids.from !== undefined ? ['d.rowid >= ?'] : []),
    ...(rowids.to !== undefined ? ['d.rowid <= ?'] : []),
  ];
  const sql = [where.sql || 'WHERE 1', ...bounds].join(' AND ');
  const params = [...where.params, ...[rowids.from, rowids.to].filter((r) => r !== undefined)];
  store.fold(columns.join(', '), `FROM documents d ${sql}`, params, (row) => {
    const canceled = row[2 * m] as number;
    const id = m === 1 ? row[0] : tupleKey(row.slice(0, m));
    let p = parts[canceled]!.get(id);
    if (!p) parts[canceled]!.set(id, (p = [...row.slice(0, 2 * m), canceled, 1, 0, ...SUMS.map(() => 0)]));
    else nameInto(p, row, m);
    (p[2 * m + 2] as number)++;
    for (let c = 0; c < SUMS.length; c++) (p[2 * m + 3 + c] as number) += row[2 * m + 1 + c] as number;
  });
  return parts;
}

/** The names of `row` into the part `p` where greater (SQLite's max()). */
function nameInto(p: unknown[], row: readonly unknown[], m: number): void {
  for (let n = m; n < 2 * m; n++)
    if (row[n] !== null && (p[n] === null || textOrder(String(row[n]), String(p[n])) > 0)) p[n] = row[n];
}

/** The parts as a thread hands them over: the uncanceled, then the canceled. */
export function partsOf(parts: Parts): unknown[][][] {
  return [[...parts[0].values()], [...parts[1].values()]];
}

/** The parts as the grouped query's rows. */
export function listOf(parts: Parts): unknown[][] {
  return [...parts[0].values(), ...parts[1].values()];
}

/** Parts another thread folded (partsOf) into these: counts and cents added, names the greatest. */
function merge(into: Parts, m: number, from: unknown[][][]): void {
  from.forEach((list, canceled) => {
    for (const q of list) {
      const id = m === 1 ? q[0] : tupleKey(q.slice(0, m));
      const p = into[canceled]!.get(id);
      if (!p) {
        into[canceled]!.set(id, q);
        continue;
      }
      nameInto(p, q, m);
      for (let c = 2 * m + 2; c < q.length; c++) (p[c] as number) += q[c] as number;
    }
  });
}
