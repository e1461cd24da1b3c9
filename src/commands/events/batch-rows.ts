// What `fiscal events batch submit|status` print: a row per event result, and following batches
// until they are done (--wait).
import { eventBatchStatus } from '../../api/events.js';
import type { HttpClient } from '../../api/http.js';
import type { BatchData } from '../../api/wire/events.js';
import type { Context } from '../../context.js';
import { InterruptedError, PartialError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';

export interface BatchRow {
  batch_id: string;
  key: string;
  tp_evento: string;
  seq?: number | null;
  /** dry-run / queued (not processed yet) / registered / rejected. */
  status: string;
  code?: number;
  protocol?: string | null;
  message?: string;
}

const BATCH_COLUMNS: Column<BatchRow>[] = [
  { header: 'BATCH', key: 'batch_id', get: (r) => r.batch_id, truncate: false },
  { header: 'KEY', get: (r) => r.key, truncate: false },
  { header: 'EVENT', key: 'tp_evento', get: (r) => r.tp_evento },
  { header: 'SEQ', get: (r) => r.seq },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'CODE', get: (r) => r.code },
  { header: 'PROTOCOL', get: (r) => r.protocol },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

export function rowsOf(data: BatchData): BatchRow[] {
  return data.results.map((r) => ({
    batch_id: data.batch_id,
    key: r.access_key,
    tp_evento: r.tp_evento,
    seq: r.n_seq_evento,
    status: r.status,
    code: r.code,
    protocol: r.protocol,
    message: r.message,
  }));
}

const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 2000;

/** Reads the batch until it is done; the command that was interrupted can be resumed with `status`. */
export async function waitDone(ctx: Context, http: HttpClient, batchId: string): Promise<BatchData> {
  let pause = FIRST_POLL_MS;
  for (;;) {
    const data = await eventBatchStatus(http, batchId);
    if (data.status === 'done') return data;
    ctx.log.info(`batch ${batchId}: ${data.status}, ${data.results.length} of ${data.count} events processed`);
    await ctx.clock.sleep(pause, ctx.signal).catch(() => undefined);
    if (ctx.signal.aborted)
      throw new InterruptedError(`batch --wait stopped; follow up with: fiscal events batch status ${batchId} --wait`);
    pause = Math.min(MAX_POLL_MS, pause * 2);
  }
}

/** Writes the rows; rejected events make the run a partial success (exit 7). */
export function writeRows(ctx: Context, rows: BatchRow[]): void {
  const writer = createRecordWriter<BatchRow>(ctx, { columns: BATCH_COLUMNS });
  try {
    for (const row of rows) writer.write(row);
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  const rejected = rows.filter((r) => r.status === 'rejected').length;
  if (rejected > 0)
    throw new PartialError(`${rejected} of ${rows.length} event${rows.length === 1 ? '' : 's'} rejected`);
}
