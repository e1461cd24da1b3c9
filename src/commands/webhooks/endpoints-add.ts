// `fiscal webhooks endpoints add <url> [--description]`: registers an endpoint. The service
// answers its signing secret this once, so the row shows it and stderr says it will not be shown
// again. Not retried: a repeated POST would register a second endpoint.
import * as z from 'zod';
import { createWebhookEndpoint, webhookWrites } from '../../api/webhooks.js';
import { WEBHOOK_URL_MAX } from '../../api/wire/webhooks.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { endpointsAddVerb } from './index.js';

interface EndpointsAddOptions {
  url: string;
  description?: string | undefined;
  dryRun: boolean;
}

interface AddedRow {
  id: string;
  status: 'created' | 'dry-run';
  url: string;
  description: string | null;
  created_at?: string | undefined;
  secret?: string | undefined;
  message?: string | undefined;
}

const urlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, `expected at most ${WEBHOOK_URL_MAX} characters`)
  .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'expected an http:// or https:// URL');

export default verb(endpointsAddVerb, {
  check(_o, [url]) {
    const checked = urlSchema.safeParse(url ?? '');
    if (!checked.success) throw new UsageError(`<url>: ${checked.error.issues[0]?.message ?? 'invalid'}`);
  },
  run: (ctx, o, [url]) => add(ctx, { url: url!.trim(), description: o.description, dryRun: o.dryRun }),
});

const COLUMNS: Column<AddedRow>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'URL', get: (r) => r.url, width: 60 },
  { header: 'DESCRIPTION', get: (r) => r.description, width: 30 },
  { header: 'SECRET', get: (r) => r.secret, truncate: false },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

async function add(ctx: Context, o: EndpointsAddOptions): Promise<void> {
  const writer = createRecordWriter<AddedRow>(ctx, { columns: COLUMNS });
  try {
    if (o.dryRun) {
      writer.write({
        id: '',
        status: 'dry-run',
        url: o.url,
        description: o.description ?? null,
        message: `would send ${webhookWrites.create('endpoint')}; nothing sent`,
      });
      return;
    }
    const endpoint = await createWebhookEndpoint(await ctx.http(), {
      url: o.url,
      ...(o.description ? { description: o.description } : {}),
    });
    writer.write({
      id: endpoint.id,
      status: 'created',
      url: endpoint.url,
      description: endpoint.description,
      created_at: endpoint.created_at,
      secret: endpoint.secret,
    });
    if (endpoint.secret) {
      ctx.io.stderr.write(
        `fiscal: keep the signing secret of ${endpoint.id} now: it is not shown again (fiscal webhooks listen reads it from FISCAL_WEBHOOK_SECRET)\n`,
      );
    } else ctx.log.warn(`the service did not answer a signing secret for ${endpoint.id}`);
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
