// The table of the HTML report: the same groups and columns as the CSV of the same report, each
// cell showing its value as the page's locale writes it (CNPJs with their mask) and carrying its
// plain value in `data-value` (what sorting compares, and what a script reading the page gets).
import { SUMS } from './facts.js';
import { escapeHtml, type Words } from './html-text.js';
import { maskTaxId } from '../fiscal/tax-id.js';
import { formatCount, formatMonth, formatMoney, formatPercent, localWord, type Locale } from '../output/locale.js';

type Row = Record<string, string | number>;

const MONEY = new Set<string>(SUMS);
const COUNTS = new Set(['documents', 'canceled']);
const PARTIES = new Set(['emitter', 'receiver', 'owner']);
const NAMES = new Set(['emitter_name', 'receiver_name', 'owner_name']);

const isNumeric = (col: string) => MONEY.has(col) || COUNTS.has(col) || col === 'share';

function cellClass(col: string): string {
  if (isNumeric(col)) return 'num';
  if (NAMES.has(col)) return 'name';
  return PARTIES.has(col) ? 'id' : '';
}

/**
 * A sum of 0.00 in every group (the reform's IBS and CBS before 2026, IPI and ICMS-ST of a firm
 * that pays neither, an MDF-e's cargo where there is none) is a column of zeros: left off the page
 * (not off the CSV), as off a terminal's table, so that the columns with figures fit the window.
 */
const zeroColumn = (col: string, totals: Row) => MONEY.has(col) && col !== 'total' && Number(totals[col] ?? 0) === 0;

export function reportTable(rows: readonly Row[], totals: Row, locale: Locale | undefined, w: Words): string {
  const columns = (rows[0] ? Object.keys(rows[0]) : Object.keys(totals).filter((k) => !k.startsWith('\u0000'))).filter(
    (c) => !zeroColumn(c, totals),
  );
  const head = columns
    .map((c) => `<th data-col="${escapeHtml(c)}" class="${cellClass(c)}">${escapeHtml(w.headers[c] ?? c)}</th>`)
    .join('');
  const cell = (col: string, value: string | number | undefined, total = false) => {
    const v = value ?? '';
    const raw = typeof v === 'number' && MONEY.has(col) ? v.toFixed(2) : String(v);
    const kind = cellClass(col);
    return `<td data-value="${escapeHtml(raw)}"${kind ? ` class="${kind}"` : ''}>${escapeHtml(cellText(col, v, total, locale, w))}</td>`;
  };
  const body = rows.map((r) => `<tr>${columns.map((c) => cell(c, r[c])).join('')}</tr>`).join('\n');
  const foot = `<tr>${columns.map((c, i) => cell(c, i === 0 ? w.totalRow : totals[c], true)).join('')}</tr>`;
  return `<div class="scroll"><table id="report-table"><thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n<tfoot>${foot}</tfoot></table></div>`;
}

function cellText(col: string, v: string | number, total: boolean, locale: Locale | undefined, w: Words): string {
  if (MONEY.has(col)) return formatMoney(Number(v), locale, true);
  if (COUNTS.has(col)) return formatCount(Number(v), locale);
  if (col === 'share') return total ? '' : formatPercent(Number(v), locale);
  if (total) return String(v);
  if (v === '') return w.unknown;
  if (col === 'month') return formatMonth(String(v), locale);
  if (PARTIES.has(col)) return maskTaxId(String(v));
  if (col === 'role' || col === 'status') return localWord(String(v), locale);
  return String(v);
}
