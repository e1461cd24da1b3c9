// The webhook resources of one emulator: endpoints, subscriptions and the recorded delivery
// attempts. Every read and write names the account, and a resource of another account is simply
// not found (R3, R31): callers answer 404, never 403. Ids and secrets come from node:crypto, not
// from the seeded data, so that creating them never changes the generated documents.
import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_SECRET_PREFIX,
  type WebhookDelivery,
  type WebhookDocumentType,
  type WebhookEventType,
} from '../../api/wire/webhooks.js';

export interface StoredEndpoint {
  id: string;
  accountId: string;
  url: string;
  description: string | null;
  createdAt: string;
  secret: string;
}

export interface StoredSubscription {
  id: string;
  accountId: string;
  endpointId: string;
  cnpj: string;
  documentType: WebhookDocumentType;
  eventType: WebhookEventType;
  createdAt: string;
}

type NewSubscription = Omit<StoredSubscription, 'id' | 'createdAt'>;

/** Designed: the attempts kept per endpoint; older ones are dropped first. */
const DELIVERIES_KEPT = 1000;

export function randomId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('hex')}`;
}

export class WebhookRegistry {
  private readonly endpoints = new Map<string, StoredEndpoint>();
  private readonly subscriptions = new Map<string, StoredSubscription>();
  private readonly deliveries = new Map<string, WebhookDelivery[]>();

  endpointsOf(accountId: string): StoredEndpoint[] {
    return [...this.endpoints.values()].filter((e) => e.accountId === accountId);
  }

  findEndpoint(accountId: string, id: string): StoredEndpoint | undefined {
    const endpoint = this.endpoints.get(id);
    return endpoint?.accountId === accountId ? endpoint : undefined;
  }

  addEndpoint(accountId: string, url: string, description: string | null, createdAt: string): StoredEndpoint {
    const endpoint: StoredEndpoint = {
      id: randomId('we_'),
      accountId,
      url,
      description,
      createdAt,
      secret: `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`,
    };
    this.endpoints.set(endpoint.id, endpoint);
    return endpoint;
  }

  /** Removes the endpoint with its subscriptions and deliveries; answers how many subscriptions went. */
  deleteEndpoint(accountId: string, id: string): number | undefined {
    if (!this.findEndpoint(accountId, id)) return undefined;
    this.endpoints.delete(id);
    this.deliveries.delete(id);
    let removed = 0;
    for (const sub of this.subscriptions.values()) {
      if (sub.endpointId !== id) continue;
      this.subscriptions.delete(sub.id);
      removed++;
    }
    return removed;
  }

  subscriptionsOf(accountId: string, endpointId?: string): StoredSubscription[] {
    return [...this.subscriptions.values()].filter(
      (s) => s.accountId === accountId && (endpointId === undefined || s.endpointId === endpointId),
    );
  }

  /** Idempotent: the same endpoint, CNPJ/CPF, document type and event type answer the existing one. */
  addSubscription(input: NewSubscription, createdAt: string): { subscription: StoredSubscription; created: boolean } {
    const existing = this.subscriptionsOf(input.accountId, input.endpointId).find(
      (s) => s.cnpj === input.cnpj && s.documentType === input.documentType && s.eventType === input.eventType,
    );
    if (existing) return { subscription: existing, created: false };
    const subscription: StoredSubscription = { ...input, id: randomId('ws_'), createdAt };
    this.subscriptions.set(subscription.id, subscription);
    return { subscription, created: true };
  }

  deleteSubscription(accountId: string, id: string): boolean {
    const sub = this.subscriptions.get(id);
    if (sub?.accountId !== accountId) return false;
    return this.subscriptions.delete(id);
  }

  /** An endpoint by id whatever its account: deliveries run outside any request. */
  endpoint(id: string): StoredEndpoint | undefined {
    return this.endpoints.get(id);
  }

  recordDelivery(endpointId: string, delivery: WebhookDelivery): void {
    if (!this.endpoints.has(endpointId)) return;
    let list = this.deliveries.get(endpointId);
    if (!list) this.deliveries.set(endpointId, (list = []));
    list.push(delivery);
    if (list.length > DELIVERIES_KEPT) list.splice(0, list.length - DELIVERIES_KEPT);
  }

  /** The attempts of an endpoint, newest last. */
  deliveriesOf(endpointId: string): readonly WebhookDelivery[] {
    return this.deliveries.get(endpointId) ?? [];
  }
}
