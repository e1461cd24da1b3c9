// The output layer: commands hand records to a RecordWriter, which renders them in the chosen
// format. json and ndjson write each record whole; table and csv show the given columns.
//
// json, ndjson and csv stream (a record reaches stdout as soon as it is written, so piping a long
// search into `head` or `jq` shows results at once); table buffers until end() because column
// widths depend on every row.
import type { Context, IO, OutputFormat } from '../context.js';
import { refuseBinaryOnTerminal, streamColumns } from './terminal.js';
import { localizeCell, type CellKind, type Locale } from './locale.js';
import { createCsvSink } from './csv.js';
import { createJsonSink, createNdjsonSink } from './json.js';
import { createTableSink } from './table.js';
import { createXlsxSink } from './xlsx.js';

export type Cell = string | number | boolean | null | undefined;

export interface Column<R> {
  header: string;
  get(record: R): Cell;
  /**
   * CSV only: the column's machine name, the record's field it shows when that is not the
   * header in snake case (`request_id` under `REQUEST`): csv.ts names the columns so.
   */
  key?: string;
  /** Table only: the most characters this column takes (it may get less on a narrow terminal). */
  width?: number;
  /**
   * Table only: false keeps the column whole when the table does not fit (identifiers users copy,
   * such as access keys); other columns are shortened with an ellipsis first. Columns whose every
   * value is a number, date or identifier are kept whole without saying so.
   */
  truncate?: boolean;
  /**
   * Table only: when the table cannot fit even with text shortened, columns of lower priority are
   * left out first (default 0; the rightmost goes first among equals).
   */
  priority?: number;
  /**
   * Table only: columns of one group are left out together (IBS and CBS: one without the other
   * reads as if the other were nothing).
   */
  group?: string;
  /**
   * What the values are, for --locale (locale.ts): money, a month, text never localized...
   * Without it a value is localized by its shape (a decimal `1234.56`, an ISO date).
   */
  kind?: CellKind;
  /**
   * Table only: the values right-aligned, so that their digits line up, with no other change to
   * them (amounts and counts of a known kind are aligned so already).
   */
  alignRight?: boolean;
}

export interface RecordWriter<R> {
  write(record: R): void;
  /** Flushes (table) or closes (json) the output. Call it once, also when there were no records. */
  end(): void;
  /**
   * The listing did not complete (a request failed, the run was interrupted): ends the output like
   * end() (rows so far shown, JSON closed) but never says it was empty, since that is unknown; with
   * no row yet it writes nothing at all.
   * Call it where the error is caught; a later end() does nothing.
   */
  fail(): void;
  /** Records written so far. */
  readonly count: number;
}

interface RecordWriterOptions<R> {
  columns: Column<R>[];
  /** Defaults to ctx.outputFormat(): -o, else table on a terminal and ndjson when piped. */
  format?: OutputFormat;
  /** Table only: said on stderr instead of an empty table. Default `No results.` */
  emptyMessage?: string;
  /** --locale: money and dates in tables and CSV as that locale reads them (json/ndjson never). */
  locale?: Locale | undefined;
}

/** The part of a writer that differs per format. */
export interface Sink<R> {
  write(record: R): void;
  end(count: number): void;
}

export function createRecordWriter<R>(ctx: Context, opts: RecordWriterOptions<R>): RecordWriter<R> {
  let failed = false;
  const sink = createSink(ctx, opts, () => failed);
  let count = 0;
  let ended = false;
  const writer: RecordWriter<R> = {
    write(record) {
      if (ended) throw new Error('RecordWriter.write() after end()');
      sink.write(record);
      count++;
    },
    end() {
      if (ended) return;
      ended = true;
      sink.end(count);
    },
    fail() {
      failed = true;
      // Nothing was listed: nothing goes out, not an empty result (`[]`, a CSV header alone) that a
      // script redirecting stdout would keep as the answer; the error and exit code say it all.
      if (count === 0) ended = true;
      writer.end();
    },
    get count() {
      return count;
    },
  };
  return writer;
}

function createSink<R>(ctx: Context, opts: RecordWriterOptions<R>, failed: () => boolean): Sink<R> {
  const format = opts.format ?? ctx.outputFormat();
  const out = ctx.io.stdout;
  const locale = opts.locale ?? ctx.globals.locale;
  switch (format) {
    case 'json':
      return createJsonSink(out);
    case 'ndjson':
      return createNdjsonSink(out);
    case 'csv':
      return createCsvSink(out, opts.columns, locale);
    case 'xlsx':
      refuseBinaryOnTerminal(ctx, format);
      return createXlsxSink(out, opts.columns, locale);
    case 'table':
      return createTableSink(out, localized(opts.columns, locale), {
        width: terminalWidth(ctx.env, ctx.io),
        color: ctx.globals.color && ctx.io.stdoutIsTTY,
        // "No results." is a finding: only a listing that completed has one.
        onEmpty: () => failed() || ctx.log.info(opts.emptyMessage ?? 'No results.'),
        onLeftOut: (note) => ctx.log.info(note),
        locale,
      });
  }
}

/**
 * Whether a format takes a command's flat columns (one per field, machine names: `access_key`,
 * `total`) rather than the table's (for a person at a terminal): CSV and xlsx.
 */
export const takesFlatColumns = (format: OutputFormat): boolean => format === 'csv' || format === 'xlsx';

/** The columns with each value as `locale` writes it in a table. */
function localized<R>(columns: Column<R>[], locale: Locale | undefined): Column<R>[] {
  return columns.map((c) => ({ ...c, get: (r: R) => localizeCell(c.get(r), locale, 'table', c.kind) }));
}

const DEFAULT_WIDTH = 100;
/** A terminal that does not say its width: the width terminals open with. */
const TERMINAL_WIDTH = 80;

/**
 * The width of the terminal stdout is, as it reports it (bash does not export COLUMNS); else
 * COLUMNS when it holds a sensible number; else 80 on a terminal and 100 elsewhere (`-o table`
 * into a file).
 */
export function terminalWidth(
  env: Readonly<Record<string, string | undefined>>,
  io?: Pick<IO, 'stdout' | 'stdoutIsTTY'>,
): number {
  const reported = io?.stdoutIsTTY ? streamColumns(io.stdout) : undefined;
  if (reported !== undefined && reported >= MIN_WIDTH) return reported;
  const columns = Number(env.COLUMNS);
  if (Number.isInteger(columns) && columns >= MIN_WIDTH) return columns;
  return io?.stdoutIsTTY ? TERMINAL_WIDTH : DEFAULT_WIDTH;
}

const MIN_WIDTH = 20;
