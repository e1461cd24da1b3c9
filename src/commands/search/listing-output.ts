// The loop every listing verb (`search <type>`, `records list`) ends in: records from pages to the output layer, stopping at the
// limit (which stops the fetching too) or on an interrupt, and a note when more were found.
import type { Context } from '../../context.js';
import { InterruptedError } from '../../errors.js';
import { createProgress, noProgress, type Progress } from '../../output/progress.js';
import { createRecordWriter, takesFlatColumns, type Column, type RecordWriter } from '../../output/writer.js';
import { namedTracker, type NamedDocuments } from './named-documents.js';
import { csvColumnsFor, type FieldColumn } from './field-columns.js';
import { createSummaryWriter } from './document-summary.js';
import type { StatusClues } from '../../fiscal/summary-status.js';

export interface RecordPage<R> {
  records: R[];
  total?: number | undefined;
}

interface RecordOutput<R> {
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
  /** The documents the search names (keys, ids): what is not found is reported (named-documents.ts). */
  named?: NamedDocuments<R> | undefined;
}

/** The record writer, or the summary writer behind the same interface. */
function writerFor<R>(ctx: Context, out: RecordOutput<R>): Pick<RecordWriter<R>, 'write' | 'end' | 'fail' | 'count'> {
  const toSummary = out.summary;
  if (!toSummary)
    return createRecordWriter<R>(ctx, {
      columns: takesFlatColumns(ctx.outputFormat()) ? csvColumnsFor(out.csv, out.fields) : out.table,
    });
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
function searchProgress(ctx: Context): Progress {
  return ctx.io.stdoutIsTTY ? noProgress : createProgress(ctx, { label: 'searching', unit: 'documents' });
}

/** The total a search will reach: the listing's, or the limit when that is lower. */
const searchTotal = (total: number | undefined, limit: number | undefined): number | undefined =>
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
  // Said wherever stderr goes (--quiet drops it): a script's `> pending.csv` was otherwise a part
  // that looked whole. Only where the listing says its total (v2): v1's next page is never null.
  if (!columns.keep && total !== undefined && total > writer.count)
    ctx.log.info(`${writer.count} of ${total} documents shown; --all for every one`);
  if (limit === undefined || writer.count < limit) named.finish(ctx);
}

/** `2026-01-02T10:00:00-03:00` -> `2026-01-02 10:00`. */
export const minute = (iso: string | undefined): string => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

/** The status clues of a record that carries the API's Status and events (`{type, xml}`, base64). */
export function recordClues(r: {
  Status?: string | null | undefined;
  Events?: readonly { type: string; xml: string }[] | undefined;
}): StatusClues {
  return { api: r.Status, events: r.Events?.map((e) => ({ type: e.type, xml: Buffer.from(e.xml, 'base64') })) };
}
