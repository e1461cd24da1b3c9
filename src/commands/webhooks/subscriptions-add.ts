// `fiscal webhooks subscriptions add --endpoint <id> --cnpj <c>... --document-type <t>...
// --event-type <e>...`: one subscription per CNPJ x document type x event type, a row each.
// CNPJ/CPF check digits are checked here and the types against GET /v1/webhooks/metadata (one
// call) before anything is created; a subscription the service refuses is a failed row and the
// others go on (exit 7). The endpoint not being found (R31) ends the run with exit 4.
import * as z from 'zod';
import { createWebhookSubscription, getWebhookMetadata, webhookWrites } from '../../api/webhooks.js';
import type {
  CreateWebhookSubscriptionRequest,
  WebhookDocumentType,
  WebhookEventType,
} from '../../api/wire/webhooks.js';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { readTaxId } from '../../fiscal/tax-id.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { subscriptionsAddVerb } from './index.js';
import { checkIds, isFatal, notFound } from './rows.js';

interface SubscriptionsAddOptions {
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

/** A CNPJ or CPF, digits or masked, given back as digits; the error names the value. */
const taxId = z.string().transform((value, ctx) => {
  const r = readTaxId(value);
  if ('value' in r) return r.value;
  ctx.addIssue({ code: 'custom', message: `${value}: ${r.problem}` });
  return z.NEVER;
});

/** OptionsOf types a custom flag by its parser's one value; a list flag holds an array of them. */
const listOf = (value: unknown): string[] => (value as string[] | undefined) ?? [];

export default verb(subscriptionsAddVerb, {
  parsers: { cnpj: taxId },
  check(o) {
    if (o.endpoint === undefined) throw new UsageError('--endpoint is missing: the id of the endpoint to notify');
    checkIds([o.endpoint], 'endpoint');
    if (!listOf(o.cnpj).length) throw new UsageError('--cnpj is missing');
    if (!o.documentType?.length) throw new UsageError('--document-type is missing');
    if (!o.eventType?.length) throw new UsageError('--event-type is missing');
  },
  run: (ctx, o) =>
    add(ctx, {
      endpointId: checkIds([o.endpoint!], 'endpoint')[0]!,
      cnpjs: [...new Set(listOf(o.cnpj))],
      documentTypes: [...new Set(o.documentType!)],
      eventTypes: [...new Set(o.eventType!)],
      dryRun: o.dryRun,
    }),
});

function checkAccepted(flag: string, given: string[], accepted: string[]): void {
  const bad = given.find((v) => !accepted.includes(v));
  if (bad !== undefined)
    throw new UsageError(`${flag}: "${bad}" is not accepted by the service (accepted: ${accepted.join(', ')})`);
}

const COLUMNS: Column<AddedRow>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'ENDPOINT', key: 'endpoint_id', get: (r) => r.endpoint_id, truncate: false },
  { header: 'CNPJ', get: (r) => r.cnpj, truncate: false },
  { header: 'DOCUMENT TYPE', get: (r) => r.document_type },
  { header: 'EVENT TYPE', get: (r) => r.event_type },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

async function add(ctx: Context, o: SubscriptionsAddOptions): Promise<void> {
  const http = await ctx.http();
  const metadata = await getWebhookMetadata(http);
  checkAccepted('--document-type', o.documentTypes, metadata.document_types);
  checkAccepted('--event-type', o.eventTypes, metadata.event_types);
  const requests = o.cnpjs.flatMap((cnpj) =>
    o.documentTypes.flatMap((document_type) =>
      o.eventTypes.map((event_type): CreateWebhookSubscriptionRequest => ({
        endpoint_id: o.endpointId,
        cnpj,
        document_type: document_type as WebhookDocumentType,
        event_type: event_type as WebhookEventType,
      })),
    ),
  );
  const writer = createRecordWriter<AddedRow>(ctx, { columns: COLUMNS });
  let failed = 0;
  try {
    for (const request of requests) {
      if (o.dryRun) {
        writer.write({
          id: '',
          status: 'dry-run',
          ...request,
          message: `would send ${webhookWrites.create('subscription')}; nothing sent`,
        });
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
