// The loop every `search` verb ends in: records from pages to the output layer, stopping at the
// limit (which stops the fetching too) or on an interrupt, and a note when more were found.
import type { Context } from '../../context.js';
import { InterruptedError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';

export interface RecordPage<R> {
  records: R[];
  total?: number | undefined;
}

export async function writeRecords<R>(
  ctx: Context,
  pages: AsyncIterable<RecordPage<R>>,
  limit: number | undefined,
  columns: { table: Column<R>[]; csv: Column<R>[] },
): Promise<void> {
  const writer = createRecordWriter<R>(ctx, { columns: ctx.outputFormat() === 'csv' ? columns.csv : columns.table });
  let total: number | undefined;
  try {
    for await (const page of pages) {
      total = page.total ?? total;
      for (const record of page.records) {
        if (ctx.signal.aborted) throw new InterruptedError('search stopped');
        if (limit !== undefined && writer.count >= limit) break;
        writer.write(record);
      }
      if (limit !== undefined && writer.count >= limit) break;
    }
  } finally {
    writer.end();
  }
  if (ctx.io.stderrIsTTY && total !== undefined && total > writer.count) {
    ctx.log.info(`${writer.count} of ${total} documents; use --all or --limit to see more`);
  }
}

/** `2026-01-02T10:00:00-03:00` -> `2026-01-02 10:00`. */
export const minute = (iso: string | undefined): string => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

/** The flag a zod key stands for: `createdFrom` -> `--created-from`. */
export const flagOf = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
