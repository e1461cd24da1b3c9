// `fiscal webhooks endpoints remove <id>...` and `subscriptions remove <id>...`: one DELETE per id,
// a row per id. Removing an endpoint also removes its subscriptions (the row counts them).
import { deleteWebhook, webhookWrites, type WebhookResource } from '../../api/webhooks.js';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import { checkIds, isFatal, notFound, removeOutcome, REMOVE_COLUMNS, type RemoveRow } from './rows.js';

interface RemoveOptions {
  dryRun: boolean;
}

/** The check and run of `endpoints remove` and `subscriptions remove`. */
export function removeBody(kind: WebhookResource) {
  return {
    check: (_o: RemoveOptions, ids: string[]) => void checkIds(ids, kind),
    run: (ctx: Context, o: RemoveOptions, ids: string[]) => remove(ctx, kind, checkIds(ids, kind), o),
  };
}

async function remove(ctx: Context, kind: WebhookResource, ids: string[], o: RemoveOptions): Promise<void> {
  const writer = createRecordWriter<RemoveRow>(ctx, { columns: REMOVE_COLUMNS });
  const rows: RemoveRow[] = [];
  let lastNotFound: NotFoundError | undefined;
  try {
    if (o.dryRun) {
      for (const id of ids)
        writer.write({ id, status: 'dry-run', message: `would send ${webhookWrites.delete(kind, id)}; nothing sent` });
      return;
    }
    const http = await ctx.http();
    for (const id of ids) {
      if (ctx.signal.aborted) throw new InterruptedError(`webhooks ${kind}s remove stopped`);
      let row: RemoveRow;
      try {
        const deleted = await deleteWebhook(http, kind, id);
        row = { id, status: 'deleted', subscriptions_removed: deleted.subscriptions_removed };
      } catch (error) {
        if (isFatal(error)) throw error;
        if (error instanceof NotFoundError) {
          lastNotFound = notFound(kind, id, error);
          row = { id, status: 'not-found', message: lastNotFound.message };
        } else row = { id, status: 'error', message: (error as Error).message };
        // One id not found is the run's own error (removeOutcome throws it), said once by main.
        if (ids.length > 1 || row.status !== 'not-found') ctx.io.stderr.write(`fiscal: ${id}: ${row.message}\n`);
      }
      rows.push(row);
      writer.write(row);
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  removeOutcome(kind, rows, lastNotFound);
}
