// A report's group as a record (what JSON and NDJSON carry, and CSV's columns: money in reais
// with two decimals) and as a table row (with a bar of the group's share drawn in the terminal).
import { SUMS, type SumName } from '../../report/facts.js';
import type { Dimension, ReportGroup, ReportTotals } from '../../report/aggregate.js';
import { formatPercent, type Locale } from '../../output/locale.js';
import type { Column } from '../../output/writer.js';

export type ReportRecord = Record<string, string | number>;

/** Marks the table's totals row (never in JSON, NDJSON or CSV). */
const TOTAL_ROW = '\u0000total';

/** The dimensions that name a party: a column with the CNPJ, another with the name. */
const NAMED: ReadonlySet<Dimension> = new Set(['emitter', 'receiver', 'owner', 'product']);
/** The dimensions whose values are words of the API (said in the locale's words). */
const WORDS: ReadonlySet<Dimension> = new Set(['status', 'role', 'type']);

const keyKind = (dim: Dimension) =>
  dim === 'month' ? 'month' : WORDS.has(dim) ? 'word' : NAMED.has(dim) ? 'id' : 'text';

const money = (cents: number): number => Math.round(cents) / 100;

export function groupRecord(
  by: readonly Dimension[],
  g: Pick<ReportGroup, 'keys' | 'documents' | 'canceled' | 'sums' | 'share'>,
): ReportRecord {
  const r: ReportRecord = {};
  by.forEach((dim, i) => {
    r[dim] = g.keys[i]!.value;
    if (NAMED.has(dim)) r[`${dim}_name`] = g.keys[i]!.name ?? '';
  });
  r.documents = g.documents;
  r.canceled = g.canceled;
  SUMS.forEach((name, i) => (r[name] = money(g.sums[i]!)));
  r.share = Math.round(g.share * 10000) / 10000;
  return r;
}

/** The table's last row: the totals over every group (a document in two groups counted once). */
export function totalsRecord(by: readonly Dimension[], t: ReportTotals, label: string): ReportRecord {
  const keys = by.map((_, i) => ({ value: i === 0 ? label : '' }));
  return {
    ...groupRecord(by, { keys, documents: t.documents, canceled: t.canceled, sums: t.sums, share: 1 }),
    [TOTAL_ROW]: 1,
  };
}

const SUM_HEADERS: Record<SumName, string> = {
  total: 'TOTAL',
  products: 'PRODUCTS',
  icms: 'ICMS',
  icms_st: 'ICMS-ST',
  ipi: 'IPI',
  pis: 'PIS',
  cofins: 'COFINS',
  iss: 'ISS',
  freight: 'FREIGHT',
  ibs: 'IBS',
  cbs: 'CBS',
};

const fixed = (v: string | number | undefined) => (typeof v === 'number' ? v.toFixed(2) : v);

export function csvColumns(by: readonly Dimension[]): Column<ReportRecord>[] {
  const keys = by.flatMap((dim): Column<ReportRecord>[] => [
    { header: dim, get: (r) => r[dim], kind: keyKind(dim) },
    ...(NAMED.has(dim)
      ? [{ header: `${dim}_name`, get: (r: ReportRecord) => r[`${dim}_name`], kind: 'text' as const }]
      : []),
  ]);
  return [
    ...keys,
    { header: 'documents', get: (r) => r.documents, kind: 'count' },
    { header: 'canceled', get: (r) => r.canceled, kind: 'count' },
    ...SUMS.map((name): Column<ReportRecord> => ({ header: name, get: (r) => fixed(r[name]), kind: 'money' })),
    { header: 'share', get: (r) => r.share, kind: 'decimal' },
  ];
}

const BAR_WIDTH = 12;
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** `█████▍       41.3%`: the share as a bar of BAR_WIDTH cells, in eighths of a cell. */
function shareBar(share: number, locale: Locale | undefined): string {
  const eighths = Math.round(Math.max(0, Math.min(1, share)) * BAR_WIDTH * 8);
  const bar = '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]!;
  return `${bar.padEnd(BAR_WIDTH)} ${formatPercent(share, locale).padStart(6)}`;
}

/**
 * The sums of a table that are 0.00 in every group: taxes are never negative, so a total of zero
 * says so. A terminal's table leaves them out, saying which (designed here); the total never.
 */
export function zeroSums(totals: ReportTotals): SumName[] {
  return SUMS.filter((name, i) => name !== 'total' && totals.sums[i] === 0);
}

/** The headers of sums, for a note that names them. */
export const sumHeaders = (names: readonly SumName[]): string => names.map((n) => SUM_HEADERS[n]).join(', ');

export function tableColumns(
  by: readonly Dimension[],
  locale: Locale | undefined,
  leftOut: readonly SumName[] = [],
): Column<ReportRecord>[] {
  const keys = by.flatMap((dim): Column<ReportRecord>[] => [
    {
      header: dim.toUpperCase(),
      get: (r) => r[dim],
      kind: keyKind(dim),
      truncate: false,
      priority: 6,
    },
    ...(NAMED.has(dim)
      ? [{ header: 'NAME', get: (r: ReportRecord) => r[`${dim}_name`], kind: 'text' as const, width: 30, priority: 5 }]
      : []),
  ]);
  const sum = (name: SumName, priority: number): Column<ReportRecord> => ({
    header: SUM_HEADERS[name],
    get: (r) => fixed(r[name]),
    kind: 'money',
    priority,
  });
  // DOCS counts every document of the group, CANCELED how many of them are canceled (a group of
  // canceled notes reads `DOCS 171 CANCELED 171`, not `DOCS 0`); grouped by status, the STATUS
  // column says it and CANCELED is left out.
  const counts: Column<ReportRecord>[] = [
    { header: 'DOCS', get: (r) => Number(r.documents) + Number(r.canceled), kind: 'count', priority: 6 },
    ...(by.includes('status')
      ? []
      : [{ header: 'CANCELED', get: (r: ReportRecord) => r.canceled, kind: 'count' as const, priority: 4 }]),
  ];
  const sums: [SumName, number][] = [
    ['products', 2],
    ['icms', 2],
    ['icms_st', 1],
    ['ipi', 1],
    ['pis', 1],
    ['cofins', 1],
    ['iss', 1],
    ['freight', 1],
    ['ibs', 1],
    ['cbs', 1],
  ];
  return [
    ...keys,
    ...counts,
    sum('total', 6),
    {
      header: 'SHARE',
      get: (r) => (r[TOTAL_ROW] ? '' : shareBar(Number(r.share), locale)),
      kind: 'text',
      truncate: false,
      priority: 5,
    },
    ...sums.filter(([name]) => !leftOut.includes(name)).map(([name, priority]) => sum(name, priority)),
  ];
}
