// `fiscal webhooks metadata`: the document and event types a subscription may name, and how
// notifications are signed (GET /v1/webhooks/metadata).
import { getWebhookMetadata } from '../../api/webhooks.js';
import type { WebhookMetadata } from '../../api/wire/webhooks.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { metadataVerb } from './index.js';

const COLUMNS: Column<WebhookMetadata>[] = [
  { header: 'DOCUMENT TYPES', get: (m) => m.document_types.join(',') },
  { header: 'EVENT TYPES', get: (m) => m.event_types.join(',') },
  { header: 'SIGNATURE', get: (m) => `${m.signature.header} (${m.signature.algorithm})` },
];

export default verb(metadataVerb, {
  async run(ctx) {
    const metadata = await getWebhookMetadata(await ctx.http());
    const writer = createRecordWriter<WebhookMetadata>(ctx, { columns: COLUMNS });
    writer.write(metadata);
    writer.end();
  },
});
