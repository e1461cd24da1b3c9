// PUT /v1/cte/{role}/{property} and PUT /v1/cte-os/{role}/{property} (designed like NF-e's 4.7,
// R28): the values land where the v1 listing's R17 `filter` and the body search's CustomData read
// them; another account's key (R3) or another model's key (R7) fails alone; a malformed body or a
// role of another type is a 400. Expectations come from the emulator's store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cteResponseSchema } from '../../../../src/api/wire/cte.js';
import { setPropertyResponseSchema } from '../../../../src/api/wire/props.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
let accountId: string;
let otherId: string;
beforeAll(async () => {
  emu = await startEmulator({ docs: 20, otherDocs: 60 });
  const [acc, other] = emu.accounts;
  accountId = acc!.id;
  otherId = other!.id;
  headers = { 'X-API-ID': acc!.apiId, 'X-API-KEY': acc!.apiKey, 'Content-Type': 'application/json' };
  otherHeaders = { 'X-API-ID': other!.apiId, 'X-API-KEY': other!.apiKey, 'Content-Type': 'application/json' };
});
afterAll(async () => emu?.close());

async function send(method: string, path: string, body?: unknown, h = headers) {
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

const TYPES = [
  { type: 'cte', path: '/v1/cte', search: '/v1/dfe/cte', otherType: 'cteos' },
  { type: 'cteos', path: '/v1/cte-os', search: '/v1/dfe/cteos', otherType: 'cte' },
] as const;

const takerKeys = (type: 'cte' | 'cteos', account = accountId) =>
  emu.store
    .docsOf(account, type)
    .byRole('taker')
    .map((e) => e.doc.accessKey);

describe.each(TYPES)('PUT $path/{role}/{property}', ({ type, path, search, otherType }) => {
  it('R28: sets the value on many keys, one result per item; the R17 filter and CustomData find it', async () => {
    const keys = takerKeys(type).slice(0, 2);
    expect(keys).toHaveLength(2);
    const r = await send('PUT', `${path}/taker/erp_ref`, {
      data: keys.map((access_key) => ({ access_key, value: 'E1' })),
    });
    expect(r.status, r.text).toBe(200);
    expect(setPropertyResponseSchema.parse(r.body).data).toEqual(
      keys.map((access_key) => ({ access_key, success: true, message: 'OK' })),
    );
    const listed = await send('GET', `${path}/taker?filter=${encodeURIComponent('(= erp_ref E1)')}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((d: { access_key: string }) => d.access_key)).toEqual(keys);
    const found = await send(
      'POST',
      search,
      { fields: ['AccessKey', 'CustomData'], Filters: { CustomData: [{ Name: 'erp_ref', Values: ['E1'] }] } },
      { ...headers, 'X-Use-ApiGateway': 'always' },
    );
    expect(found.status, found.text).toBe(200);
    const records = cteResponseSchema.parse(found.body).Ctes;
    expect([...new Set(records.map((c) => c.AccessKey))]).toEqual(keys);
    for (const c of records) expect(c.CustomData).toContainEqual({ Name: 'erp_ref', Value: 'E1' });
  });

  it("R3, R7: another account's key, another model's key, a key in another role fail alone (404)", async () => {
    const [mine] = takerKeys(type);
    const [theirs] = takerKeys(type, otherId);
    const [otherModel] = takerKeys(otherType);
    const notTaker = emu.store
      .docsOf(accountId, type)
      .entries.map((e) => e.doc)
      .find((d) => d.roles.every((r) => r.role !== 'taker'))!.accessKey;
    const r = await send('PUT', `${path}/taker/status`, {
      data: [mine, theirs, otherModel, notTaker].map((access_key) => ({ access_key, value: `x3-${type}` })),
    });
    expect(r.status, r.text).toBe(200);
    const data = setPropertyResponseSchema.parse(r.body).data;
    expect(data.map((d) => [d.success, d.code])).toEqual([
      [true, undefined],
      [false, 404],
      [false, 404],
      [false, 404],
    ]);
    expect(emu.store.findDoc(otherId, type, theirs!)!.properties.status).not.toBe(`x3-${type}`);
    expect(emu.store.findDoc(accountId, otherType, otherModel!)!.properties.status).not.toBe(`x3-${type}`);
    // R3: the other account sets its own key.
    const own = await send(
      'PUT',
      `${path}/taker/status`,
      { data: [{ access_key: theirs, value: 'x4' }] },
      otherHeaders,
    );
    expect(own.body.data[0].success).toBe(true);
    expect(emu.store.findDoc(otherId, type, theirs!)!.properties.status).toBe('x4');
  });

  it('R28: a malformed body is a 400 naming each item field; a role of another type is a 400', async () => {
    const [key] = takerKeys(type);
    const bad = await send('PUT', `${path}/taker/status`, {
      data: [{ access_key: 'short', value: 'x' }, { access_key: key }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['data.0.access_key', 'data.1.value']);
    expect((await send('PUT', `${path}/taker/status`, {})).status).toBe(400);
    expect((await send('PUT', `${path}/taker/1bad`, { data: [{ access_key: key, value: 'x' }] })).status).toBe(400);
    expect((await send('PUT', `${path}/received/status`, { data: [{ access_key: key, value: 'x' }] })).status).toBe(
      400,
    );
    expect(emu.store.findDoc(accountId, type, key!)!.properties.status).not.toBe('x');
  });
});
