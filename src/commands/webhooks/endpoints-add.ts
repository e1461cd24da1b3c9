// `fiscal webhooks endpoints add <url> [--description]`: registers an endpoint. The service
// answers its signing secret this once, so the row shows it and stderr says it will not be shown
// again. Not retried: a repeated POST would register a second endpoint.
import { z } from 'zod';
import { createWebhookEndpoint } from '../../api/webhooks.js';
import { WEBHOOK_ENDPOINTS_PATH, WEBHOOK_URL_MAX } from '../../api/wire/webhooks.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { parseWith } from '../options.js';

export interface EndpointsAddOptions {
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

const schema = z.object({
  description: z.string().trim().min(1, 'expected some text').optional(),
  dryRun: z.boolean().optional(),
});

export function parseOptions(raw: Record<string, unknown>, args: string[]): EndpointsAddOptions {
  const url = urlSchema.safeParse(args[0] ?? '');
  if (!url.success) throw new UsageError(`<url>: ${url.error.issues[0]?.message ?? 'invalid'}`);
  const o = parseWith(schema, raw);
  return { url: url.data, description: o.description, dryRun: Boolean(o.dryRun) };
}

const COLUMNS: Column<AddedRow>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'URL', get: (r) => r.url, width: 60 },
  { header: 'DESCRIPTION', get: (r) => r.description, width: 30 },
  { header: 'SECRET', get: (r) => r.secret, truncate: false },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

export async function run(ctx: Context, o: EndpointsAddOptions): Promise<void> {
  const writer = createRecordWriter<AddedRow>(ctx, { columns: COLUMNS });
  try {
    if (o.dryRun) {
      writer.write({ id: '', status: 'dry-run', url: o.url, description: o.description ?? null, message: `would send POST ${WEBHOOK_ENDPOINTS_PATH}; nothing sent` });
      return;
    }
    const endpoint = await createWebhookEndpoint(await ctx.http(), { url: o.url, ...(o.description ? { description: o.description } : {}) });
    writer.write({ id: endpoint.id, status: 'created', url: endpoint.url, description: endpoint.description, created_at: endpoint.created_at, secret: endpoint.secret });
    if (endpoint.secret) {
      ctx.io.stderr.write(`fiscal: keep the signing secret of ${endpoint.id} now: it is not shown again (fiscal webhooks listen reads it from FISCAL_WEBHOOK_SECRET)\n`);
    } else ctx.log.warn(`the service did not answer a signing secret for ${endpoint.id}`);
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
