// Webhooks (spec 4.16, R31): one function per endpoint of the contract in wire/webhooks.ts. The
// GETs and DELETEs are retried (a repeated DELETE only finds the resource gone: 404); the POSTs are
// not, since a repeated create would make a second endpoint or subscription.
import type { HttpClient } from './http.js';
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
  const res = await http.request({ method: 'GET', path: WEBHOOK_METADATA_PATH, schema: webhookMetadataResponseSchema });
  return res.body.data;
}

export async function listWebhookEndpoints(http: HttpClient): Promise<WebhookEndpoint[]> {
  const res = await http.request({
    method: 'GET',
    path: WEBHOOK_ENDPOINTS_PATH,
    schema: webhookEndpointsResponseSchema,
  });
  return res.body.data;
}

/** Answers the endpoint with its signing `secret`, which the service shows this once only. */
export async function createWebhookEndpoint(
  http: HttpClient,
  request: CreateWebhookEndpointRequest,
): Promise<WebhookEndpoint> {
  const res = await http.request({
    method: 'POST',
    path: WEBHOOK_ENDPOINTS_PATH,
    body: request,
    schema: webhookEndpointResponseSchema,
  });
  return res.body.data;
}

/** Also removes the endpoint's subscriptions (`subscriptions_removed`). */
export async function deleteWebhookEndpoint(http: HttpClient, id: string): Promise<WebhookDeleted> {
  const res = await http.request({
    method: 'DELETE',
    path: webhookEndpointPath(id),
    schema: webhookDeletedResponseSchema,
    retry: true,
  });
  return res.body.data;
}

/** The delivery attempts of notifications to an endpoint, as the service recorded them. */
export async function listWebhookDeliveries(http: HttpClient, endpointId: string): Promise<WebhookDelivery[]> {
  const res = await http.request({
    method: 'GET',
    path: webhookDeliveriesPath(endpointId),
    schema: webhookDeliveriesResponseSchema,
  });
  return res.body.data;
}

/**
 * The account's subscriptions; with `endpointId`, asks for that endpoint's only (`endpoint_id`,
 * designed) and also filters here, so a server that ignores the parameter gives the same answer.
 */
export async function listWebhookSubscriptions(http: HttpClient, endpointId?: string): Promise<WebhookSubscription[]> {
  const query = { endpoint_id: endpointId };
  const res = await http.request({
    method: 'GET',
    path: WEBHOOK_SUBSCRIPTIONS_PATH,
    query,
    schema: webhookSubscriptionsResponseSchema,
  });
  return endpointId === undefined ? res.body.data : res.body.data.filter((s) => s.endpoint_id === endpointId);
}

export async function createWebhookSubscription(
  http: HttpClient,
  request: CreateWebhookSubscriptionRequest,
): Promise<WebhookSubscription> {
  const res = await http.request({
    method: 'POST',
    path: WEBHOOK_SUBSCRIPTIONS_PATH,
    body: request,
    schema: webhookSubscriptionResponseSchema,
  });
  return res.body.data;
}

export async function deleteWebhookSubscription(http: HttpClient, id: string): Promise<WebhookDeleted> {
  const res = await http.request({
    method: 'DELETE',
    path: webhookSubscriptionPath(id),
    schema: webhookDeletedResponseSchema,
    retry: true,
  });
  return res.body.data;
}

export type WebhookResource = 'endpoint' | 'subscription';

/** What a write would send, for --dry-run rows and messages: `POST /v1/webhooks/endpoints`. */
export const webhookWrites = {
  create: (kind: WebhookResource): string =>
    `POST ${kind === 'endpoint' ? WEBHOOK_ENDPOINTS_PATH : WEBHOOK_SUBSCRIPTIONS_PATH}`,
  delete: (kind: WebhookResource, id?: string): string => {
    const collection = kind === 'endpoint' ? WEBHOOK_ENDPOINTS_PATH : WEBHOOK_SUBSCRIPTIONS_PATH;
    if (id === undefined) return `DELETE ${collection}`;
    return `DELETE ${kind === 'endpoint' ? webhookEndpointPath(id) : webhookSubscriptionPath(id)}`;
  },
};
