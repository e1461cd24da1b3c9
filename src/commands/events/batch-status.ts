// `fiscal events batch status <id>...` (R32): a row per event result of each batch. A batch not
// done yet shows its results so far and says on stderr where it stands; --wait follows each batch
// until it is done. A batch the account does not have is a 404 (exit 4).
import { eventBatchStatus } from '../../api/events.js';
import { UsageError } from '../../errors.js';
import { verb } from '../shared/verb.js';
import { rowsOf, waitDone, writeRows, type BatchRow } from './batch-rows.js';
import { batchStatusVerb } from './index.js';

const BATCH_ID = /^[\w-]{1,100}$/;

export default verb(batchStatusVerb, {
  check(_o, ids) {
    for (const id of ids)
      if (!BATCH_ID.test(id.trim()))
        throw new UsageError(`<ids>: a batch id has letters, digits, - and _ only, got "${id}"`);
  },
  async run(ctx, o, args) {
    const http = await ctx.http();
    const rows: BatchRow[] = [];
    for (const id of new Set(args.map((a) => a.trim()))) {
      const data = o.wait ? await waitDone(ctx, http, id) : await eventBatchStatus(http, id);
      if (data.status !== 'done')
        ctx.log.info(`batch ${id}: ${data.status}, ${data.results.length} of ${data.count} events processed`);
      rows.push(...rowsOf(data));
    }
    writeRows(ctx, rows);
  },
});
