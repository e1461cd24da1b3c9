// The loop every `search` verb ends in: records from pages to the output layer, stopping at the
// limit (which stops the fetching too) or on an interrupt, and a note when more were found.
import type { Context } from '../../context.js';
import { InterruptedError } from '../../errors.js';
import { createProgress, noProgress, type Progress } from '../../output/progress.js';
import { createRecordWriter, type Column, type RecordWriter } from '../../output/writer.js';
import { namedTracker, type NamedDocuments } from './named.js';
import { csvColumnsFor, type FieldColumn } from './field-columns.js';
import { createSummaryWriter } from './summary.js';
import type { StatusClues } from '../../fiscal/summary-status.js';

export interface RecordPage<R> {
  records: R[];
  total?: number | undefined;
}

export interface RecordOutput<R> {
  table: Column<R>[];
  csv: FieldColumn<R>[];
  /** --fields: the CSV holds these fields' columns only. */
  fields?: readonly string[] | undefined;
  /**
   * --summary: the record's XML (base64) and its name, read and written like `fiscal inspect` does,
   * with what the record says of the document's status (its Status, its events).
   */
  summary?: ((record: R) => { xml: string; source: string; clues?: StatusClues }) | undefined;
  /** Records to leave out (a filter the endpoint could not apply); they do not count for the limit. */
  keep?: ((record: R) => boolean) | undefined;
  /** The documents the search names (keys, ids): what is not found is reported (named.ts). */
  named?: NamedDocuments<R> | undefined;
}

/** The record writer, or the summary writer behind the same interface. */
function writerFor<R>(ctx: Context, out: RecordOutput<R>): Pick<RecordWriter<R>, 'write' | 'end' | 'fail' | 'count'> {
  const toSummary = out.summary;
  if (!toSummary) return createRecordWriter<R>(ctx, { columns: ctx.outputFormat() === 'csv' ? csvColumnsFor(out.csv, out.fields) : out.table });
  const summaries = createSummaryWriter(ctx);
  return {
    get count() {
      return summaries.count;
    },
    write(record) {
      const { xml, source, clues } = toSummary(record);
      summaries.write(Buffer.from(xml, 'base64'), source, clues);
    },
    end: () => summaries.end(),
    fail: () => summaries.fail(),
  };
}

/**
 * Progress on stderr while the records go to a file or a pipe (`search --all --summary -o csv > f`
 * is silent for minutes otherwise); on a terminal the records themselves show the progress.
 */
export function searchProgress(ctx: Context): Progress {
  return ctx.io.stdoutIsTTY ? noProgress : createProgress(ctx, { label: 'searching', unit: 'documents' });
}

/** The total a search will reach: the listing's, or the limit when that is lower. */
export const searchTotal = (total: number | undefined, limit: number | undefined): number | undefined =>
  total === undefined ? undefined : Math.min(total, limit ?? Infinity);

export async function writeRecords<R>(
  ctx: Context,
  pages: AsyncIterable<RecordPage<R>>,
  limit: number | undefined,
  columns: RecordOutput<R>,
): Promise<void> {
  const writer = writerFor(ctx, columns);
  const named = namedTracker(columns.named);
  const progress = searchProgress(ctx);
  let total: number | undefined;
  try {
    for await (const page of pages) {
      total = page.total ?? total;
      for (const record of page.records) {
        if (ctx.signal.aborted) throw new InterruptedError('search stopped');
        if (limit !== undefined && writer.count >= limit) break;
        if (columns.keep && !columns.keep(record)) continue;
        writer.write(record);
        named.saw(record);
      }
      // With records left out (keep), the listing's total is not what will be written.
      progress.update({ done: writer.count, total: columns.keep ? undefined : searchTotal(total, limit) });
      if (limit !== undefined && writer.count >= limit) break;
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    progress.stop();
    writer.end();
  }
  if (ctx.io.stderrIsTTY && !columns.keep && total !== undefined && total > writer.count) {
    ctx.log.info(`${writer.count} of ${total} documents; use --all or --limit to see more`);
  }
  if (limit === undefined || writer.count < limit) named.finish(ctx);
}

/** `2026-01-02T10:00:00-03:00` -> `2026-01-02 10:00`. */
export const minute = (iso: string | undefined): string => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

/**
 * Takes `--summary` out of the raw options (the type's own schema does not know it) and, when
 * given, adds the XML field the summary is read from to the fields asked for.
 */
export function summaryOption<O extends { fields?: F[] | undefined }, F extends string>(
  raw: Record<string, unknown>,
  parse: (raw: Record<string, unknown>) => O,
  xmlField: F,
  minimal: readonly F[],
): O & { summary?: boolean } {
  const { summary, ...rest } = raw;
  const o: O & { summary?: boolean } = parse(rest);
  if (summary) {
    o.summary = true;
    // Without --fields only what the summary needs is asked for.
    const fields = o.fields ?? [...minimal];
    if (!fields.includes(xmlField)) o.fields = [...fields, xmlField];
  }
  return o;
}

/** The flag a zod key stands for: `createdFrom` -> `--created-from`. */
export const flagOf = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The status clues of a record that carries the API's Status and events (`{type, xml}`, base64). */
export function recordClues(r: { Status?: string | null | undefined; Events?: readonly { type: string; xml: string }[] | undefined }): StatusClues {
  return { api: r.Status, events: r.Events?.map((e) => ({ type: e.type, xml: Buffer.from(e.xml, 'base64') })) };
}
