// `-o xlsx`: the records as a workbook a spreadsheet opens right, with no import wizard. Each
// column says what its values are (Column.kind), and the cells follow: access keys and CNPJs as
// text (every digit and leading zero kept, never 2,93E+43), amounts as numbers shown as R$, dates
// as dates, words of the API in the locale's words. The header row is frozen and has filters,
// each column is as wide as what it holds, and with --locale pt-BR the names are Portuguese.
//
// The workbook is made whole at the end (its column widths depend on every row), by exceljs,
// which is loaded only here, on the first xlsx written (--help and other formats never load it).
import type { Writable } from 'node:stream';
import { localHeader } from './labels-pt.js';
import { localWord, type CellKind, type Locale } from './locale.js';
import { deferOutput } from './pending.js';
import type { Cell, Column, Sink } from './writer.js';

interface XlsxCell {
  value: string | number | boolean | Date | null;
  /** Excel's number format: how the value is shown. */
  numFmt?: string;
}

const MONEY = '"R$" #,##0.00';
const FORMATS = {
  money: MONEY,
  count: '#,##0',
  share: '0.0%',
  decimal: '#,##0.00',
  day: 'dd/mm/yyyy',
  time: 'dd/mm/yyyy hh:mm:ss',
  month: 'mm/yyyy',
};

const NUMBER = /^-?\d+(\.\d+)?$/;
const DECIMAL = /^-?\d+\.\d+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The offset is dropped: the time shown is the emitter's own, as every other output shows it. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** A value as a spreadsheet cell, by what its column says it is (or by its shape). */
function xlsxCell(value: Cell, kind: CellKind | undefined, locale: Locale | undefined): XlsxCell {
  if (value === null || value === undefined || value === '') return { value: null };
  if (typeof value === 'boolean') return { value };
  if (kind === 'text' || kind === 'id') return { value: String(value) };
  if (kind === 'word') return { value: localWord(String(value), locale) };
  const numeric = typeof value === 'number' || NUMBER.test(value);
  if (kind === 'money' && numeric) return { value: Number(value), numFmt: MONEY };
  if (kind === 'count' && numeric) return { value: Number(value), numFmt: FORMATS.count };
  if (kind === 'decimal' && numeric) return { value: Number(value), numFmt: FORMATS.decimal };
  if (kind === 'share' && numeric) return { value: Number(value), numFmt: FORMATS.share };
  if (typeof value === 'number') return { value, numFmt: Number.isInteger(value) ? undefined : FORMATS.decimal };
  const month = kind === 'month' ? MONTH.exec(value) : null;
  if (month) return { value: new Date(Date.UTC(+month[1]!, +month[2]! - 1, 1)), numFmt: FORMATS.month };
  const day = DAY.exec(value);
  if (day) return { value: new Date(Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!)), numFmt: FORMATS.day };
  const t = DATE_TIME.exec(value);
  if (t)
    return {
      value: new Date(Date.UTC(+t[1]!, +t[2]! - 1, +t[3]!, +t[4]!, +t[5]!, +(t[6] ?? 0))),
      numFmt: FORMATS.time,
    };
  // A decimal written as text (`1234.56`) is a number; digits alone (keys, CNPJs, codes) stay text.
  if (DECIMAL.test(value)) return { value: Number(value), numFmt: FORMATS.decimal };
  return { value };
}

/** Characters a cell shows, to size its column. */
function shownLength(cell: XlsxCell): number {
  if (cell.value === null) return 0;
  if (cell.value instanceof Date) return cell.numFmt === FORMATS.time ? 19 : 10;
  if (typeof cell.value === 'number') return cell.value.toFixed(2).length + (cell.numFmt === MONEY ? 6 : 2);
  return String(cell.value).length;
}

const MAX_WIDTH = 60;

export function createXlsxSink<R>(out: Writable, columns: readonly Column<R>[], locale: Locale | undefined): Sink<R> {
  const rows: XlsxCell[][] = [];
  return {
    write(record) {
      rows.push(columns.map((c) => xlsxCell(c.get(record), c.kind, locale)));
    },
    end() {
      deferOutput(out, writeWorkbook(out, columns, rows, locale));
    },
  };
}

async function writeWorkbook<R>(
  out: Writable,
  columns: readonly Column<R>[],
  rows: XlsxCell[][],
  locale: Locale | undefined,
): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'fiscal';
  const sheet = book.addWorksheet(locale === 'pt-BR' ? 'Dados' : 'Data', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const headers = columns.map((c) => localHeader(c.header, locale));
  sheet.columns = headers.map((header, i) => ({
    header,
    width: Math.min(MAX_WIDTH, Math.max(header.length + 4, ...rows.map((r) => shownLength(r[i]!))) + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of rows) {
    const row = sheet.addRow(cells.map((c) => c.value));
    cells.forEach((c, i) => {
      if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
    });
  }
  if (columns.length > 0)
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + rows.length, column: columns.length } };
  const bytes = await book.xlsx.writeBuffer();
  await new Promise<void>((resolve, reject) =>
    out.write(Buffer.from(bytes as ArrayBuffer), (e) => (e ? reject(e) : resolve())),
  );
}
