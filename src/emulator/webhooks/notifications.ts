// Which subscriptions a change of the store notifies, and the notification each one gets: a document
// added (upload, batch upload, arrival, addDoc/addNfe) is `received`; an event that cancels its
// document is `canceled`. A subscription matches when its CNPJ/CPF owns the document in any role
// and its document type and event type are the change's.
import type { WebhookEventType, WebhookNotification } from '../../api/wire/webhooks.js';
import { CANCELLING_EVENTS } from '../../fiscal/event-codes.js';
import type { EventDoc, EventDocType } from '../event-index.js';
import type { StoredNfse } from '../model-docs.js';
import type { StoreChange } from '../store.js';
import { randomId, type StoredSubscription } from './registry.js';

interface PendingNotification {
  subscription: StoredSubscription;
  notification: WebhookNotification;
}

function eventTypeOf(change: StoreChange): WebhookEventType | undefined {
  if (change.kind === 'document') return 'received';
  return CANCELLING_EVENTS[change.type].includes(change.event.type) ? 'canceled' : undefined;
}

/** One notification per matching subscription (its own id, kept on every retry). */
export function notificationsFor(
  change: StoreChange,
  subscriptions: readonly StoredSubscription[],
  createdAt: string,
): PendingNotification[] {
  const eventType = eventTypeOf(change);
  if (!eventType) return [];
  const roles = change.doc.roles as readonly { owner: string; role: string }[];
  const pending: PendingNotification[] = [];
  for (const subscription of subscriptions) {
    if (subscription.documentType !== change.type || subscription.eventType !== eventType) continue;
    const role = roles.find((r) => r.owner === subscription.cnpj);
    if (!role) continue;
    pending.push({
      subscription,
      notification: {
        id: randomId('wn_'),
        type: `document.${eventType}`,
        created_at: createdAt,
        data: {
          subscription_id: subscription.id,
          document_type: change.type,
          event_type: eventType,
          cnpj: subscription.cnpj,
          role: role.role,
          key: keyOf(change.type, change.doc, subscription.cnpj),
          issued_at: change.doc.emissionDate,
        },
      },
    });
  }
  return pending;
}

/** The access key, or for an NFS-e its R10 id as the subscribed owner sees it. */
function keyOf(type: EventDocType, doc: EventDoc, owner: string): string {
  if (type === 'nfse') return `${owner}:${(doc as StoredNfse).documentId}`;
  return (doc as { accessKey: string }).accessKey;
}
