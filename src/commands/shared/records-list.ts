// `fiscal <group> list`: the listing of every record group (boletos, receipts, international
// invoices, utility bills). A group's verb gives the pages (its api module, from its typed filters)
// and its columns; paging, --limit/--all, the interrupt and the output are here, once.
import type { PageOptions } from '../../api/records.js';
import type { CursorPage } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { InterruptedError } from '../../errors.js';
import { createProgress, noProgress } from '../../output/progress.js';
import { createRecordWriter, takesFlatColumns, type Column } from '../../output/writer.js';

interface RecordColumns<T> {
  table: Column<T>[];
  csv: Column<T>[];
}

/** What --limit and --all mean for every group: 50 rows unless told. */
const DEFAULT_LIMIT = 50;
const PAGE_SIZE = 50;

export async function writeRecordList<T>(
  ctx: Context,
  pages: (opts: PageOptions) => AsyncIterable<CursorPage<T>>,
  paging: { limit?: number | undefined; all: boolean },
  columns: RecordColumns<T>,
): Promise<void> {
  const limit = paging.all ? Infinity : (paging.limit ?? DEFAULT_LIMIT);
  const writer = createRecordWriter<T>(ctx, {
    columns: takesFlatColumns(ctx.outputFormat()) ? columns.csv : columns.table,
  });
  // To a file or a pipe a long --all is silent otherwise; on a terminal the rows show the progress.
  const progress = ctx.io.stdoutIsTTY ? noProgress : createProgress(ctx, { label: 'listing', unit: 'records' });
  try {
    for await (const page of pages({ pageSize: PAGE_SIZE, signal: ctx.signal })) {
      for (const record of page.items) {
        if (ctx.signal.aborted) throw new InterruptedError('list stopped');
        if (writer.count >= limit) break;
        writer.write(record);
      }
      progress.update({ done: writer.count });
      if (writer.count >= limit) break;
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    progress.stop();
    writer.end();
  }
}
