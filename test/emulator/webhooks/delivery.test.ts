// Webhook notifications (R31, designed delivery rules): a document received or canceled notifies
// every matching subscription with a signed POST; failed attempts are retried with backoff under
// the same notification id, each attempt recorded, until delivered or given up.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../../src/api/webhook-signature.js';
import {
  webhookDeliveriesResponseSchema,
  webhookEndpointResponseSchema,
  webhookNotificationSchema,
  webhookSubscriptionResponseSchema,
  type WebhookEventType,
  type WebhookNotification,
} from '../../../src/api/wire/webhooks.js';
import { nfeXml } from '../../../src/emulator/data/dataset.js';
import type { StoredNfe } from '../../../src/emulator/model.js';
import { webhooksOf } from '../../../src/emulator/webhooks/service.js';
import { startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { base64, rekeyed, renumberedKey } from '../../helpers/upload-xml.js';
import { get, headersOf, post } from '../doc-listing-helpers.js';
import { startReceiver, type Receiver } from '../webhooks-receiver.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let accountId: string;
const receivers: Receiver[] = [];
let code = 500;

beforeAll(async () => {
  emu = await startEmulator({ docs: 60, otherDocs: 20, webhooks: { retryBaseMs: 1, timeoutMs: 5_000 } });
  headers = headersOf(emu);
  accountId = emu.accounts[0]!.id;
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(async () => emu?.close());

/** A receiver answering `statuses`, its endpoint and the endpoint's secret. */
async function endpointFor(statuses: number[] = [200]) {
  const receiver = await startReceiver(statuses);
  receivers.push(receiver);
  const r = await post(emu, '/v1/webhooks/endpoints', { url: receiver.url }, headers);
  const endpoint = webhookEndpointResponseSchema.parse(r.body).data;
  return { receiver, endpoint, secret: endpoint.secret! };
}

async function subscribe(endpointId: string, cnpj: string, document_type: string, event_type: WebhookEventType) {
  const r = await post(
    emu,
    '/v1/webhooks/subscriptions',
    { endpoint_id: endpointId, cnpj, document_type, event_type },
    headers,
  );
  expect(r.status, r.text).toBe(200);
  return webhookSubscriptionResponseSchema.parse(r.body).data;
}

async function deliveriesOf(endpointId: string) {
  return webhookDeliveriesResponseSchema.parse(
    (await get(emu, `/v1/webhooks/endpoints/${endpointId}/deliveries`, headers)).body,
  ).data;
}

const notificationsOf = (receiver: Receiver): WebhookNotification[] =>
  receiver.received.map((r) => webhookNotificationSchema.parse(JSON.parse(r.body)));
const settled = () => webhooksOf(emu.store).idle();

/** A new NF-e for the account, a copy of a stored one under a new key, with the given owners. */
function addNfe(roles: StoredNfe['roles']): StoredNfe {
  const source = emu.store.nfesOf(accountId).entries[0]!.doc;
  const { position: _position, ...rest } = source;
  return emu.store.addNfe({
    ...rest,
    accessKey: renumberedKey(source.accessKey, code++),
    roles,
    events: [],
    status: 'authorized',
  }).doc;
}

describe('R31: notifications of received documents', () => {
  it('R31: an uploaded NF-e is POSTed to the endpoint, signed with its secret', async () => {
    const { receiver, endpoint, secret } = await endpointFor();
    const doc = emu.store.nfesOf(accountId).byRole.emitted[0]!.doc;
    const emitter = doc.emitter.cnpj!;
    const sub = await subscribe(endpoint.id, emitter, 'nfe', 'received');
    const key = renumberedKey(doc.accessKey, code++);
    const r = await post(emu, '/v1/dfe/upload', { xml: base64(rekeyed(nfeXml(doc), doc.accessKey, key)) }, headers);
    expect(r.body.upload.success, r.text).toBe(true);
    await settled();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    const now = Math.floor(Date.now() / 1000);
    expect(verifySignature(secret, request!.headers['x-fiscal-signature'] as string, request!.body, now)).toEqual({
      ok: true,
    });
    expect(verifySignature(`${secret}x`, request!.headers['x-fiscal-signature'] as string, request!.body, now).ok).toBe(
      false,
    );
    const [notification] = notificationsOf(receiver);
    expect(notification).toMatchObject({
      type: 'document.received',
      data: {
        subscription_id: sub.id,
        document_type: 'nfe',
        event_type: 'received',
        cnpj: emitter,
        role: 'emitted',
        key,
        issued_at: doc.emissionDate,
      },
    });
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries).toMatchObject([
      {
        notification_id: notification!.id,
        type: 'document.received',
        attempt: 1,
        status_code: 200,
        error: null,
        outcome: 'delivered',
        next_attempt_at: null,
      },
    ]);
  });

  it('R31: documents added by the store notify too; an NFS-e is named by its R10 id as the owner sees it', async () => {
    const { receiver, endpoint } = await endpointFor();
    const [c1] = emu.accounts[0]!.companies;
    await subscribe(endpoint.id, c1!.cnpj, 'nfe', 'received');
    const added = addNfe([{ owner: c1!.cnpj, role: 'received' }]);
    const nfse = emu.store
      .docsOf(accountId, 'nfse')
      .entries.find((e) => e.doc.roles.some((r) => r.owner === c1!.cnpj))!.doc;
    await subscribe(endpoint.id, c1!.cnpj, 'nfse', 'received');
    const { position: _p, ...rest } = nfse;
    const documentId = `${nfse.emitter.cnpj}:2026-06-14:${code++}`;
    emu.store.addDoc('nfse', {
      ...rest,
      documentId,
      id: `${nfse.roles[0]!.owner}:${documentId}`,
      number: documentId.split(':')[2]!,
      roles: [{ owner: c1!.cnpj, role: 'received' }],
      events: [],
    });
    await settled();
    const data = notificationsOf(receiver).map((n) => n.data);
    expect(data).toEqual([
      expect.objectContaining({ document_type: 'nfe', key: added.accessKey, role: 'received' }),
      expect.objectContaining({ document_type: 'nfse', key: `${c1!.cnpj}:${documentId}`, role: 'received' }),
    ]);
  });

  it('R31: an arrival notifies every subscribed owner of the new document, once each', async () => {
    const { receiver, endpoint } = await endpointFor();
    const companies = emu.accounts[0]!.companies;
    for (const c of companies) await subscribe(endpoint.id, c.cnpj, 'nfe', 'received');
    const [arrived] = emu.addArrivals(1, accountId);
    const doc = emu.store.findNfe(accountId, arrived!.accessKey)!;
    await settled();
    const owners = [...new Set(doc.roles.map((r) => r.owner))].sort();
    expect(owners.length).toBeGreaterThan(0);
    const data = notificationsOf(receiver).map((n) => n.data);
    expect(data.map((d) => d.cnpj).sort()).toEqual(owners);
    expect(data.every((d) => d.key === doc.accessKey)).toBe(true);
  });

  it('R31: a subscription that does not match the document is not notified', async () => {
    const { receiver, endpoint } = await endpointFor();
    const [c1, c2] = emu.accounts[0]!.companies;
    expect(c2).toBeDefined();
    const matching = await subscribe(endpoint.id, c1!.cnpj, 'nfe', 'received');
    await subscribe(endpoint.id, c2!.cnpj, 'nfe', 'received'); // not an owner of the document
    await subscribe(endpoint.id, c1!.cnpj, 'cte', 'received'); // another document type
    await subscribe(endpoint.id, c1!.cnpj, 'nfe', 'canceled'); // another event type
    const doc = addNfe([{ owner: c1!.cnpj, role: 'emitted' }]);
    emu.store.addEvent(accountId, 'nfe', doc.accessKey, { type: '110110', createdAt: '2026-06-15T11:00:00-03:00' }); // a correction letter cancels nothing
    await settled();
    expect(notificationsOf(receiver).map((n) => [n.data.subscription_id, n.data.key])).toEqual([
      [matching.id, doc.accessKey],
    ]);
  });
});

describe('R31: notifications of canceled documents', () => {
  it('R31: a cancellation added through POST /_emulator/events notifies the canceled subscription', async () => {
    const { receiver, endpoint } = await endpointFor();
    const [c1] = emu.accounts[0]!.companies;
    const sub = await subscribe(endpoint.id, c1!.cnpj, 'nfe', 'canceled');
    const doc = addNfe([{ owner: c1!.cnpj, role: 'emitted' }]);
    const r = await fetch(`${emu.url}/_emulator/events`, {
      method: 'POST',
      body: JSON.stringify({ account: accountId, type: 'nfe', id: doc.accessKey, event: '110111' }),
    });
    expect(r.status).toBe(200);
    await settled();
    expect(notificationsOf(receiver)).toMatchObject([
      {
        type: 'document.canceled',
        data: { subscription_id: sub.id, event_type: 'canceled', key: doc.accessKey, role: 'emitted' },
      },
    ]);
  });
});

describe('R31: retries', () => {
  it('R31: an endpoint answering 500 then 200 gets the same notification twice; both attempts are recorded', async () => {
    const { receiver, endpoint } = await endpointFor([500, 200]);
    const [c1] = emu.accounts[0]!.companies;
    await subscribe(endpoint.id, c1!.cnpj, 'nfe', 'received');
    addNfe([{ owner: c1!.cnpj, role: 'emitted' }]);
    await settled();
    const ids = notificationsOf(receiver).map((n) => n.id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries).toMatchObject([
      { notification_id: ids[0], attempt: 1, status_code: 500, error: 'endpoint answered 500', outcome: 'retrying' },
      {
        notification_id: ids[0],
        attempt: 2,
        status_code: 200,
        error: null,
        outcome: 'delivered',
        next_attempt_at: null,
      },
    ]);
    expect(deliveries[0]!.next_attempt_at).not.toBeNull();
  });

  it('R31: an endpoint that never answers 2xx is given up after 6 attempts (outcome failed)', async () => {
    const { receiver, endpoint } = await endpointFor([503]);
    const [c1] = emu.accounts[0]!.companies;
    await subscribe(endpoint.id, c1!.cnpj, 'nfe', 'received');
    addNfe([{ owner: c1!.cnpj, role: 'emitted' }]);
    await settled();
    expect(receiver.received).toHaveLength(6);
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.map((d) => [d.attempt, d.outcome])).toEqual([
      [1, 'retrying'],
      [2, 'retrying'],
      [3, 'retrying'],
      [4, 'retrying'],
      [5, 'retrying'],
      [6, 'failed'],
    ]);
    expect(new Set(deliveries.map((d) => d.notification_id)).size).toBe(1);
    expect(deliveries[5]!.next_attempt_at).toBeNull();
  });

  it('R31: an endpoint nobody listens on is recorded with no status code and the connection error', async () => {
    const { receiver, endpoint } = await endpointFor();
    await receiver.close();
    const [c1] = emu.accounts[0]!.companies;
    await subscribe(endpoint.id, c1!.cnpj, 'nfe', 'received');
    addNfe([{ owner: c1!.cnpj, role: 'emitted' }]);
    await settled();
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries).toHaveLength(6);
    expect(deliveries[0]).toMatchObject({ status_code: null, outcome: 'retrying' });
    expect(deliveries[0]!.error).toMatch(/ECONNREFUSED/);
  });
});

/** On an emulator of its own: an endpoint for `url`, subscribed to NF-e received by the first company, and one such NF-e stored. */
async function subscribeAndReceive(own: TestEmulator, url: string) {
  const ownHeaders = headersOf(own);
  const endpoint = webhookEndpointResponseSchema.parse(
    (await post(own, '/v1/webhooks/endpoints', { url }, ownHeaders)).body,
  ).data;
  const account = own.accounts[0]!;
  const company = account.companies[0]!.cnpj;
  await post(
    own,
    '/v1/webhooks/subscriptions',
    { endpoint_id: endpoint.id, cnpj: company, document_type: 'nfe', event_type: 'received' },
    ownHeaders,
  );
  const source = own.store.nfesOf(account.id).entries[0]!.doc;
  const { position: _position, ...rest } = source;
  own.store.addNfe({
    ...rest,
    accessKey: renumberedKey(source.accessKey, code++),
    roles: [{ owner: company, role: 'emitted' }],
    events: [],
  });
  return { endpoint, ownHeaders };
}

describe('R31: timeout and attempts options', () => {
  it('R31: an endpoint that does not answer within the timeout is recorded as such, up to maxAttempts', async () => {
    const own = await startEmulator({
      docs: 10,
      otherDocs: 2,
      webhooks: { retryBaseMs: 1, timeoutMs: 50, maxAttempts: 2 },
    });
    try {
      const receiver = await startReceiver([0]);
      receivers.push(receiver);
      const { endpoint, ownHeaders } = await subscribeAndReceive(own, receiver.url);
      await webhooksOf(own.store).idle();
      const r = await get(own, `/v1/webhooks/endpoints/${endpoint.id}/deliveries`, ownHeaders);
      const deliveries = webhookDeliveriesResponseSchema.parse(r.body).data;
      expect(deliveries.map((d) => [d.attempt, d.status_code, d.error, d.outcome])).toEqual([
        [1, null, 'no answer within 50 ms', 'retrying'],
        [2, null, 'no answer within 50 ms', 'failed'],
      ]);
    } finally {
      await own.close();
    }
  });
});

describe('R31: closing the emulator', () => {
  it('R31: closing drops the pending retries and settles every notification', async () => {
    const own = await startEmulator({ docs: 10, otherDocs: 2, webhooks: { retryBaseMs: 60_000 } });
    const receiver = await startReceiver([500]);
    receivers.push(receiver);
    await subscribeAndReceive(own, receiver.url);
    const idle = webhooksOf(own.store).idle();
    await receiver.waitFor(1);
    await own.close();
    // Without close the next attempt would be a minute away: idle settles only because it was dropped.
    await idle;
    expect(receiver.received).toHaveLength(1);
  });
});
