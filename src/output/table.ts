// An aligned, borderless table for people at a terminal. Rows are buffered (widths depend on all
// of them), cells are made single-line and stripped of control characters (data from the API
// must not move the cursor or recolour the terminal), and the table is fitted to the width by
// shortening the widest shortenable columns first, with an ellipsis.
import type { Writable } from 'node:stream';
import Table from 'cli-table3';
import type { Cell, Column, Sink } from './writer.js';

export interface TableOptions {
  /** Characters available per line. */
  width: number;
  /** Bold headers (ANSI). */
  color: boolean;
  onEmpty(): void;
}

const GAP = '  ';
/** A shortened column keeps at least this many characters (or its header, if longer). */
const MIN_WIDTH = 6;

const BORDERLESS = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
  bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '',
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
      out.write(renderTable(columns, rows, options));
    },
  };
}

export function renderTable<R>(columns: readonly Column<R>[], rows: string[][], options: Pick<TableOptions, 'width' | 'color'>): string {
  const headers = columns.map((c) => tableCell(c.header));
  const widths = fitWidths(columns, headers, rows, options.width);
  const table = new Table({
    head: options.color ? headers.map((h) => `\u001b[1m${h}\u001b[22m`) : headers,
    chars: BORDERLESS,
    colWidths: widths,
    truncate: '…',
    wordWrap: false,
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
  });
  table.push(...rows);
  const lines = table.toString().split('\n').map((line) => line.trimEnd());
  return `${lines.join('\n')}\n`;
}

/** A value as one line of plain text. */
export function tableCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  // eslint-disable-next-line no-control-regex
  return String(value).replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

/** Column widths that fit `total` characters per line, if the unshortenable columns allow. */
export function fitWidths<R>(columns: readonly Column<R>[], headers: string[], rows: string[][], total: number): number[] {
  const available = Math.max(total - GAP.length * (columns.length - 1), columns.length);
  const widths = columns.map((column, i) => {
    const natural = Math.max(displayWidth(headers[i]!), ...rows.map((row) => displayWidth(row[i]!)));
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

const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uff60\uffe0-\uffe6\p{Extended_Pictographic}]/u;
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
