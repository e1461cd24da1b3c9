// Webhook management (R31, spec 4.16): the metadata (spec path), endpoints, subscriptions and the
// delivery attempts of an endpoint (designed, docs/webhooks.md). Everything is per account: an id
// of another account answers 404 in the service error shape, never 403 (R3).
import { SIGNATURE_ALGORITHM } from '../../api/webhook-signature.js';
import {
  WEBHOOK_DOCUMENT_TYPES,
  WEBHOOK_DELIVERIES_PATH,
  WEBHOOK_ENDPOINT_PATH,
  WEBHOOK_ENDPOINTS_PATH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_METADATA_PATH,
  WEBHOOK_SUBSCRIPTION_PATH,
  WEBHOOK_SUBSCRIPTIONS_PATH,
  webhookDeletedResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  webhookMetadataResponseSchema,
  webhookSubscriptionResponseSchema,
  webhookSubscriptionsResponseSchema,
  type WebhookEndpoint,
  type WebhookSubscription,
} from '../../api/wire/webhooks.js';
import { brt } from '../data/xml-util.js';
import { HttpError, okAs, serviceError, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import type { StoredEndpoint, StoredSubscription } from '../webhooks/registry.js';
import { endpointRequest, subscriptionRequest } from '../webhooks/requests.js';
import { webhooksOf } from '../webhooks/service.js';

/** The header as notifications carry it (header names are case-insensitive). */
const SIGNATURE_HEADER_NAME = 'X-Fiscal-Signature';

export function registerWebhooks(router: Router): void {
  const service = { errors: 'service' } as const;
  router.add('GET', WEBHOOK_METADATA_PATH, metadata, service);
  router.add('GET', WEBHOOK_ENDPOINTS_PATH, listEndpoints, service);
  router.add('POST', WEBHOOK_ENDPOINTS_PATH, createEndpoint, service);
  router.add('GET', WEBHOOK_ENDPOINT_PATH, getEndpoint, service);
  router.add('DELETE', WEBHOOK_ENDPOINT_PATH, deleteEndpoint, service);
  router.add('GET', WEBHOOK_DELIVERIES_PATH, listDeliveries, service);
  router.add('GET', WEBHOOK_SUBSCRIPTIONS_PATH, listSubscriptions, service);
  router.add('POST', WEBHOOK_SUBSCRIPTIONS_PATH, createSubscription, service);
  router.add('DELETE', WEBHOOK_SUBSCRIPTION_PATH, deleteSubscription, service);
}

function metadata(): Reply {
  return okAs(webhookMetadataResponseSchema, {
    data: {
      document_types: [...WEBHOOK_DOCUMENT_TYPES],
      event_types: [...WEBHOOK_EVENT_TYPES],
      signature: { header: SIGNATURE_HEADER_NAME, algorithm: SIGNATURE_ALGORITHM },
    },
  });
}

const registryOf = (ctx: RequestContext) => webhooksOf(ctx.store, ctx.now).registry;

function notFound(what: string, id: string): HttpError {
  return new HttpError(serviceError(404, 'not_found', `no webhook ${what} "${id}"`, { id }));
}

/** R3: another account's endpoint is not found, exactly like one that never existed. */
function endpointOf(ctx: RequestContext, id: string): StoredEndpoint {
  const endpoint = registryOf(ctx).findEndpoint(ctx.account.id, id);
  if (!endpoint) throw notFound('endpoint', id);
  return endpoint;
}

function endpointWire(endpoint: StoredEndpoint, withSecret = false): WebhookEndpoint {
  const { id, url, description, createdAt, secret } = endpoint;
  return { id, url, description, created_at: createdAt, ...(withSecret ? { secret } : {}) };
}

function subscriptionWire(sub: StoredSubscription): WebhookSubscription {
  return {
    id: sub.id,
    endpoint_id: sub.endpointId,
    cnpj: sub.cnpj,
    document_type: sub.documentType,
    event_type: sub.eventType,
    created_at: sub.createdAt,
  };
}

function listEndpoints(ctx: RequestContext): Reply {
  return okAs(webhookEndpointsResponseSchema, {
    data: registryOf(ctx)
      .endpointsOf(ctx.account.id)
      .map((e) => endpointWire(e)),
  });
}

/** The secret is in this answer only: it signs every notification to the endpoint. */
function createEndpoint(ctx: RequestContext): Reply {
  const { url, description } = endpointRequest(ctx.json());
  const endpoint = registryOf(ctx).addEndpoint(ctx.account.id, url, description, brt(ctx.now()));
  return okAs(webhookEndpointResponseSchema, { data: endpointWire(endpoint, true) });
}

function getEndpoint(ctx: RequestContext): Reply {
  return okAs(webhookEndpointResponseSchema, { data: endpointWire(endpointOf(ctx, ctx.params.id!)) });
}

function deleteEndpoint(ctx: RequestContext): Reply {
  const id = ctx.params.id!;
  const removed = registryOf(ctx).deleteEndpoint(ctx.account.id, id);
  if (removed === undefined) throw notFound('endpoint', id);
  return okAs(webhookDeletedResponseSchema, { data: { id, deleted: true, subscriptions_removed: removed } });
}

function listDeliveries(ctx: RequestContext): Reply {
  const endpoint = endpointOf(ctx, ctx.params.id!);
  return okAs(webhookDeliveriesResponseSchema, {
    data: registryOf(ctx)
      .deliveriesOf(endpoint.id)
      .map((d) => ({ ...d })),
  });
}

function listSubscriptions(ctx: RequestContext): Reply {
  const endpointId = ctx.url.searchParams.get('endpoint_id') ?? undefined;
  if (endpointId !== undefined) endpointOf(ctx, endpointId);
  return okAs(webhookSubscriptionsResponseSchema, {
    data: registryOf(ctx).subscriptionsOf(ctx.account.id, endpointId).map(subscriptionWire),
  });
}

/** Idempotent: posting the same subscription again answers the one already there. */
function createSubscription(ctx: RequestContext): Reply {
  const req = subscriptionRequest(ctx.json(), ctx.account);
  const endpoint = endpointOf(ctx, req.endpoint_id);
  const { subscription } = registryOf(ctx).addSubscription(
    {
      accountId: ctx.account.id,
      endpointId: endpoint.id,
      cnpj: req.cnpj,
      documentType: req.document_type,
      eventType: req.event_type,
    },
    brt(ctx.now()),
  );
  return okAs(webhookSubscriptionResponseSchema, { data: subscriptionWire(subscription) });
}

function deleteSubscription(ctx: RequestContext): Reply {
  const id = ctx.params.id!;
  if (!registryOf(ctx).deleteSubscription(ctx.account.id, id)) throw notFound('subscription', id);
  return okAs(webhookDeletedResponseSchema, { data: { id, deleted: true } });
}
