// `fiscal events batch submit <file|->` (R32): sends a batch of events, checked locally first
// (exit 2 naming the item and field). Prints the accepted batch, or with --wait the result of
// every event once the batch is done; --dry-run prints what would be sent.
import { submitEventBatch } from '../../api/events.js';
import { documentTypeOfKey } from '../../api/wire/events.js';
import type { Context } from '../../context.js';
import { createRecordWriter } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { readBatchEvents } from './batch-input.js';
import { rowsOf, waitDone, writeRows, type BatchRow } from './batch-rows.js';
import { batchSubmitVerb } from './index.js';

export default verb(batchSubmitVerb, {
  run: (ctx, o, [source]) => submit(ctx, source!, o),
});

async function submit(ctx: Context, source: string, options: { wait: boolean; dryRun: boolean }): Promise<void> {
  const events = await readBatchEvents(ctx, source);
  if (options.dryRun) {
    const type = documentTypeOfKey(events[0]!.access_key);
    ctx.log.info(`dry run: a ${type} batch of ${events.length} event${events.length === 1 ? '' : 's'}, nothing sent`);
    writeRows(
      ctx,
      events.map((e): BatchRow => ({
        batch_id: '',
        key: e.access_key,
        tp_evento: e.tp_evento,
        seq: e.n_seq_evento ?? null,
        status: 'dry-run',
      })),
    );
    return;
  }
  const http = await ctx.http();
  const accepted = await submitEventBatch(http, events);
  if (!options.wait) {
    ctx.log.info(
      `batch ${accepted.batch_id} ${accepted.status}; follow it with: fiscal events batch status ${accepted.batch_id}`,
    );
    const writer = createRecordWriter<typeof accepted>(ctx, {
      columns: [
        { header: 'BATCH', key: 'batch_id', get: (r) => r.batch_id, truncate: false },
        { header: 'STATUS', get: (r) => r.status },
        { header: 'TYPE', key: 'document_type', get: (r) => r.document_type },
        { header: 'COUNT', get: (r) => r.count },
      ],
    });
    writer.write(accepted);
    writer.end();
    return;
  }
  writeRows(ctx, rowsOf(await waitDone(ctx, http, accepted.batch_id)));
}
