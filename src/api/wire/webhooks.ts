// Webhooks (spec 4.16, 6, R31): endpoints, subscriptions, the metadata of accepted values, the
// notification payload and the delivery attempts. Only the metadata path is the spec's; every
// other path and shape here is designed (docs/webhooks.md), in the `{status, data}` envelope, and
// errors come in the service shape `{error: {code, message, context}}` (spec 7). A resource of
// another account answers 404, never 403 (R3, R31).
import * as z from 'zod';
import { fillPath, WEBHOOK_DOC_TYPES, type DocTypeName } from '../../fiscal/doc-types.js';
import { statusSchema } from './common.js';

export const WEBHOOK_METADATA_PATH = '/v1/webhooks/metadata';
export const WEBHOOK_ENDPOINTS_PATH = '/v1/webhooks/endpoints';
export const WEBHOOK_SUBSCRIPTIONS_PATH = '/v1/webhooks/subscriptions';
export const WEBHOOK_ENDPOINT_PATH = `${WEBHOOK_ENDPOINTS_PATH}/:id`;
export const WEBHOOK_DELIVERIES_PATH = `${WEBHOOK_ENDPOINT_PATH}/deliveries`;
export const WEBHOOK_SUBSCRIPTION_PATH = `${WEBHOOK_SUBSCRIPTIONS_PATH}/:id`;
export const webhookEndpointPath = (id: string): string => fillPath(WEBHOOK_ENDPOINT_PATH, { id });
export const webhookDeliveriesPath = (id: string): string => fillPath(WEBHOOK_DELIVERIES_PATH, { id });
export const webhookSubscriptionPath = (id: string): string => fillPath(WEBHOOK_SUBSCRIPTION_PATH, { id });

/** Designed: the document types and event types a subscription may name. */
export const WEBHOOK_DOCUMENT_TYPES = WEBHOOK_DOC_TYPES;
export type WebhookDocumentType = DocTypeName;
export const WEBHOOK_EVENT_TYPES = ['received', 'canceled'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Designed: an endpoint URL is http(s), at most this long. */
export const WEBHOOK_URL_MAX = 2048;
/** Designed: the signing secret the service generates, returned once when the endpoint is created. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** `GET /v1/webhooks/metadata` (path from the spec; data designed). */
const webhookMetadataSchema = z.object({
  document_types: z.array(z.string()),
  event_types: z.array(z.string()),
  /** How notifications are signed: header name and algorithm. */
  signature: z.object({ header: z.string(), algorithm: z.string() }),
});
export type WebhookMetadata = z.infer<typeof webhookMetadataSchema>;
export const webhookMetadataResponseSchema = z.object({ status: statusSchema, data: webhookMetadataSchema });

const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  /** Only in the answer to the POST that created the endpoint. */
  secret: z.string().optional(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export interface CreateWebhookEndpointRequest {
  url: string;
  description?: string;
}
export const webhookEndpointResponseSchema = z.object({ status: statusSchema, data: webhookEndpointSchema });
export const webhookEndpointsResponseSchema = z.object({ status: statusSchema, data: z.array(webhookEndpointSchema) });

const webhookSubscriptionSchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  /** CNPJ (14 digits) or CPF (11 digits) of a company of the account. */
  cnpj: z.string(),
  document_type: z.string(),
  event_type: z.string(),
  created_at: z.string(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;
export interface CreateWebhookSubscriptionRequest {
  endpoint_id: string;
  cnpj: string;
  document_type: WebhookDocumentType;
  event_type: WebhookEventType;
}
export const webhookSubscriptionResponseSchema = z.object({ status: statusSchema, data: webhookSubscriptionSchema });
export const webhookSubscriptionsResponseSchema = z.object({
  status: statusSchema,
  data: z.array(webhookSubscriptionSchema),
});

/** `DELETE` of an endpoint (which also removes its subscriptions) or of a subscription. */
export const webhookDeletedResponseSchema = z.object({
  status: statusSchema,
  data: z.object({ id: z.string(), deleted: z.literal(true), subscriptions_removed: z.number().int().optional() }),
});

/** The body POSTed to an endpoint: one notification, signed (see webhook-signature.ts). */
export const webhookNotificationSchema = z.object({
  /** Same id on every retry of one notification: receivers de-duplicate on it. */
  id: z.string(),
  type: z.enum(['document.received', 'document.canceled']),
  created_at: z.string(),
  data: z.object({
    subscription_id: z.string(),
    document_type: z.string(),
    event_type: z.string(),
    /** The subscribed CNPJ/CPF, and its role in the document (received, emitted, taker...). */
    cnpj: z.string(),
    role: z.string(),
    /** Access key, or the NFS-e id (R10). */
    key: z.string(),
    /** ISO date-time of issue of the document. */
    issued_at: z.string().optional(),
  }),
});
export type WebhookNotification = z.infer<typeof webhookNotificationSchema>;

/** One delivery attempt of a notification to an endpoint, as the service records it. */
const webhookDeliverySchema = z.object({
  id: z.string(),
  notification_id: z.string(),
  type: z.string(),
  attempt: z.number().int(),
  at: z.string(),
  /** HTTP status the endpoint answered, or null when it could not be reached in time. */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  /** `delivered` (2xx), `retrying` (another attempt is scheduled at next_attempt_at) or `failed` (gave up). */
  outcome: z.enum(['delivered', 'retrying', 'failed']),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = z.object({ status: statusSchema, data: z.array(webhookDeliverySchema) });
