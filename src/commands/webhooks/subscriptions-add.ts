// `fiscal webhooks subscriptions add --endpoint <id> --cnpj <c>... --document-type <t>...
// --event-type <e>...`: one subscription per CNPJ x document type x event type, a row each.
// CNPJ/CPF check digits are checked here and the types against GET /v1/webhooks/metadata (one
// call) before anything is created; a subscription the service refuses is a failed row and the
// others go on (exit 7). The endpoint not being found (R31) ends the run with exit 4.
import { createWebhookSubscription, getWebhookMetadata } from '../../api/webhooks.js';
import { WEBHOOK_SUBSCRIPTIONS_PATH, type CreateWebhookSubscriptionRequest, type WebhookDocumentType, type WebhookEventType } from '../../api/wire/webhooks.js';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { readTaxId } from '../../fiscal/tax-id.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { checkIds, isFatal, notFound } from './rows.js';

export interface SubscriptionsAddOptions {
  endpointId: string;
  cnpjs: string[];
  documentTypes: string[];
  eventTypes: string[];
  dryRun: boolean;
}

interface AddedRow {
  id: string;
  status: 'created' | 'error' | 'dry-run';
  endpoint_id: string;
  cnpj: string;
  document_type: string;
  event_type: string;
  message?: string | undefined;
}

/** Repeated flags and comma-separated lists both work: `--cnpj a,b --cnpj c`. */
function values(raw: unknown, flag: string): string[] {
  const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean);
  if (list.length === 0) throw new UsageError(`${flag} is missing`);
  return [...new Set(list)];
}

export function parseOptions(raw: Record<string, unknown>): SubscriptionsAddOptions {
  if (typeof raw.endpoint !== 'string') throw new UsageError('--endpoint is missing: the id of the endpoint to notify');
  const endpointId = checkIds([raw.endpoint], 'endpoint')[0]!;
  const cnpjs = [...new Set(values(raw.cnpj, '--cnpj').map((cnpj) => {
    const r = readTaxId(cnpj);
    if ('problem' in r) throw new UsageError(`--cnpj: ${cnpj}: ${r.problem}`);
    return r.value;
  }))];
  return {
    endpointId, cnpjs, documentTypes: values(raw.documentType, '--document-type'), eventTypes: values(raw.eventType, '--event-type'),
    dryRun: raw.dryRun === true,
  };
}

function checkAccepted(flag: string, given: string[], accepted: string[]): void {
  const bad = given.find((v) => !accepted.includes(v));
  if (bad !== undefined) throw new UsageError(`${flag}: "${bad}" is not accepted by the service (accepted: ${accepted.join(', ')})`);
}

const COLUMNS: Column<AddedRow>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'ENDPOINT', get: (r) => r.endpoint_id, truncate: false },
  { header: 'CNPJ', get: (r) => r.cnpj, truncate: false },
  { header: 'DOCUMENT TYPE', get: (r) => r.document_type },
  { header: 'EVENT TYPE', get: (r) => r.event_type },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

export async function run(ctx: Context, o: SubscriptionsAddOptions): Promise<void> {
  const http = await ctx.http();
  const metadata = await getWebhookMetadata(http);
  checkAccepted('--document-type', o.documentTypes, metadata.document_types);
  checkAccepted('--event-type', o.eventTypes, metadata.event_types);
  const requests = o.cnpjs.flatMap((cnpj) =>
    o.documentTypes.flatMap((document_type) =>
      o.eventTypes.map((event_type): CreateWebhookSubscriptionRequest => ({
        endpoint_id: o.endpointId, cnpj, document_type: document_type as WebhookDocumentType, event_type: event_type as WebhookEventType,
      })),
    ),
  );
  const writer = createRecordWriter<AddedRow>(ctx, { columns: COLUMNS });
  let failed = 0;
  try {
    for (const request of requests) {
      if (o.dryRun) {
        writer.write({ id: '', status: 'dry-run', ...request, message: `would send POST ${WEBHOOK_SUBSCRIPTIONS_PATH}; nothing sent` });
        continue;
      }
      if (ctx.signal.aborted) throw new InterruptedError('webhooks subscriptions add stopped');
      try {
        const created = await createWebhookSubscription(http, request);
        writer.write({ id: created.id, status: 'created', ...request });
      } catch (error) {
        if (error instanceof NotFoundError) throw notFound('endpoint', o.endpointId, error);
        if (isFatal(error)) throw error;
        failed++;
        const message = (error as Error).message;
        ctx.io.stderr.write(`fiscal: ${request.cnpj} ${request.document_type} ${request.event_type}: ${message}\n`);
        writer.write({ id: '', status: 'error', ...request, message });
      }
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (failed > 0) throw new PartialError(`${failed} of ${requests.length} subscriptions were not created`);
}
