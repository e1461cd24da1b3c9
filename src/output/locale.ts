// Money and dates as people read them. The default (`en`) is the machine-friendly output every
// command had: decimals with a dot and no grouping, ISO dates, CSV with `,` and no BOM. `pt-BR`
// is how a Brazilian reads them and how a spreadsheet set to Portuguese (Brazil) opens them:
// `1.234,56` and `15/06/2026` in a table; `1234,56`, `15/06/2026` in a CSV separated by `;`
// (`,` is the decimal mark there) and starting with a UTF-8 BOM (without one, Excel reads the
// file as Windows-1252 and garbles every accent). JSON and NDJSON are never localized.
//
// The one place values are localized: a column may say what its values are (`kind`); a column
// that does not is read by shape (a decimal `1234.56`, an ISO date or date-time), so the columns
// of commands written before locales existed are localized without being told.
import type { Cell } from './writer.js';

export type Locale = 'en' | 'pt-BR';

/**
 * What a column's values are: money (two decimals), a month `YYYY-MM`, text never touched, or a
 * word of the API (a status, a role: said in the locale's words), an identifier (an access key, a
 * CNPJ: text of digits that a spreadsheet must not read as a number), a share (a fraction of a
 * whole, `0.125`: a decimal in a CSV, a percent in a workbook).
 */
export type CellKind = 'money' | 'decimal' | 'share' | 'date' | 'month' | 'count' | 'text' | 'word' | 'id';

/** The API's words (statuses, roles) as a Brazilian reads them. */
const PT_WORDS: Readonly<Record<string, string>> = {
  authorized: 'autorizada',
  canceled: 'cancelada',
  cancelled: 'cancelada',
  denied: 'denegada',
  rejected: 'rejeitada',
  pending: 'pendente',
  unknown: 'desconhecida',
  received: 'recebida',
  receiver: 'destinatária',
  emitted: 'emitida',
  emitter: 'emitente',
  transporter: 'transportadora',
  taker: 'tomadora',
  'not-taker': 'não tomadora',
  intermediate: 'intermediária',
  contractor: 'contratante',
  production: 'produção',
  homologation: 'homologação',
};

/** What a table shows for a value a document does not have (no CFOP, no UF). */
export const noValue = (locale: Locale | undefined): string => (locale === 'pt-BR' ? '(não informado)' : '(none)');

/** A word of the API in `locale` (unknown words as they are). */
export const localWord = (word: string, locale: Locale | undefined): string =>
  locale === 'pt-BR' ? (PT_WORDS[word] ?? word) : word;

interface CsvDialect {
  separator: ',' | ';';
  bom: boolean;
}

export const csvDialect = (locale: Locale | undefined): CsvDialect =>
  locale === 'pt-BR' ? { separator: ';', bom: true } : { separator: ',', bom: false };

const DECIMAL = /^-?\d+\.\d+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO date-time as the documents write it; the offset is dropped (the time is the emitter's own). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** A value as `locale` writes it in a table (`grouped`: `1.234,56`) or a CSV (`1234,56`). */
export function localizeCell(value: Cell, locale: Locale | undefined, where: 'table' | 'csv', kind?: CellKind): Cell {
  if (locale !== 'pt-BR') return where === 'table' ? groupedForPeople(value, kind) : value;
  if (value === null || value === undefined || kind === 'text' || kind === 'id') return value;
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (kind === 'word') return localWord(String(value), locale);
  if (kind === 'money') return value === '' ? value : formatMoney(Number(value), locale, where === 'table');
  if (kind === 'count') return typeof value === 'number' && where === 'table' ? formatCount(value, locale) : value;
  if (typeof value === 'number')
    return Number.isInteger(value) && kind !== 'decimal' && kind !== 'share'
      ? value
      : formatDecimal(value, where === 'table');
  if (kind === 'month') return formatMonth(value, locale);
  if (DECIMAL.test(value)) return formatDecimal(Number(value), where === 'table', value.split('.')[1]!.length);
  const day = DAY.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const time = DATE_TIME.exec(value);
  if (time)
    return `${time[3]}/${time[2]}/${time[1]} ${time[4]}:${time[5]}${time[6] === undefined ? '' : `:${time[6]}`}`;
  return value;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** In every locale, a table's amounts and counts are grouped by thousands (`1,234.56`, `12,345`). */
function groupedForPeople(value: Cell, kind: CellKind | undefined): Cell {
  if ((kind !== 'money' && kind !== 'count') || !(typeof value === 'number' || NUMBER.test(String(value))))
    return value;
  return kind === 'money' ? formatMoney(Number(value), 'en', true) : formatCount(Number(value), 'en');
}

/** Reais with two decimals: `1234.56` (en), `1.234,56` (pt-BR, grouped) or `1234,56` (pt-BR CSV). */
export function formatMoney(value: number, locale: Locale | undefined, grouped: boolean): string {
  const text = formatDecimal(value, grouped, 2);
  return locale === 'pt-BR' ? text : text.replaceAll('.', '#').replace(',', '.').replaceAll('#', ',');
}

/** A whole number grouped by thousands: `12,345` (en), `12.345` (pt-BR). */
export function formatCount(value: number, locale: Locale | undefined): string {
  const grouped = String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return locale === 'pt-BR' ? grouped.replaceAll(',', '.') : grouped;
}

/** A percentage with one decimal: `12.5%`, `12,5%`. */
export function formatPercent(share: number, locale: Locale | undefined): string {
  const text = (share * 100).toFixed(1);
  return `${locale === 'pt-BR' ? text.replace('.', ',') : text}%`;
}

/** `YYYY-MM` as `06/2026` in pt-BR. */
export function formatMonth(month: string, locale: Locale | undefined): string {
  const m = MONTH.exec(month);
  return locale === 'pt-BR' && m ? `${m[2]}/${m[1]}` : month;
}

function formatDecimal(value: number, grouped: boolean, digits?: number): string {
  // Grouping by hand: Intl's pt-BR data may be missing (Node built with small-icu).
  const fixed = digits === undefined ? String(value) : value.toFixed(digits);
  const [whole, fraction] = fixed.split('.');
  const sign = whole!.startsWith('-') ? '-' : '';
  const digitsOnly = sign ? whole!.slice(1) : whole!;
  const body = grouped ? digitsOnly.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : digitsOnly;
  return `${sign}${body}${fraction === undefined ? '' : `,${fraction}`}`;
}
