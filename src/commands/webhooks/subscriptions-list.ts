// `fiscal webhooks subscriptions list [--endpoint <id>]`: the account's subscriptions.
import { listWebhookSubscriptions } from '../../api/webhooks.js';
import type { WebhookSubscription } from '../../api/wire/webhooks.js';
import type { Context } from '../../context.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { checkIds } from './rows.js';

export interface SubscriptionsListOptions {
  endpointId?: string | undefined;
}

export function parseOptions(raw: Record<string, unknown>): SubscriptionsListOptions {
  return { endpointId: typeof raw.endpoint === 'string' ? checkIds([raw.endpoint], 'endpoint')[0] : undefined };
}

export const SUBSCRIPTION_COLUMNS: Column<WebhookSubscription>[] = [
  { header: 'ID', get: (s) => s.id, truncate: false },
  { header: 'ENDPOINT', get: (s) => s.endpoint_id, truncate: false },
  { header: 'CNPJ', get: (s) => s.cnpj, truncate: false },
  { header: 'DOCUMENT TYPE', get: (s) => s.document_type },
  { header: 'EVENT TYPE', get: (s) => s.event_type },
  { header: 'CREATED', get: (s) => s.created_at },
];

export async function run(ctx: Context, o: SubscriptionsListOptions): Promise<void> {
  const subscriptions = await listWebhookSubscriptions(await ctx.http(), o.endpointId);
  const writer = createRecordWriter<WebhookSubscription>(ctx, { columns: SUBSCRIPTION_COLUMNS, emptyMessage: 'No webhook subscriptions.' });
  try {
    for (const subscription of subscriptions) writer.write(subscription);
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
