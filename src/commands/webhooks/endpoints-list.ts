// `fiscal webhooks endpoints list`: the account's endpoints. Never shows a signing secret, even
// if a server sent one.
import { listWebhookEndpoints } from '../../api/webhooks.js';
import type { WebhookEndpoint } from '../../api/wire/webhooks.js';
import type { Context } from '../../context.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { endpointsListVerb } from './index.js';

type EndpointRecord = Omit<WebhookEndpoint, 'secret'>;

const ENDPOINT_COLUMNS: Column<EndpointRecord>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'URL', get: (r) => r.url, width: 60 },
  { header: 'DESCRIPTION', get: (r) => r.description, width: 40 },
  { header: 'CREATED', key: 'created_at', get: (r) => r.created_at },
];

function withoutSecret({ secret: _secret, ...endpoint }: WebhookEndpoint): EndpointRecord {
  return endpoint;
}

export default verb(endpointsListVerb, { run: list });

async function list(ctx: Context): Promise<void> {
  const endpoints = await listWebhookEndpoints(await ctx.http());
  const writer = createRecordWriter<EndpointRecord>(ctx, {
    columns: ENDPOINT_COLUMNS,
    emptyMessage: 'No webhook endpoints.',
  });
  try {
    for (const endpoint of endpoints) writer.write(withoutSecret(endpoint));
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
