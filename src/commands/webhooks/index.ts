// `fiscal webhooks ...`: declarations only; each verb's module loads when it runs.
import type { WebhookDocumentType, WebhookEventType } from '../../api/wire/webhooks.js';
import { WEBHOOK_DOC_TYPES } from '../../fiscal/doc-types.js';
import { defineGroup, defineVerb } from '../shared/define.js';

// From the registry, and spelled out here because the wire module loads zod, which --help must
// not; a test keeps these equal to WEBHOOK_DOCUMENT_TYPES and WEBHOOK_EVENT_TYPES.
export const DOCUMENT_TYPE_CHOICES: readonly WebhookDocumentType[] = WEBHOOK_DOC_TYPES;
export const EVENT_TYPE_CHOICES = ['received', 'canceled'] as const satisfies readonly WebhookEventType[];

const ENDPOINTS_EXAMPLES = [
  'fiscal webhooks endpoints add https://erp.example.com/fiscal/hooks --description "ERP inbox"',
  'fiscal webhooks endpoints list',
  'fiscal webhooks endpoints deliveries we_8f3a2c',
  'fiscal webhooks endpoints remove we_8f3a2c --dry-run',
];
const ENDPOINTS_NOTES = `add shows the endpoint's signing secret once, in its output row: keep it (listen --secret or
FISCAL_WEBHOOK_SECRET). remove also removes the endpoint's subscriptions. An id the account does not
hold (another account's) exits 4. See docs/webhooks.md.`;

const SUBSCRIPTIONS_EXAMPLES = [
  'fiscal webhooks subscriptions add --endpoint we_8f3a2c --cnpj 12345678000195 --document-type nfe --event-type received',
  'fiscal webhooks subscriptions add --endpoint we_8f3a2c --cnpj 12345678000195,11222333000181 --document-type nfe,cte --event-type received --event-type canceled',
  'fiscal webhooks subscriptions list --endpoint we_8f3a2c -o json',
  'fiscal webhooks subscriptions remove ws_41d0 ws_41d1',
];
const SUBSCRIPTIONS_NOTES = `add creates one subscription per CNPJ x document type x event type, a row each. CNPJ/CPF check digits
and the types (against GET /v1/webhooks/metadata) are checked before anything is created (exit 2
naming the flag); a subscription the service refuses is a failed row and the others go on (exit 7);
an endpoint the account does not hold exits 4. --cnpj, --document-type and --event-type take several
values, repeated or comma-separated.`;

const dryRun = { type: 'switch', summary: 'show what would be sent, send nothing' } as const;

export const metadataVerb = defineVerb({
  name: 'metadata',
  summary: 'the document and event types subscriptions accept, and how notifications are signed',
  examples: ['fiscal webhooks metadata', 'fiscal webhooks metadata -o json | jq .document_types'],
  flags: {},
  load: () => import('./metadata.js'),
});

export const endpointsListVerb = defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'list the endpoints (never their secrets)',
  examples: ENDPOINTS_EXAMPLES,
  notes: ENDPOINTS_NOTES,
  flags: {},
  load: () => import('./endpoints-list.js'),
});

export const endpointsAddVerb = defineVerb({
  name: 'add',
  summary: 'register an endpoint; shows its signing secret once',
  examples: ENDPOINTS_EXAMPLES,
  notes: ENDPOINTS_NOTES,
  args: [{ name: 'url', summary: 'http(s) URL that receives the notifications' }],
  flags: {
    description: { type: 'text', value: 'text', summary: 'a note to tell endpoints apart' },
    dryRun,
  },
  load: () => import('./endpoints-add.js'),
});

export const endpointsRemoveVerb = defineVerb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'remove endpoints, and their subscriptions',
  examples: ENDPOINTS_EXAMPLES,
  notes: ENDPOINTS_NOTES,
  args: [{ name: 'ids', variadic: true, summary: 'endpoint ids' }],
  flags: { dryRun },
  load: () => import('./endpoints-remove.js'),
});

export const endpointsDeliveriesVerb = defineVerb({
  name: 'deliveries',
  summary: 'the delivery attempts of notifications to an endpoint',
  examples: ENDPOINTS_EXAMPLES,
  notes: ENDPOINTS_NOTES,
  args: [{ name: 'id', summary: 'endpoint id' }],
  flags: {},
  load: () => import('./endpoints-deliveries.js'),
});

export const subscriptionsListVerb = defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'list the subscriptions',
  examples: SUBSCRIPTIONS_EXAMPLES,
  notes: SUBSCRIPTIONS_NOTES,
  flags: {
    endpoint: { type: 'text', value: 'id', summary: 'only those of this endpoint' },
  },
  load: () => import('./subscriptions-list.js'),
});

export const subscriptionsAddVerb = defineVerb({
  name: 'add',
  summary: 'subscribe an endpoint to documents of CNPJs/CPFs',
  examples: SUBSCRIPTIONS_EXAMPLES,
  notes: SUBSCRIPTIONS_NOTES,
  flags: {
    endpoint: { type: 'text', value: 'id', summary: 'the endpoint to notify' },
    cnpj: {
      type: 'custom',
      value: 'cnpj',
      list: true,
      summary: 'CNPJ or CPF of a company of the account (several: repeated or comma-separated)',
    },
    documentType: {
      type: 'choice',
      value: 'type',
      choices: DOCUMENT_TYPE_CHOICES,
      list: true,
      summary: 'document types (several)',
    },
    eventType: {
      type: 'choice',
      value: 'event',
      choices: EVENT_TYPE_CHOICES,
      list: true,
      summary: 'event types (several)',
    },
    dryRun: { type: 'switch', summary: 'check and show what would be sent, send nothing' },
  },
  load: () => import('./subscriptions-add.js'),
});

export const subscriptionsRemoveVerb = defineVerb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'remove subscriptions',
  examples: SUBSCRIPTIONS_EXAMPLES,
  notes: SUBSCRIPTIONS_NOTES,
  args: [{ name: 'ids', variadic: true, summary: 'subscription ids' }],
  flags: { dryRun },
  load: () => import('./subscriptions-remove.js'),
});

export const listenVerb = defineVerb({
  name: 'listen',
  summary: 'receive notifications locally: print each as a JSON line, optionally forward it',
  examples: [
    'fiscal webhooks listen --port 8787                # the secret from FISCAL_WEBHOOK_SECRET',
    'fiscal webhooks listen --port 8787 --forward-to http://127.0.0.1:3000/hooks',
    'fiscal webhooks listen --max 1 | jq .data.key',
  ],
  notes: `Prints "listening on http://127.0.0.1:<port>" on stderr, then each accepted notification as one
JSON line on stdout. With a secret, a request without a valid, fresh X-Fiscal-Signature is answered
401 and only reported on stderr. Non-POST is 405, a body that is not a JSON notification 400, a body
over 1 MiB 413. A retry of a notification id already printed is answered 200 and not printed or
forwarded again, unless --all. --forward-to posts the same body and signature header to the URL; if
that fails the sender gets 502 and delivers again later. Binds 127.0.0.1 unless --host says
otherwise. Exits 0 on Ctrl-C/SIGTERM, or after --max notifications.`,
  flags: {
    port: { type: 'custom', value: 'port', summary: 'port to listen on; 0 picks a free one', default: '0' },
    host: {
      type: 'text',
      value: 'address',
      summary: 'address to bind; anything but loopback must be asked for',
      default: '127.0.0.1',
    },
    secret: {
      type: 'text',
      value: 'secret',
      summary: "the endpoint's signing secret (env FISCAL_WEBHOOK_SECRET; the env keeps it out of ps)",
    },
    forwardTo: {
      type: 'custom',
      value: 'url',
      summary: 'also POST each notification, body and signature unchanged, to this URL',
    },
    max: { type: 'custom', value: 'n', summary: 'exit after this many notifications' },
    all: { type: 'switch', summary: 'print (and forward) every delivery, retries of one notification id included' },
  },
  load: () => import('./listen.js'),
});

export const webhooks = defineGroup({
  name: 'webhooks',
  summary: 'webhook endpoints and subscriptions, and a local receiver of notifications',
  examples: [
    'fiscal webhooks endpoints add https://erp.example.com/fiscal/hooks',
    'fiscal webhooks subscriptions add --endpoint <id> --cnpj 12345678000195 --document-type nfe --event-type received,canceled',
    'fiscal webhooks listen --port 8787 --forward-to http://127.0.0.1:3000/hooks',
  ],
  notes: 'See docs/webhooks.md.',
  verbs: [
    metadataVerb,
    defineGroup({
      name: 'endpoints',
      summary: 'manage the URLs notifications are delivered to, and see their deliveries',
      examples: ENDPOINTS_EXAMPLES,
      notes: ENDPOINTS_NOTES,
      verbs: [endpointsListVerb, endpointsAddVerb, endpointsRemoveVerb, endpointsDeliveriesVerb],
    }),
    defineGroup({
      name: 'subscriptions',
      summary: 'choose which documents of which CNPJ/CPF notify which endpoint',
      examples: SUBSCRIPTIONS_EXAMPLES,
      notes: SUBSCRIPTIONS_NOTES,
      verbs: [subscriptionsListVerb, subscriptionsAddVerb, subscriptionsRemoveVerb],
    }),
    listenVerb,
  ],
});
