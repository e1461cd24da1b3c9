// The write endpoints that annotate documents: POST /v1/dfe/flagerp (R27, R10), PUT
// /v1/nfe/{role}/{property} (R28, read back through R17 filters), and the designed properties and
// labels endpoints, each isolated per account (R3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagErpResponseSchema } from '../../../src/api/wire/flag.js';
import { labelChangeResponseSchema, labelsResponseSchema } from '../../../src/api/wire/labels.js';
import { propertiesResponseSchema, setPropertyResponseSchema } from '../../../src/api/wire/props.js';
import type { Emulator } from '../../../src/emulator/server.js';
import { startEmulator } from '../../helpers/emulator.js';
import { A1, ACCOUNTS, B1, authHeaders, get, startSmall, walkV2 } from '../fixtures.js';

let emu: Emulator;
let keyAt: (position: number, account?: string) => string;
beforeAll(async () => {
  emu = await startSmall();
  keyAt = (position, account = 'acc_1') =>
    emu.store.nfesOf(account).entries.find((e) => e.doc.position === position)!.doc.accessKey;
});
afterAll(async () => emu?.close());

async function send(method: string, path: string, body: unknown, headers = authHeaders()) {
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

const flag = (body: unknown, headers = authHeaders()) => send('POST', '/v1/dfe/flagerp', body, headers);
const gama = authHeaders(ACCOUNTS[1]);

describe('R27: POST /v1/dfe/flagerp', () => {
  it('R27: flags land in the document flagErp and show in the v2 FlagErp', async () => {
    const r = await flag({
      doc_type: 'NFE',
      id: keyAt(0),
      owner: A1.cnpj,
      metadata: [
        { key: 'erp_id', value: 'X-1' },
        { key: 'exported', value: 'true' },
      ],
    });
    expect(r.status, r.text).toBe(200);
    expect(flagErpResponseSchema.parse(r.body).request_id).toMatch(/^[0-9a-f]{64}$/);
    const { records } = await walkV2(emu, {
      Fields: ['AccessKey', 'FlagErp'],
      Filters: { EmissionDate: { From: '2025-01-01', To: '2026-12-31' } },
    });
    expect(records.find((n) => n.AccessKey === keyAt(0))!.FlagErp).toEqual({ erp_id: 'X-1', exported: 'true' });
  });

  it('R27: every missing field is named in {status, errors}', async () => {
    const r = await flag({ doc_type: 'NFE' });
    expect(r.status).toBe(400);
    expect(r.body.status).toEqual({ code: 400, message: 'Bad Request' });
    expect(Object.keys(r.body.errors).sort()).toEqual(['id', 'metadata', 'owner']);
  });

  it('R27: a bad doc_type, a metadata item without value and a bad owner are each reported', async () => {
    const r = await flag({ doc_type: 'NFX', id: keyAt(0), owner: '123', metadata: [{ key: 'a' }] });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['doc_type', 'metadata.0.value', 'owner']);
  });

  it('R10: an NFSE is flagged by its id without the owner; the id with the owner is a 400 on id', async () => {
    const big = await startEmulator({ docs: 20 });
    try {
      const acc = big.accounts[0]!;
      const nfse = big.store.docsOf(acc.id, 'nfse').entries[0]!.doc;
      const headers = authHeaders(acc);
      const owner = nfse.roles[0]!.owner;
      const post = (id: string) =>
        fetch(`${big.url}/v1/dfe/flagerp`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ doc_type: 'NFSE', id, owner, metadata: [{ key: 'k', value: 'v' }] }),
        });
      const good = await post(nfse.documentId);
      expect(good.status, await good.clone().text()).toBe(200);
      expect(big.store.findDoc(acc.id, 'nfse', nfse.documentId)!.flagErp.k).toBe('v');
      const bad = await post(nfse.id);
      expect(bad.status).toBe(400);
      expect(Object.keys(((await bad.json()) as { errors: object }).errors)).toEqual(['id']);
    } finally {
      await big.close();
    }
  });

  it("R3: another account's document is a 404, and an owner outside the account a 403", async () => {
    const foreign = await flag({
      doc_type: 'NFE',
      id: keyAt(0, 'acc_2'),
      owner: A1.cnpj,
      metadata: [{ key: 'k', value: 'v' }],
    });
    expect(foreign.status).toBe(404);
    const other = await flag({ doc_type: 'NFE', id: keyAt(0), owner: B1.cnpj, metadata: [{ key: 'k', value: 'v' }] });
    expect(other.status).toBe(403);
    expect(emu.store.findNfe('acc_2', keyAt(0, 'acc_2'))!.flagErp).toEqual({});
  });

  it('R1: flagerp requires the gateway header', async () => {
    const { 'X-Use-ApiGateway': _gateway, ...headers } = authHeaders();
    const r = await flag(
      { doc_type: 'NFE', id: keyAt(0), owner: A1.cnpj, metadata: [{ key: 'k', value: 'v' }] },
      headers,
    );
    expect(r.status).not.toBe(200);
  });
});

describe('R28: PUT /v1/nfe/{role}/{property}', () => {
  it('R28: sets the property on many keys at once, one result per item, and R17 filters see it', async () => {
    const r = await send('PUT', '/v1/nfe/received/status', {
      data: [
        { access_key: keyAt(3), value: 'archived' },
        { access_key: keyAt(8), value: 'archived' },
        { access_key: keyAt(0, 'acc_2'), value: 'archived' },
      ],
    });
    expect(r.status, r.text).toBe(200);
    expect(setPropertyResponseSchema.parse(r.body).data.map((d) => d.success)).toEqual([true, true, false]);
    const page = await get(emu, `/v1/nfe/received?filter=${encodeURIComponent('(= status archived)')}`);
    expect(page.body.data.map((d: { access_key: string }) => d.access_key)).toEqual([keyAt(3), keyAt(8)]);
    expect(emu.store.findNfe('acc_2', keyAt(0, 'acc_2'))!.properties).toEqual({ status: 'done' });
  });

  it('R28: a new property composes with NOT_EXISTS in R17', async () => {
    await send('PUT', '/v1/nfe/received/erp_ref', { data: [{ access_key: keyAt(5), value: 'E5' }] });
    const page = await get(
      emu,
      `/v1/nfe/received?filter=${encodeURIComponent('(AND (= status archived) (NOT_EXISTS erp_ref))')}`,
    );
    expect(page.body.data.map((d: { access_key: string }) => d.access_key)).toEqual([keyAt(3), keyAt(8)]);
  });

  it('R28: a key the account holds in another role only fails alone', async () => {
    const r = await send('PUT', '/v1/nfe/transporter/status', {
      data: [
        { access_key: keyAt(0), value: 'x' },
        { access_key: keyAt(21), value: 'x' },
      ],
    });
    expect(r.body.data.map((d: { success: boolean }) => d.success)).toEqual([false, true]);
  });

  it('R28: a malformed body is a 400 naming each item field; a bad role is a 400', async () => {
    const r = await send('PUT', '/v1/nfe/received/status', {
      data: [{ access_key: 'short', value: 'x' }, { access_key: keyAt(3) }],
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['data.0.access_key', 'data.1.value']);
    expect((await send('PUT', '/v1/nfe/received/status', {})).body.errors.data).toHaveLength(1);
    expect((await send('PUT', '/v1/nfe/taker/status', { data: [{ access_key: keyAt(3), value: 'x' }] })).status).toBe(
      400,
    );
  });

  it('R28, R3: GET /v1/nfe/properties lists the account properties, status always among them', async () => {
    const mine = propertiesResponseSchema.parse((await get(emu, '/v1/nfe/properties')).body).data;
    expect(mine.map((p) => p.name)).toEqual(expect.arrayContaining(['status', 'erp_ref']));
    expect(mine.find((p) => p.name === 'status')!.default).toBe(true);
    const theirs = propertiesResponseSchema.parse((await get(emu, '/v1/nfe/properties', gama)).body).data;
    expect(theirs.map((p) => p.name)).toEqual(['status']);
  });
});

describe('labels (designed)', () => {
  it('apply then list, per account (R3)', async () => {
    const r = await send('POST', '/v1/labels/apply', {
      doc_type: 'NFE',
      ids: [keyAt(2), keyAt(0, 'acc_2')],
      labels: ['conferido'],
    });
    expect(r.status, r.text).toBe(200);
    const data = labelChangeResponseSchema.parse(r.body).data;
    expect(data.map((d) => d.success)).toEqual([true, false]);
    expect(data[0]!.labels).toEqual(['conferido']);
    const mine = labelsResponseSchema.parse((await get(emu, '/v1/labels')).body).data;
    expect(mine).toContainEqual({ name: 'conferido', documents: 1 });
    expect(mine).toContainEqual({ name: 'urgent', documents: 2 });
    const theirs = labelsResponseSchema.parse((await get(emu, '/v1/labels', gama)).body).data;
    expect(theirs.map((l) => l.name)).not.toContain('conferido');
  });

  it('remove takes the label off and leaves the others', async () => {
    const r = await send('POST', '/v1/labels/remove', { doc_type: 'NFE', ids: [keyAt(3)], labels: ['urgent'] });
    expect(r.body.data[0].labels).toEqual(['audit']);
    const { records } = await walkV2(emu, {
      Fields: ['AccessKey', 'Tags'],
      Filters: { EmissionDate: { From: '2025-01-01', To: '2026-12-31' }, Tags: ['audit'] },
    });
    expect(records.map((n) => n.Tags)).toContainEqual(['audit']);
  });

  it('a bad body names each field', async () => {
    const r = await send('POST', '/v1/labels/apply', { doc_type: 'XX', ids: [], labels: [' x'] });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['doc_type', 'ids', 'labels.0']);
  });
});
