// Webhooks (spec 4.16, R31): one function per endpoint of the contract in wire/webhooks.ts (the two
// DELETEs, alike, are one). The GETs and DELETEs are retried (a repeated DELETE only finds the
// resource gone: 404); the POSTs are not, since a repeated create would make a second endpoint or
// subscription.
import { requestData, type HttpClient } from './http.js';
import {
  WEBHOOK_ENDPOINTS_PATH,
  WEBHOOK_METADATA_PATH,
  WEBHOOK_SUBSCRIPTIONS_PATH,
  webhookDeletedResponseSchema,
  webhookDeliveriesPath,
  webhookDeliveriesResponseSchema,
  webhookEndpointPath,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  webhookMetadataResponseSchema,
  webhookSubscriptionPath,
  webhookSubscriptionResponseSchema,
  webhookSubscriptionsResponseSchema,
  type CreateWebhookEndpointRequest,
  type CreateWebhookSubscriptionRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookMetadata,
  type WebhookSubscription,
} from './wire/webhooks.js';

interface WebhookDeleted {
  id: string;
  deleted: true;
  subscriptions_removed?: number | undefined;
}

/** `GET /v1/webhooks/metadata`: the document and event types a subscription may name. */
export async function getWebhookMetadata(http: HttpClient): Promise<WebhookMetadata> {
  return requestData(http, { method: 'GET', path: WEBHOOK_METADATA_PATH, schema: webhookMetadataResponseSchema });
}

export async function listWebhookEndpoints(http: HttpClient): Promise<WebhookEndpoint[]> {
  return requestData(http, {
    method: 'GET',
    path: WEBHOOK_ENDPOINTS_PATH,
    schema: webhookEndpointsResponseSchema,
  });
}

/** Answers the endpoint with its signing `secret`, which the service shows this once only. */
export async function createWebhookEndpoint(
  http: HttpClient,
  request: CreateWebhookEndpointRequest,
): Promise<WebhookEndpoint> {
  return requestData(http, {
    method: 'POST',
    path: WEBHOOK_ENDPOINTS_PATH,
    body: request,
    schema: webhookEndpointResponseSchema,
  });
}

/** The delivery attempts of notifications to an endpoint, as the service recorded them. */
export async function listWebhookDeliveries(http: HttpClient, endpointId: string): Promise<WebhookDelivery[]> {
  return requestData(http, {
    method: 'GET',
    path: webhookDeliveriesPath(endpointId),
    schema: webhookDeliveriesResponseSchema,
  });
}

/**
 * The account's subscriptions; with `endpointId`, asks for that endpoint's only (`endpoint_id`,
 * designed) and also filters here, so a server that ignores the parameter gives the same answer.
 */
export async function listWebhookSubscriptions(http: HttpClient, endpointId?: string): Promise<WebhookSubscription[]> {
  const query = { endpoint_id: endpointId };
  const data = await requestData(http, {
    method: 'GET',
    path: WEBHOOK_SUBSCRIPTIONS_PATH,
    query,
    schema: webhookSubscriptionsResponseSchema,
  });
  return endpointId === undefined ? data : data.filter((s) => s.endpoint_id === endpointId);
}

export async function createWebhookSubscription(
  http: HttpClient,
  request: CreateWebhookSubscriptionRequest,
): Promise<WebhookSubscription> {
  return requestData(http, {
    method: 'POST',
    path: WEBHOOK_SUBSCRIPTIONS_PATH,
    body: request,
    schema: webhookSubscriptionResponseSchema,
  });
}

export type WebhookResource = 'endpoint' | 'subscription';

/** Where each webhook resource lives: its collection, and one of it by id. */
const RESOURCES: Record<WebhookResource, { collection: string; one: (id: string) => string }> = {
  endpoint: { collection: WEBHOOK_ENDPOINTS_PATH, one: webhookEndpointPath },
  subscription: { collection: WEBHOOK_SUBSCRIPTIONS_PATH, one: webhookSubscriptionPath },
};

/** Deletes an endpoint or a subscription; an endpoint takes its subscriptions along (`subscriptions_removed`). */
export async function deleteWebhook(http: HttpClient, kind: WebhookResource, id: string): Promise<WebhookDeleted> {
  return requestData(http, {
    method: 'DELETE',
    path: RESOURCES[kind].one(id),
    schema: webhookDeletedResponseSchema,
    retry: true,
  });
}

/** What a write would send, for --dry-run rows and messages: `POST /v1/webhooks/endpoints`. */
export const webhookWrites = {
  create: (kind: WebhookResource): string => `POST ${RESOURCES[kind].collection}`,
  delete: (kind: WebhookResource, id?: string): string =>
    `DELETE ${id === undefined ? RESOURCES[kind].collection : RESOURCES[kind].one(id)}`,
};
