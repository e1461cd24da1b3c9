// An aligned, borderless table for people at a terminal. Rows are buffered (widths depend on all
// of them), cells are made single-line and stripped of control characters (data from the API
// must not move the cursor or recolour the terminal), and the table is fitted to the width:
// columns of numbers, dates and identifiers are never shortened, text columns are shortened
// widest first with an ellipsis, and when that is not enough the least needed columns are left out.
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type TableClass from 'cli-table3';
import type { Locale } from './locale.js';
import type { Cell, Column, Sink } from './writer.js';

interface TableOptions {
  /** Characters available per line. */
  width: number;
  /** Bold headers (ANSI). */
  color: boolean;
  onEmpty(): void;
  /** A note for a person that the table left columns out to fit (leftOutNote), said apart from it. */
  onLeftOut(note: string): void;
  /** The note's language (--locale). */
  locale?: Locale | undefined;
}

/**
 * cli-table3, required on the first table drawn: commands answering in JSON, NDJSON or CSV never
 * load it (12 ms of CPU at each start, with its string-width). It is CommonJS, so it loads here
 * synchronously, as the sink needs it.
 */
let Table: typeof TableClass | undefined;
const tableClass = () => (Table ??= createRequire(import.meta.url)('cli-table3') as typeof TableClass);

const GAP = '  ';
const RIGHT = new Set(['money', 'count', 'decimal', 'share']);
/** A shortened column keeps at least this many characters (or its header, if longer). */
const MIN_WIDTH = 6;
/**
 * Below this, a shortened name says little (`Vieira …`): a table that cannot give each text
 * column this much leaves out a column of lower priority instead.
 */
const READABLE_WIDTH = 16;

const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: GAP,
};

export function createTableSink<R>(out: Writable, columns: readonly Column<R>[], options: TableOptions): Sink<R> {
  const rows: string[][] = [];
  return {
    write(record) {
      rows.push(columns.map((c) => tableCell(c.get(record))));
    },
    end() {
      if (rows.length === 0) return options.onEmpty();
      const { text, leftOut } = layOut(columns, rows, options);
      out.write(text);
      if (leftOut.length > 0) options.onLeftOut(leftOutNote(leftOut, options.width, options.locale));
    },
  };
}

export function renderTable<R>(
  columns: readonly Column<R>[],
  rows: string[][],
  options: Pick<TableOptions, 'width' | 'color'>,
): string {
  return layOut(columns, rows, options).text;
}

/** The table's text, and the headers of the columns it left out to fit. */
function layOut<R>(
  columns: readonly Column<R>[],
  rows: string[][],
  options: Pick<TableOptions, 'width' | 'color'>,
): { text: string; leftOut: string[] } {
  const allHeaders = columns.map((c) => tableCell(c.header));
  const { keep, widths } = fitColumns(columns, allHeaders, rows, options.width);
  const headers = keep.map((i) => allHeaders[i]!);
  const table = new (tableClass())({
    head: options.color ? headers.map((h) => `\u001b[1m${h}\u001b[22m`) : headers,
    chars: BORDERLESS,
    colWidths: widths,
    // Amounts and counts right-aligned, so that their digits line up.
    colAligns: keep.map((i) => (columns[i]!.alignRight || RIGHT.has(columns[i]!.kind ?? 'text') ? 'right' : 'left')),
    truncate: '…',
    wordWrap: false,
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
  });
  table.push(...rows.map((row) => keep.map((i) => row[i]!)));
  const lines = table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd());
  const leftOut = allHeaders.filter((_, i) => !keep.includes(i));
  return { text: `${lines.join('\n')}\n`, leftOut };
}

/**
 * The note after a table that left columns out to fit (designed here; on stderr, as every note):
 * how many, the first of their names that fit the line, and where every column is. A `SELECT *`
 * of `fiscal query` at 80 characters showed 4 of 42 columns and said nothing of the others.
 */
function leftOutNote(names: readonly string[], width: number, locale: Locale | undefined): string {
  const n = names.length;
  const pt = locale === 'pt-BR';
  const where = pt ? 'alargue o terminal, ou -o csv' : 'widen the terminal, or -o csv';
  const head = pt
    ? `+${n} coluna${n === 1 ? '' : 's'} não mostrada${n === 1 ? '' : 's'}`
    : `+${n} column${n === 1 ? '' : 's'} not shown`;
  for (let shown = n; shown > 0; shown--) {
    const list = names.slice(0, shown).join(', ') + (shown < n ? ', …' : '');
    const line = `${head} (${list}): ${where}`;
    if (displayWidth(line) <= width) return line;
  }
  const short = `${head}: ${where}`;
  return displayWidth(short) <= width ? short : `${head} (-o csv)`;
}

/** A value as one line of plain text. */
export function tableCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';

  return String(value).replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

/**
 * Digits and the punctuation of amounts, dates, times, keys and CNPJs (`1.234,56`, `2026-06-15 10:00`,
 * `12.345.678/0001-95`): a cell that a cut would make wrong, not just shorter.
 */
const NUMERIC_CELL = /^[\s\d.,:/+\-%]*\d[\s\d.,:/+\-%]*$/;

/** A column never shortened: marked so, or every value in it is a number, date or identifier. */
function isWhole<R>(column: Column<R>, cells: string[]): boolean {
  if (column.truncate === false) return true;
  const filled = cells.filter((c) => c !== '');
  return filled.length > 0 && filled.every((c) => NUMERIC_CELL.test(c));
}

interface FittedColumns {
  /** Indexes of the columns shown, in their order. */
  keep: number[];
  /** Width of each column shown. */
  widths: number[];
}

/**
 * The columns to show and their widths on a line of `total` characters. Columns of numbers,
 * dates and identifiers are never shortened (a cut amount or date is a wrong one); when the text
 * columns cannot all keep READABLE_WIDTH characters, the columns of lowest priority go first (the
 * rightmost among equals; a column's group with it), down to one. What is left is shortened as fitWidths does.
 */
export function fitColumns<R>(
  columns: readonly Column<R>[],
  headers: string[],
  rows: string[][],
  total: number,
): FittedColumns {
  const whole = columns.map((c, i) =>
    isWhole(
      c,
      rows.map((row) => row[i]!),
    ),
  );
  const natural = columns.map((_, i) =>
    Math.max(1, displayWidth(headers[i]!), ...rows.map((row) => displayWidth(row[i]!))),
  );
  const least = columns.map((c, i) =>
    whole[i]
      ? natural[i]!
      : Math.min(natural[i]!, c.width ?? Infinity, Math.max(READABLE_WIDTH, displayWidth(headers[i]!))),
  );
  const keep = columns.map((_, i) => i);
  const needed = () => keep.reduce((n, i) => n + least[i]!, 0) + GAP.length * (keep.length - 1);
  while (keep.length > 1 && needed() > total) {
    let drop = keep.length - 1;
    for (let k = keep.length - 1; k >= 0; k--) {
      if ((columns[keep[k]!]!.priority ?? 0) < (columns[keep[drop]!]!.priority ?? 0)) drop = k;
    }
    // With the others of its group, unless they are all that is left.
    const group = columns[keep[drop]!]!.group;
    const gone = keep.filter((i, k) => k === drop || (group !== undefined && columns[i]!.group === group));
    if (gone.length === keep.length) keep.splice(drop, 1);
    else for (const i of gone) keep.splice(keep.indexOf(i), 1);
  }
  const kept = keep.map((i): Column<R> =>
    whole[i] ? { header: columns[i]!.header, get: columns[i]!.get, truncate: false } : columns[i]!,
  );
  const widths = fitWidths(
    kept,
    keep.map((i) => headers[i]!),
    rows.map((row) => keep.map((i) => row[i]!)),
    total,
  );
  return { keep, widths };
}

/** Column widths that fit `total` characters per line, if the unshortenable columns allow. */
export function fitWidths<R>(
  columns: readonly Column<R>[],
  headers: string[],
  rows: string[][],
  total: number,
): number[] {
  const available = Math.max(total - GAP.length * (columns.length - 1), columns.length);
  const widths = columns.map((column, i) => {
    const natural = Math.max(displayWidth(headers[i]!), ...rows.map((row) => displayWidth(row[i]!)));
    // A column kept whole is never cut, not even to the line's width (it wraps instead).
    if (column.truncate === false) return Math.max(1, natural);
    return Math.max(1, Math.min(natural, column.width ?? Infinity, available));
  });
  const floor = columns.map((column, i) =>
    column.truncate === false ? widths[i]! : Math.min(widths[i]!, Math.max(MIN_WIDTH, displayWidth(headers[i]!))),
  );
  let excess = widths.reduce((a, b) => a + b, 0) - available;
  while (excess > 0) {
    // Shorten the widest column that can still give, so short columns stay readable.
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (widths[i]! > floor[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    }
    if (widest < 0) break;
    const next = Math.max(...widths.filter((_, i) => i !== widest && widths[i]! > floor[i]!), floor[widest]!);
    const cut = Math.min(excess, Math.max(1, widths[widest]! - next));
    widths[widest]! -= cut;
    excess -= cut;
  }
  return widths;
}

const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uff60\uffe0-\uffe6\p{Extended_Pictographic}]/u;
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200f\ufe0f]/u;

/** Terminal columns a plain string takes: wide East Asian characters and emoji count 2. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    if (ZERO_WIDTH.test(ch)) continue;
    width += WIDE.test(ch) ? 2 : 1;
  }
  return width;
}
