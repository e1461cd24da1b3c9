// `fiscal webhooks endpoints remove <id>...` and `subscriptions remove <id>...`: one DELETE per id,
// a row per id. Removing an endpoint also removes its subscriptions (the row counts them).
import { deleteWebhookEndpoint, deleteWebhookSubscription } from '../../api/webhooks.js';
import { webhookEndpointPath, webhookSubscriptionPath } from '../../api/wire/webhooks.js';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import type { VerbModule } from '../action.js';
import { checkIds, isFatal, notFound, removeOutcome, REMOVE_COLUMNS, type RemoveRow, type WebhookResource } from './rows.js';

export interface RemoveOptions {
  ids: string[];
  dryRun: boolean;
}

export function removeVerb(kind: WebhookResource): VerbModule<RemoveOptions> {
  return {
    parseOptions: (raw, args) => ({ ids: checkIds(args, kind), dryRun: raw.dryRun === true }),
    run: (ctx, o) => run(ctx, kind, o),
  };
}

async function run(ctx: Context, kind: WebhookResource, o: RemoveOptions): Promise<void> {
  const writer = createRecordWriter<RemoveRow>(ctx, { columns: REMOVE_COLUMNS });
  const rows: RemoveRow[] = [];
  let lastNotFound: NotFoundError | undefined;
  const path = kind === 'endpoint' ? webhookEndpointPath : webhookSubscriptionPath;
  try {
    if (o.dryRun) {
      for (const id of o.ids) writer.write({ id, status: 'dry-run', message: `would send DELETE ${path(id)}; nothing sent` });
      return;
    }
    const http = await ctx.http();
    const remove = kind === 'endpoint' ? deleteWebhookEndpoint : deleteWebhookSubscription;
    for (const id of o.ids) {
      if (ctx.signal.aborted) throw new InterruptedError(`webhooks ${kind}s remove stopped`);
      let row: RemoveRow;
      try {
        const deleted = await remove(http, id);
        row = { id, status: 'deleted', subscriptions_removed: deleted.subscriptions_removed };
      } catch (error) {
        if (isFatal(error)) throw error;
        if (error instanceof NotFoundError) {
          lastNotFound = notFound(kind, id, error);
          row = { id, status: 'not-found', message: lastNotFound.message };
        } else row = { id, status: 'error', message: (error as Error).message };
        ctx.io.stderr.write(`fiscal: ${id}: ${row.message}\n`);
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
