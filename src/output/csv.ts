// CSV as RFC 4180 describes it, with two deliberate choices:
// - Lines end in LF, not the RFC's CRLF: this output is mostly piped into Unix tools, and
//   spreadsheets, Python's csv and pandas all read LF. Line breaks inside values are kept as they are
//   (quoted).
// - Formula injection: a text cell starting with = + - @ (or tab/CR) is run as a formula by Excel,
//   LibreOffice and Sheets, and values such as names come from third parties. Such cells get a
//   leading `'`, unless the whole cell is a number ("-12.50", "+5511...") so numbers stay numbers.
//   Values of type number are never touched. Consumers needing the raw text can use -o json/ndjson.
// No BOM is written (it breaks `head`, `cut` and friends); the text is UTF-8. The pt-BR dialect
// (locale.ts) is the exception made for spreadsheets: `;` between fields, a BOM first, Portuguese
// column names and words, and identifiers a spreadsheet keeps whole.
import type { Writable } from 'node:stream';
import { localHeader } from './labels-pt.js';
import { csvDialect, localizeCell, type CellKind, type Locale } from './locale.js';
import type { Cell, Column, Sink } from './writer.js';

const NUMERIC = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = { ',': /[",\r\n]/, ';': /[";\r\n]/ };

/** One field, escaped (quoted when it holds the separator, a quote or a line break). */
export function csvField(value: Cell, separator: ',' | ';' = ','): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const safe = FORMULA_START.test(value) && !NUMERIC.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES[separator].test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(cells: readonly Cell[], separator: ',' | ';' = ','): string {
  return `${cells.map((c) => csvField(c, separator)).join(separator)}\n`;
}

/**
 * An identifier (access key, CNPJ) as a spreadsheet set to Portuguese must keep it: `="0123..."`,
 * which Excel and Google Sheets read as the text it holds. Without it, a 44-digit key opens as
 * 2,93E+43 and a CNPJ loses its leading zero. Only the pt-BR dialect (made for spreadsheets) does
 * this; the default CSV is for programs and keeps the digits plain.
 */
function spreadsheetField(value: Cell, kind: CellKind | undefined, locale: Locale | undefined, separator: ',' | ';') {
  if (locale === 'pt-BR' && kind === 'id' && typeof value === 'string' && /^\d+$/.test(value)) return `"=""${value}"""`;
  return csvField(localizeCell(value, locale, 'csv', kind), separator);
}

/**
 * A column's name in CSV, made for programs (an ERP's import, a script's `csv.DictReader`): its
 * machine name, as the records' JSON names the field (`trade_name`, `request_id`), not the table's
 * heading (`TRADE NAME`). The pt-BR dialect, made for spreadsheets, keeps its names as they were
 * (the Portuguese name of a machine name, a table's heading as it is).
 */
export function csvHeader(column: Pick<Column<unknown>, 'header' | 'key'>, locale?: Locale): string {
  const name =
    column.key ??
    column.header
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '');
  return locale === 'pt-BR' ? localHeader(column.header, locale) : name;
}

/** The header goes out with the first record, or alone at the end when there were none. */
export function createCsvSink<R>(out: Writable, columns: readonly Column<R>[], locale?: Locale): Sink<R> {
  const { separator, bom } = csvDialect(locale);
  let headerWritten = false;
  const header = () => {
    if (!headerWritten)
      out.write(
        `${bom ? '\ufeff' : ''}${csvRow(
          columns.map((c) => csvHeader(c, locale)),
          separator,
        )}`,
      );
    headerWritten = true;
  };
  return {
    write(record) {
      header();
      out.write(`${columns.map((c) => spreadsheetField(c.get(record), c.kind, locale, separator)).join(separator)}\n`);
    },
    end() {
      header();
    },
  };
}
