// A report's group as a record (what JSON and NDJSON carry, and CSV's columns: money in reais
// with two decimals) and as a table row (with a bar of the group's share drawn in the terminal).
import { SUMS, type SumName } from '../../report/facts.js';
import type { Dimension, ReportGroup, ReportTotals } from '../../report/aggregate.js';
import { localTableHeader } from '../../output/labels-pt.js';
import { formatPercent, noValue, type Locale } from '../../output/locale.js';
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
  cargo: 'CARGO',
};

const sumHeader = (name: SumName, locale: Locale | undefined) => localTableHeader(name, SUM_HEADERS[name], locale);

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
    { header: 'share', get: (r) => r.share, kind: 'share' },
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
export const sumHeaders = (names: readonly SumName[], locale: Locale | undefined): string =>
  names.map((n) => sumHeader(n, locale)).join(', ');

/**
 * The sums after TOTAL, each with its priority to stay when the table does not fit (designed
 * here): the goods' value and ICMS longest; then PIS and COFINS (together), ICMS-ST, IPI, ISS;
 * then the reform's IBS and CBS (together: one without the other reads as if it were 0); freight
 * and an MDF-e's cargo first to go.
 */
const SUM_COLUMNS: [SumName, number, string?][] = [
  ['products', 3],
  ['icms', 3],
  ['icms_st', 2],
  ['ipi', 2],
  ['pis', 2, 'pis-cofins'],
  ['cofins', 2, 'pis-cofins'],
  ['iss', 2],
  ['ibs', 1, 'reform'],
  ['cbs', 1, 'reform'],
  ['freight', 0],
  ['cargo', 0],
];

export function tableColumns(
  by: readonly Dimension[],
  locale: Locale | undefined,
  leftOut: readonly SumName[] = [],
): Column<ReportRecord>[] {
  // A group without a value (no CFOP, no UF, a loose file's role) says so; the total row's are blank.
  const key = (r: ReportRecord, name: string) => (r[name] === '' && !r[TOTAL_ROW] ? noValue(locale) : r[name]);
  const keys = by.flatMap((dim): Column<ReportRecord>[] => [
    {
      header: localTableHeader(dim, dim.toUpperCase(), locale),
      get: (r) => key(r, dim),
      kind: keyKind(dim),
      truncate: false,
      priority: 6,
    },
    ...(NAMED.has(dim)
      ? [
          {
            header: localTableHeader(`${dim}_name`, 'NAME', locale),
            get: (r: ReportRecord) => r[`${dim}_name`],
            kind: 'text' as const,
            width: 30,
            priority: 5,
          },
        ]
      : []),
  ]);
  const sum = (name: SumName, priority: number, group?: string): Column<ReportRecord> => ({
    header: sumHeader(name, locale),
    get: (r) => fixed(r[name]),
    kind: 'money',
    priority,
    group,
  });
  // DOCS counts every document of the group, CANCELED how many of them are canceled (a group of
  // canceled notes reads `DOCS 171 CANCELED 171`, not `DOCS 0`); grouped by status, the STATUS
  // column says it and CANCELED is left out. CANCELED stays as long as DOCS and TOTAL: without
  // it, DOCS would seem to be the documents TOTAL sums.
  const counts: Column<ReportRecord>[] = [
    { header: 'DOCS', get: (r) => Number(r.documents) + Number(r.canceled), kind: 'count', priority: 6 },
    ...(by.includes('status')
      ? []
      : [
          {
            header: localTableHeader('canceled', 'CANCELED', locale),
            get: (r: ReportRecord) => r.canceled,
            kind: 'count' as const,
            priority: 6,
          },
        ]),
  ];
  return [
    ...keys,
    ...counts,
    sum('total', 6),
    {
      header: localTableHeader('share', 'SHARE', locale),
      get: (r) => (r[TOTAL_ROW] ? '' : shareBar(Number(r.share), locale)),
      kind: 'text',
      truncate: false,
      priority: 5,
    },
    ...SUM_COLUMNS.filter(([name]) => !leftOut.includes(name)).map(([name, priority, group]) =>
      sum(name, priority, group),
    ),
  ];
}
