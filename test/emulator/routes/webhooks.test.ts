// Webhook management (R31, spec 4.16; designed paths): metadata, endpoints and subscriptions per
// account, validation answered in the service error shape, and another account's ids answering
// 404, never 403 (R3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_DOCUMENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  webhookDeletedResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  webhookMetadataResponseSchema,
  webhookSubscriptionResponseSchema,
  webhookSubscriptionsResponseSchema,
} from '../../../src/api/wire/webhooks.js';
import { serviceErrorSchema } from '../../../src/api/wire/common.js';
import { cnpjCheckDigits } from '../../../src/fiscal/tax-id.js';
import { startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { get, headersOf, post } from '../doc-listing-helpers.js';

let emu: TestEmulator;
let a: Record<string, string>;
let b: Record<string, string>;
let companyA: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 20, otherDocs: 5 });
  a = headersOf(emu, 0);
  b = headersOf(emu, 1);
  companyA = emu.accounts[0]!.companies[0]!.cnpj;
});
afterAll(async () => emu?.close());

async function del(path: string, headers: Record<string, string>) {
  const r = await fetch(`${emu.url}${path}`, { method: 'DELETE', headers });
  return { status: r.status, body: (await r.json()) as any };
}

async function newEndpoint(headers = a, body: unknown = { url: 'http://127.0.0.1:9/hooks', description: 'ERP' }) {
  const r = await post(emu, '/v1/webhooks/endpoints', body, headers);
  expect(r.status, r.text).toBe(200);
  return webhookEndpointResponseSchema.parse(r.body).data;
}

async function subscribe(body: Record<string, unknown>, headers = a) {
  return post(emu, '/v1/webhooks/subscriptions', body, headers);
}

function expectServiceError(r: { status: number; body: unknown }, status: number, field?: string) {
  expect(r.status).toBe(status);
  const { error } = serviceErrorSchema.parse(r.body);
  if (field !== undefined) expect(error.context).toMatchObject({ field });
  return error;
}

describe('R31: metadata', () => {
  it('R31: GET /v1/webhooks/metadata lists the accepted document and event types and the signature', async () => {
    const r = await get(emu, '/v1/webhooks/metadata', a);
    const { data } = webhookMetadataResponseSchema.parse(r.body);
    expect(data.document_types).toEqual([...WEBHOOK_DOCUMENT_TYPES]);
    expect(data.event_types).toEqual(['received', 'canceled']);
    expect(data.signature).toEqual({ header: 'X-Fiscal-Signature', algorithm: 'HMAC-SHA256' });
  });
});

describe('R31: endpoints', () => {
  it('R31: POST answers the endpoint with its whsec_ secret; GET never shows the secret again', async () => {
    const created = await newEndpoint();
    expect(created).toMatchObject({ url: 'http://127.0.0.1:9/hooks', description: 'ERP' });
    expect(created.secret).toMatch(/^whsec_.{20,}$/);
    const one = webhookEndpointResponseSchema.parse(
      (await get(emu, `/v1/webhooks/endpoints/${created.id}`, a)).body,
    ).data;
    expect(one).toEqual({ id: created.id, url: created.url, description: 'ERP', created_at: created.created_at });
    const list = webhookEndpointsResponseSchema.parse((await get(emu, '/v1/webhooks/endpoints', a)).body).data;
    expect(list.find((e) => e.id === created.id)).toEqual(one);
    expect(list.every((e) => e.secret === undefined)).toBe(true);
  });

  it('R31: a description is optional (null)', async () => {
    const created = await newEndpoint(a, { url: 'https://erp.example.com/fiscal' });
    expect(created.description).toBeNull();
  });

  it('R31: DELETE removes the endpoint and its subscriptions, and says how many', async () => {
    const endpoint = await newEndpoint();
    for (const event_type of WEBHOOK_EVENT_TYPES) {
      expect(
        (await subscribe({ endpoint_id: endpoint.id, cnpj: companyA, document_type: 'nfe', event_type })).status,
      ).toBe(200);
    }
    const r = await del(`/v1/webhooks/endpoints/${endpoint.id}`, a);
    expect(webhookDeletedResponseSchema.parse(r.body).data).toEqual({
      id: endpoint.id,
      deleted: true,
      subscriptions_removed: 2,
    });
    expectServiceError(await get(emu, `/v1/webhooks/endpoints/${endpoint.id}`, a), 404);
    const subs = webhookSubscriptionsResponseSchema.parse((await get(emu, '/v1/webhooks/subscriptions', a)).body).data;
    expect(subs.some((s) => s.endpoint_id === endpoint.id)).toBe(false);
  });

  it('R31: a bad URL is a 400 naming url', async () => {
    const cases = [
      { url: 'ftp://example.com/x' },
      { url: 'not a url' },
      { url: `https://example.com/${'x'.repeat(2048)}` },
      { url: 'https://user:pw@example.com/' },
      {},
    ];
    for (const body of cases) {
      const error = expectServiceError(await post(emu, '/v1/webhooks/endpoints', body, a), 400, 'url');
      expect(error.message).toMatch(/^url: /);
    }
  });

  it('R31: a description too long, an unknown field and malformed JSON are 400', async () => {
    expectServiceError(
      await post(emu, '/v1/webhooks/endpoints', { url: 'https://e.example/', description: 'd'.repeat(256) }, a),
      400,
      'description',
    );
    expectServiceError(
      await post(emu, '/v1/webhooks/endpoints', { url: 'https://e.example/', secret: 'mine' }, a),
      400,
      'secret',
    );
    expectServiceError(await post(emu, '/v1/webhooks/endpoints', '{"url": ', a), 400);
  });
});

describe('R31: subscriptions', () => {
  it('R31: POST creates a subscription; the same one posted again answers the existing one', async () => {
    const endpoint = await newEndpoint();
    const body = { endpoint_id: endpoint.id, cnpj: companyA, document_type: 'cte', event_type: 'received' };
    const first = webhookSubscriptionResponseSchema.parse((await subscribe(body)).body).data;
    expect(first).toMatchObject({
      endpoint_id: endpoint.id,
      cnpj: companyA,
      document_type: 'cte',
      event_type: 'received',
    });
    const again = webhookSubscriptionResponseSchema.parse((await subscribe(body)).body).data;
    expect(again).toEqual(first);
    const other = webhookSubscriptionResponseSchema.parse(
      (await subscribe({ ...body, event_type: 'canceled' })).body,
    ).data;
    expect(other.id).not.toBe(first.id);
    const listed = webhookSubscriptionsResponseSchema.parse(
      (await get(emu, `/v1/webhooks/subscriptions?endpoint_id=${endpoint.id}`, a)).body,
    ).data;
    expect(listed.map((s) => s.id).sort()).toEqual([first.id, other.id].sort());
  });

  it('R31: DELETE removes one subscription; a second DELETE is 404', async () => {
    const endpoint = await newEndpoint();
    const sub = webhookSubscriptionResponseSchema.parse(
      (await subscribe({ endpoint_id: endpoint.id, cnpj: companyA, document_type: 'nfse', event_type: 'canceled' }))
        .body,
    ).data;
    expect(
      webhookDeletedResponseSchema.parse((await del(`/v1/webhooks/subscriptions/${sub.id}`, a)).body).data,
    ).toEqual({ id: sub.id, deleted: true });
    expectServiceError(await del(`/v1/webhooks/subscriptions/${sub.id}`, a), 404);
  });

  it('R31: cnpj must be a valid CNPJ/CPF and a company of the account, else 400 naming cnpj', async () => {
    const endpoint = await newEndpoint();
    const base = { endpoint_id: endpoint.id, document_type: 'nfe', event_type: 'received' };
    const wrongDigits = companyA.slice(0, 12) + String((Number(companyA.slice(12)) + 1) % 100).padStart(2, '0');
    expect(expectServiceError(await subscribe({ ...base, cnpj: wrongDigits }), 400, 'cnpj').message).toMatch(
      /check digits/,
    );
    expect(expectServiceError(await subscribe({ ...base, cnpj: '1234' }), 400, 'cnpj').message).toMatch(
      /14 digits and a CPF 11/,
    );
    const outsider = '998887770001' + cnpjCheckDigits('998887770001');
    expect(expectServiceError(await subscribe({ ...base, cnpj: outsider }), 400, 'cnpj').message).toMatch(
      /not a company of this account/,
    );
    const ofB = emu.accounts[1]!.companies[0]!.cnpj;
    expectServiceError(await subscribe({ ...base, cnpj: ofB }), 400, 'cnpj');
  });

  it('R31: document_type and event_type outside the metadata are 400 listing the accepted values', async () => {
    const endpoint = await newEndpoint();
    const base = { endpoint_id: endpoint.id, cnpj: companyA, document_type: 'nfe', event_type: 'received' };
    const doc = expectServiceError(await subscribe({ ...base, document_type: 'boleto' }), 400, 'document_type');
    expect(doc.message).toContain(WEBHOOK_DOCUMENT_TYPES.join(', '));
    const event = expectServiceError(await subscribe({ ...base, event_type: 'manifested' }), 400, 'event_type');
    expect(event.message).toContain('received, canceled');
    expectServiceError(await subscribe({ ...base, event_type: undefined }), 400, 'event_type');
  });

  it('R31: an unknown endpoint_id is 404', async () => {
    expectServiceError(
      await subscribe({ endpoint_id: 'we_nope', cnpj: companyA, document_type: 'nfe', event_type: 'received' }),
      404,
    );
    expectServiceError(await get(emu, '/v1/webhooks/subscriptions?endpoint_id=we_nope', a), 404);
  });
});

describe("R3/R31: another account's webhook resources answer 404, never 403", () => {
  it('R3: endpoints, deliveries and subscriptions of account A are not found by account B', async () => {
    const endpoint = await newEndpoint();
    const sub = webhookSubscriptionResponseSchema.parse(
      (await subscribe({ endpoint_id: endpoint.id, cnpj: companyA, document_type: 'nfe', event_type: 'received' }))
        .body,
    ).data;
    const answers = [
      await get(emu, `/v1/webhooks/endpoints/${endpoint.id}`, b),
      await get(emu, `/v1/webhooks/endpoints/${endpoint.id}/deliveries`, b),
      await get(emu, `/v1/webhooks/subscriptions?endpoint_id=${endpoint.id}`, b),
      await del(`/v1/webhooks/endpoints/${endpoint.id}`, b),
      await del(`/v1/webhooks/subscriptions/${sub.id}`, b),
      await subscribe(
        {
          endpoint_id: endpoint.id,
          cnpj: emu.accounts[1]!.companies[0]!.cnpj,
          document_type: 'nfe',
          event_type: 'received',
        },
        b,
      ),
    ];
    for (const r of answers) expect(expectServiceError(r, 404).code).toBe('not_found');
    const listB = webhookEndpointsResponseSchema.parse((await get(emu, '/v1/webhooks/endpoints', b)).body).data;
    expect(listB.some((e) => e.id === endpoint.id)).toBe(false);
    const subsB = webhookSubscriptionsResponseSchema.parse((await get(emu, '/v1/webhooks/subscriptions', b)).body).data;
    expect(subsB.some((s) => s.id === sub.id)).toBe(false);
    // Still there for its own account.
    expect((await get(emu, `/v1/webhooks/endpoints/${endpoint.id}`, a)).status).toBe(200);
    expect(
      webhookDeliveriesResponseSchema.parse(
        (await get(emu, `/v1/webhooks/endpoints/${endpoint.id}/deliveries`, a)).body,
      ).data,
    ).toEqual([]);
  });
});
