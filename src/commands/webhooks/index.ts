// `fiscal webhooks ...`: commander metadata only; each verb's module loads when it runs.
import { Option, type Command } from 'commander';
import type { WebhookDocumentType, WebhookEventType } from '../../api/wire/webhooks.js';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';

// Spelled out here because the wire module loads zod, which --help must not; a test keeps these
// equal to WEBHOOK_DOCUMENT_TYPES and WEBHOOK_EVENT_TYPES.
export const DOCUMENT_TYPE_CHOICES = ['nfe', 'nfce', 'cte', 'cteos', 'mdfe', 'nfse'] as const satisfies readonly WebhookDocumentType[];
export const EVENT_TYPE_CHOICES = ['received', 'canceled'] as const satisfies readonly WebhookEventType[];

const ENDPOINTS_HELP = `
Examples:
  $ fiscal webhooks endpoints add https://erp.example.com/fiscal/hooks --description "ERP inbox"
  $ fiscal webhooks endpoints list
  $ fiscal webhooks endpoints deliveries we_8f3a2c
  $ fiscal webhooks endpoints remove we_8f3a2c --dry-run

add shows the endpoint's signing secret once, in its output row: keep it (listen --secret or
FISCAL_WEBHOOK_SECRET). remove also removes the endpoint's subscriptions. An id the account does not
hold (another account's) exits 4. See docs/webhooks.md.`;

const SUBSCRIPTIONS_HELP = `
Examples:
  $ fiscal webhooks subscriptions add --endpoint we_8f3a2c --cnpj 12345678000195 --document-type nfe --event-type received
  $ fiscal webhooks subscriptions add --endpoint we_8f3a2c --cnpj 12345678000195,11222333000181 --document-type nfe cte --event-type received canceled
  $ fiscal webhooks subscriptions list --endpoint we_8f3a2c -o json
  $ fiscal webhooks subscriptions remove ws_41d0 ws_41d1

add creates one subscription per CNPJ x document type x event type, a row each. CNPJ/CPF check digits
and the types (against GET /v1/webhooks/metadata) are checked before anything is created (exit 2
naming the flag); a subscription the service refuses is a failed row and the others go on (exit 7);
an endpoint the account does not hold exits 4.`;

const LISTEN_HELP = `
Examples:
  $ FISCAL_WEBHOOK_SECRET=whsec_... fiscal webhooks listen --port 8787
  $ fiscal webhooks listen --port 8787 --forward-to http://127.0.0.1:3000/hooks
  $ fiscal webhooks listen --max 1 | jq .data.key

Prints "listening on http://127.0.0.1:<port>" on stderr, then each accepted notification as one
JSON line on stdout. With a secret, a request without a valid, fresh X-Fiscal-Signature is answered
401 and only reported on stderr. Non-POST is 405, a body that is not a JSON notification 400, a body
over 1 MiB 413. A retry of a notification id already printed is answered 200 and not printed or
forwarded again, unless --all. --forward-to posts the same body and signature header to the URL; if
that fails the sender gets 502 and delivers again later. Binds 127.0.0.1 unless --host says
otherwise. Exits 0 on Ctrl-C/SIGTERM, or after --max notifications.`;

export function registerWebhooks(program: Command, ctx: Context): void {
  const webhooks = program.command('webhooks').description('webhook endpoints and subscriptions, and a local receiver of notifications').addHelpText('after', `
Examples:
  $ fiscal webhooks endpoints add https://erp.example.com/fiscal/hooks
  $ fiscal webhooks subscriptions add --endpoint <id> --cnpj 12345678000195 --document-type nfe --event-type received canceled
  $ FISCAL_WEBHOOK_SECRET=whsec_... fiscal webhooks listen --port 8787 --forward-to http://127.0.0.1:3000/hooks

See docs/webhooks.md.`);
  webhooks
    .command('metadata')
    .description('the document and event types subscriptions accept, and how notifications are signed')
    .addHelpText('after', '\nExamples:\n  $ fiscal webhooks metadata\n  $ fiscal webhooks metadata -o json | jq .document_types\n')
    .action(lazyAction(ctx, () => import('./metadata.js')));

  const endpoints = webhooks.command('endpoints').description('manage the URLs notifications are delivered to, and see their deliveries').addHelpText('after', ENDPOINTS_HELP);
  endpoints.command('list').alias('ls').description('list the endpoints (never their secrets)').addHelpText('after', ENDPOINTS_HELP)
    .action(lazyAction(ctx, () => import('./endpoints-list.js')));
  endpoints.command('add').description('register an endpoint; shows its signing secret once').argument('<url>', 'http(s) URL that receives the notifications')
    .option('--description <text>', 'a note to tell endpoints apart')
    .option('--dry-run', 'show what would be sent, send nothing')
    .addHelpText('after', ENDPOINTS_HELP)
    .action(lazyAction(ctx, () => import('./endpoints-add.js')));
  endpoints.command('remove').alias('rm').description('remove endpoints, and their subscriptions').argument('<ids...>', 'endpoint ids')
    .option('--dry-run', 'show what would be sent, send nothing')
    .addHelpText('after', ENDPOINTS_HELP)
    .action(lazyAction(ctx, async () => (await import('./remove.js')).removeVerb('endpoint')));
  endpoints.command('deliveries').description('the delivery attempts of notifications to an endpoint').argument('<id>', 'endpoint id')
    .addHelpText('after', ENDPOINTS_HELP)
    .action(lazyAction(ctx, () => import('./deliveries.js')));

  const subscriptions = webhooks.command('subscriptions').description('choose which documents of which CNPJ/CPF notify which endpoint').addHelpText('after', SUBSCRIPTIONS_HELP);
  subscriptions.command('list').alias('ls').description('list the subscriptions').option('--endpoint <id>', 'only those of this endpoint')
    .addHelpText('after', SUBSCRIPTIONS_HELP)
    .action(lazyAction(ctx, () => import('./subscriptions-list.js')));
  subscriptions.command('add').description('subscribe an endpoint to documents of CNPJs/CPFs')
    .option('--endpoint <id>', 'the endpoint to notify')
    .option('--cnpj <cnpj...>', 'CNPJ or CPF of a company of the account (several, or comma-separated)')
    .addOption(new Option('--document-type <type...>', 'document types (several)').choices(DOCUMENT_TYPE_CHOICES))
    .addOption(new Option('--event-type <event...>', 'event types (several)').choices(EVENT_TYPE_CHOICES))
    .option('--dry-run', 'check and show what would be sent, send nothing')
    .addHelpText('after', SUBSCRIPTIONS_HELP)
    .action(lazyAction(ctx, () => import('./subscriptions-add.js')));
  subscriptions.command('remove').alias('rm').description('remove subscriptions').argument('<ids...>', 'subscription ids')
    .option('--dry-run', 'show what would be sent, send nothing')
    .addHelpText('after', SUBSCRIPTIONS_HELP)
    .action(lazyAction(ctx, async () => (await import('./remove.js')).removeVerb('subscription')));

  webhooks.command('listen').description('receive notifications locally: print each as a JSON line, optionally forward it')
    .option('--port <n>', 'port to listen on; 0 picks a free one', '0')
    .option('--host <address>', 'address to bind; anything but loopback must be asked for', '127.0.0.1')
    .option('--secret <secret>', 'the endpoint\'s signing secret (env FISCAL_WEBHOOK_SECRET; the env keeps it out of ps)')
    .option('--forward-to <url>', 'also POST each notification, body and signature unchanged, to this URL')
    .option('--max <n>', 'exit after this many notifications')
    .option('--all', 'print (and forward) every delivery, retries of one notification id included')
    .addHelpText('after', LISTEN_HELP)
    .action(lazyAction(ctx, () => import('./listen.js')));
}
