// The loop every `search` verb ends in: records from pages to the output layer, stopping at the
// limit (which stops the fetching too) or on an interrupt, and a note when more were found.
import type { Context } from '../../context.js';
import { InterruptedError } from '../../errors.js';
import { createRecordWriter, type Column, type RecordWriter } from '../../output/writer.js';
import { createSummaryWriter } from './summary.js';

export interface RecordPage<R> {
  records: R[];
  total?: number | undefined;
}

export interface RecordOutput<R> {
  table: Column<R>[];
  csv: Column<R>[];
  /** --summary: the record's XML (base64) and its name, read and written like `fiscal inspect` does. */
  summary?: ((record: R) => { xml: string; source: string }) | undefined;
  /** Records to leave out (a filter the endpoint could not apply); they do not count for the limit. */
  keep?: ((record: R) => boolean) | undefined;
}

/** The record writer, or the summary writer behind the same interface. */
function writerFor<R>(ctx: Context, out: RecordOutput<R>): Pick<RecordWriter<R>, 'write' | 'end' | 'fail' | 'count'> {
  const toSummary = out.summary;
  if (!toSummary) return createRecordWriter<R>(ctx, { columns: ctx.outputFormat() === 'csv' ? out.csv : out.table });
  const summaries = createSummaryWriter(ctx);
  return {
    get count() {
      return summaries.count;
    },
    write(record) {
      const { xml, source } = toSummary(record);
      summaries.write(Buffer.from(xml, 'base64'), source);
    },
    end: () => summaries.end(),
    fail: () => summaries.fail(),
  };
}

export async function writeRecords<R>(
  ctx: Context,
  pages: AsyncIterable<RecordPage<R>>,
  limit: number | undefined,
  columns: RecordOutput<R>,
): Promise<void> {
  const writer = writerFor(ctx, columns);
  let total: number | undefined;
  try {
    for await (const page of pages) {
      total = page.total ?? total;
      for (const record of page.records) {
        if (ctx.signal.aborted) throw new InterruptedError('search stopped');
        if (limit !== undefined && writer.count >= limit) break;
        if (columns.keep && !columns.keep(record)) continue;
        writer.write(record);
      }
      if (limit !== undefined && writer.count >= limit) break;
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (ctx.io.stderrIsTTY && !columns.keep && total !== undefined && total > writer.count) {
    ctx.log.info(`${writer.count} of ${total} documents; use --all or --limit to see more`);
  }
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
