// The webhooks of one emulator, kept beside its store (keyed by it, so store.ts stays unaware of
// them): the registry the routes manage and the deliverer the store's changes feed.
import { brt } from '../data/xml-util.js';
import type { Store } from '../store.js';
import { WebhookDeliverer, type WebhookDeliveryOptions } from './delivery.js';
import { notificationsFor } from './notifications.js';
import { WebhookRegistry } from './registry.js';

interface Webhooks {
  registry: WebhookRegistry;
  /** Resolves when no notification is waiting for an attempt or a retry (tests wait on it). */
  idle(): Promise<void>;
  /** Stops listening to the store, clears the pending retries and cuts the requests in flight. */
  close(): void;
}

const byStore = new WeakMap<Store, Webhooks>();

/** Starts the webhooks of an emulator: every later change of the store notifies its subscriptions. */
export function attachWebhooks(store: Store, now: () => number, options: WebhookDeliveryOptions = {}): Webhooks {
  byStore.get(store)?.close();
  const registry = new WebhookRegistry();
  const deliverer = new WebhookDeliverer(registry, now, options);
  const stop = store.onChange((change) => {
    const subscriptions = registry.subscriptionsOf(change.accountId);
    if (subscriptions.length === 0) return;
    for (const { subscription, notification } of notificationsFor(change, subscriptions, brt(now()))) {
      deliverer.send(subscription.endpointId, notification);
    }
  });
  const webhooks: Webhooks = {
    registry,
    idle: () => deliverer.idle(),
    close() {
      stop();
      deliverer.close();
    },
  };
  byStore.set(store, webhooks);
  return webhooks;
}

/** The webhooks of the store's emulator (started with defaults for a store served without one). */
export function webhooksOf(store: Store, now: () => number = Date.now): Webhooks {
  return byStore.get(store) ?? attachWebhooks(store, now);
}
