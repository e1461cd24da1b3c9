// `fiscal webhooks metadata`: the document and event types a subscription may name, and how
// notifications are signed (GET /v1/webhooks/metadata).
import { getWebhookMetadata } from '../../api/webhooks.js';
import type { WebhookMetadata } from '../../api/wire/webhooks.js';
import type { Context } from '../../context.js';
import { createRecordWriter, type Column } from '../../output/writer.js';

export type MetadataOptions = Record<string, never>;

export function parseOptions(): MetadataOptions {
  return {};
}

const COLUMNS: Column<WebhookMetadata>[] = [
  { header: 'DOCUMENT TYPES', get: (m) => m.document_types.join(',') },
  { header: 'EVENT TYPES', get: (m) => m.event_types.join(',') },
  { header: 'SIGNATURE', get: (m) => `${m.signature.header} (${m.signature.algorithm})` },
];

export async function run(ctx: Context): Promise<void> {
  const metadata = await getWebhookMetadata(await ctx.http());
  const writer = createRecordWriter<WebhookMetadata>(ctx, { columns: COLUMNS });
  writer.write(metadata);
  writer.end();
}
