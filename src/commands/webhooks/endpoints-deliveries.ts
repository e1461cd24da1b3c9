// `fiscal webhooks endpoints deliveries <id>`: the delivery attempts the service recorded for an
// endpoint: when, what the endpoint answered, and whether another attempt is coming.
import { listWebhookDeliveries } from '../../api/webhooks.js';
import type { WebhookDelivery } from '../../api/wire/webhooks.js';
import type { Context } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { endpointsDeliveriesVerb } from './index.js';
import { checkIds, notFound } from './rows.js';

export default verb(endpointsDeliveriesVerb, {
  check: (_o, [id]) => void checkIds([id ?? ''], 'endpoint'),
  run: (ctx, _o, [id]) => deliveries(ctx, checkIds([id!], 'endpoint')[0]!),
});

const COLUMNS: Column<WebhookDelivery>[] = [
  { header: 'AT', get: (d) => d.at },
  { header: 'NOTIFICATION', key: 'notification_id', get: (d) => d.notification_id, truncate: false },
  { header: 'TYPE', get: (d) => d.type },
  { header: 'ATTEMPT', get: (d) => d.attempt },
  { header: 'STATUS CODE', get: (d) => d.status_code },
  { header: 'OUTCOME', get: (d) => d.outcome },
  { header: 'NEXT ATTEMPT', key: 'next_attempt_at', get: (d) => d.next_attempt_at },
  { header: 'ERROR', get: (d) => d.error, width: 50 },
];

async function deliveries(ctx: Context, endpointId: string): Promise<void> {
  let deliveries: WebhookDelivery[];
  try {
    deliveries = await listWebhookDeliveries(await ctx.http(), endpointId);
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound('endpoint', endpointId, error);
    throw error;
  }
  const writer = createRecordWriter<WebhookDelivery>(ctx, { columns: COLUMNS, emptyMessage: 'No deliveries yet.' });
  try {
    for (const delivery of deliveries) writer.write(delivery);
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
