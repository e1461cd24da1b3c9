// `fiscal events batch status <id>...` (R32): a row per event result of each batch. A batch not
// done yet shows its results so far and says on stderr where it stands; --wait follows each batch
// until it is done. A batch the account does not have is a 404 (exit 4).
import { z } from 'zod';
import { eventBatchStatus } from '../../api/event-batches.js';
import type { Context } from '../../context.js';
import { parseWith } from '../options.js';
import { rowsOf, waitDone, writeRows, type BatchRow } from './batch-rows.js';

export interface StatusOptions {
  ids: string[];
  wait: boolean;
}

const schema = z.object({
  ids: z.array(z.string().regex(/^[\w-]{1,100}$/, 'a batch id has letters, digits, - and _ only')).min(1, 'give at least one batch id'),
  wait: z.boolean().optional(),
});

export function parseOptions(raw: Record<string, unknown>, args: string[]): StatusOptions {
  const o = parseWith(schema, { ...raw, ids: args.map((a) => a.trim()) });
  return { ids: [...new Set(o.ids)], wait: Boolean(o.wait) };
}

export async function run(ctx: Context, options: StatusOptions): Promise<void> {
  const http = await ctx.http();
  const rows: BatchRow[] = [];
  for (const id of options.ids) {
    const data = options.wait ? await waitDone(ctx, http, id) : await eventBatchStatus(http, id);
    if (data.status !== 'done') ctx.log.info(`batch ${id}: ${data.status}, ${data.results.length} of ${data.count} events processed`);
    rows.push(...rowsOf(data));
  }
  writeRows(ctx, rows);
}
