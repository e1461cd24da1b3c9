// CSV as RFC 4180 describes it, with two deliberate choices:
// - Lines end in LF, not the RFC's CRLF: this output is mostly piped into Unix tools, and
//   spreadsheets, Python's csv and pandas all read LF. Line breaks inside values are kept as they are
//   (quoted).
// - Formula injection: a text cell starting with = + - @ (or tab/CR) is run as a formula by Excel,
//   LibreOffice and Sheets, and values such as names come from third parties. Such cells get a
//   leading `'`, unless the whole cell is a number ("-12.50", "+5511...") so numbers stay numbers.
//   Values of type number are never touched. Consumers needing the raw text can use -o json/ndjson.
// No BOM is written (it breaks `head`, `cut` and friends); the text is UTF-8. The pt-BR dialect
// (locale.ts) is the exception made for spreadsheets: `;` between fields and a BOM first.
import type { Writable } from 'node:stream';
import { csvDialect, localizeCell, type Locale } from './locale.js';
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

/** The header goes out with the first record, or alone at the end when there were none. */
export function createCsvSink<R>(out: Writable, columns: readonly Column<R>[], locale?: Locale): Sink<R> {
  const { separator, bom } = csvDialect(locale);
  let headerWritten = false;
  const header = () => {
    if (!headerWritten)
      out.write(
        `${bom ? '\ufeff' : ''}${csvRow(
          columns.map((c) => c.header),
          separator,
        )}`,
      );
    headerWritten = true;
  };
  return {
    write(record) {
      header();
      out.write(
        csvRow(
          columns.map((c) => localizeCell(c.get(record), locale, 'csv', c.kind)),
          separator,
        ),
      );
    },
    end() {
      header();
    },
  };
}
