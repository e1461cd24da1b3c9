// `fiscal webhooks subscriptions list [--endpoint <id>]`: the account's subscriptions.
import { listWebhookSubscriptions } from '../../api/webhooks.js';
import type { WebhookSubscription } from '../../api/wire/webhooks.js';
import type { Context } from '../../context.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { subscriptionsListVerb } from './index.js';
import { checkIds } from './rows.js';

export default verb(subscriptionsListVerb, {
  check: (o) => void (o.endpoint === undefined || checkIds([o.endpoint], 'endpoint')),
  run: (ctx, o) => list(ctx, o.endpoint === undefined ? undefined : checkIds([o.endpoint], 'endpoint')[0]),
});

const SUBSCRIPTION_COLUMNS: Column<WebhookSubscription>[] = [
  { header: 'ID', get: (s) => s.id, truncate: false },
  { header: 'ENDPOINT', key: 'endpoint_id', get: (s) => s.endpoint_id, truncate: false },
  { header: 'CNPJ', get: (s) => s.cnpj, truncate: false },
  { header: 'DOCUMENT TYPE', get: (s) => s.document_type },
  { header: 'EVENT TYPE', get: (s) => s.event_type },
  { header: 'CREATED', key: 'created_at', get: (s) => s.created_at },
];

async function list(ctx: Context, endpointId: string | undefined): Promise<void> {
  const subscriptions = await listWebhookSubscriptions(await ctx.http(), endpointId);
  const writer = createRecordWriter<WebhookSubscription>(ctx, {
    columns: SUBSCRIPTION_COLUMNS,
    emptyMessage: 'No webhook subscriptions.',
  });
  try {
    for (const subscription of subscriptions) writer.write(subscription);
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
