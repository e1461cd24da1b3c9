// Manifestação do Destinatário in the emulator (spec 4.10-4.14, R29; designed shapes in docs/manifest.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  manifestAcceptedSchema,
  manifestLatestV1Schema,
  manifestLatestV2Schema,
  manifestStatusSchema,
  manifestSyncSchema,
} from '../../../../src/api/wire/manifest.js';
import { v1ErrorSchema } from '../../../../src/api/wire/common.js';
import type { Emulator } from '../../../../src/emulator/server.js';
import { buildAccessKey } from '../../../../src/fiscal/access-key.js';
import { ACCOUNTS, authHeaders, get, postV2, startSmall, type Answer } from '../../fixtures.js';

let emu: Emulator;
/** acc_1's NF-e by position in the small dataset. */
const key = (position: number, account = 'acc_1') =>
  emu.store.nfesOf(account).entries.find((e) => e.doc.position === position)!.doc.accessKey;

beforeAll(async () => {
  emu = await startSmall();
});
afterAll(async () => emu?.close());

async function post(path: string, body: unknown, headers = authHeaders()): Promise<Answer> {
  const res = await fetch(`${emu.url}${path}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

const sync = (access_key: string, code: string, justification?: string) =>
  post('/v1/nfe/manifest/sync', {
    manifests: [{ access_key, code, ...(justification !== undefined ? { justification } : {}) }],
  });

/** Polls the status of a request until no item is pending (100). */
async function settled(requestId: string) {
  for (;;) {
    const r = await get(emu, `/v1/nfe/manifest/status?request_id[]=${requestId}`);
    const body = manifestStatusSchema.parse(r.body);
    if (body.data.length > 0 && body.data.every((item) => item.status.code !== 100)) return body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /v1/nfe/manifest (asynchronous)', () => {
  it('R29: answers a 64-character request_id; once processed the document has the manifestation and event', async () => {
    const target = key(8);
    const r = await post('/v1/nfe/manifest', { manifests: [{ access_key: target, code: '210210' }] });
    expect(r.status, r.text).toBe(200);
    const { data } = manifestAcceptedSchema.parse(r.body);
    expect(data.request_id).toMatch(/^[0-9a-f]{64}$/);
    const items = await settled(data.request_id);
    expect(items).toEqual([
      {
        access_key: target,
        code: 210210,
        status: { code: 135, message: 'Evento registrado e vinculado a NF-e' },
        request_id: data.request_id,
      },
    ]);

    const v2 = await postV2(emu, {
      Fields: ['AccessKey', 'Manifestations'],
      Filters: { DocumentIdentifier: target, HasManifestation: true },
    });
    expect(v2.status, v2.text).toBe(200);
    expect(v2.body.Nfes[0].Manifestations.map((m: { Type: string; Active: boolean }) => [m.Type, m.Active])).toEqual([
      ['210210', true],
    ]);
    const events = await get(emu, `/v2/nfe/events?access_key=${target}`);
    expect(events.body.data.map((e: { type: string }) => e.type)).toContain('210210');
  });

  it('R29: a key the account does not hold (404) or does not receive (403) fails in its status item, the others go on', async () => {
    const received = key(3);
    const emittedOnly = key(0);
    const foreign = key(0, 'acc_2');
    const r = await post('/v1/nfe/manifest', {
      manifests: [received, emittedOnly, foreign].map((access_key) => ({ access_key, code: '210210' })),
    });
    const items = await settled(manifestAcceptedSchema.parse(r.body).data.request_id);
    expect(items.map((i) => [i.access_key, i.status.code])).toEqual([
      [received, 135],
      [emittedOnly, 403],
      [foreign, 404],
    ]);
  });

  it('R29: 210240 without a justification, or with one shorter than 15 characters, is a 400 naming the field', async () => {
    const none = await post('/v1/nfe/manifest', { manifests: [{ access_key: key(8), code: '210240' }] });
    expect(none.status).toBe(400);
    expect(v1ErrorSchema.parse(none.body)).toMatchObject({
      errors: { 'manifests[0].justification': [expect.stringContaining('required')] },
    });
    const short = await post('/v1/nfe/manifest', {
      manifests: [{ access_key: key(8), code: '210240', justification: 'curta demais' }],
    });
    expect(short.status).toBe(400);
    expect(short.body.errors['manifests[0].justification'][0]).toContain('15 to 255');
    const long = await sync(key(8), '210240', 'x'.repeat(256));
    expect(long.status).toBe(400);
  });

  it('R29/R7: unknown codes, bad keys and keys of another model are 400s, one list per field', async () => {
    const cte = buildAccessKey({
      uf: '35',
      yymm: '2602',
      issuer: ACCOUNTS[0]!.companies[0]!.cnpj,
      model: '57',
      series: '1',
      number: '1',
      emissionType: '1',
      code: '12345678',
    });
    const bad = key(8).slice(0, 43) + String((Number(key(8)[43]) + 1) % 10);
    const r = await post('/v1/nfe/manifest', {
      manifests: [
        { access_key: bad, code: '210210' },
        { access_key: cte, code: '210999' },
      ],
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual([
      'manifests[0].access_key',
      'manifests[1].access_key',
      'manifests[1].code',
    ]);
    expect(r.body.errors['manifests[0].access_key'][0]).toContain('check digit');
    // A code sent as a JSON number is told so, not that 210210 is not one of the codes.
    const numeric = await post('/v1/nfe/manifest', { manifests: [{ access_key: key(8), code: 210210 }] });
    expect(numeric.status).toBe(400);
    expect(numeric.body.errors['manifests[0].code']).toEqual(['code is a string ("210210"), got the number 210210']);
    const empty = await post('/v1/nfe/manifest', { manifests: [] });
    expect(empty.status).toBe(400);
  });
});

describe('POST /v1/nfe/manifest/sync', () => {
  it('R29: answers the tax authority in sefaz_response, and refuses invalid moves like it (designed cStats)', async () => {
    const target = key(3);
    // key(3) may already carry 210210 from the asynchronous test: confirmation still registers.
    const first = await sync(target, '210200');
    expect(first.status, first.text).toBe(200);
    const body = manifestSyncSchema.parse(first.body);
    expect(body.data.access_key).toBe(target);
    expect(body.data.sefaz_response).toMatchObject({ cStat: 135, tpEvento: '210200', nSeqEvento: 1 });
    expect(body.data.sefaz_response.nProt).toMatch(/^\d{15}$/);

    expect(manifestSyncSchema.parse((await sync(target, '210200')).body).data.sefaz_response).toMatchObject({
      cStat: 573,
    });
    expect(
      manifestSyncSchema.parse((await sync(target, '210240', 'mercadoria nunca foi entregue')).body).data
        .sefaz_response,
    ).toMatchObject({ cStat: 596 });
    expect(manifestSyncSchema.parse((await sync(target, '210220')).body).data.sefaz_response).toMatchObject({
      cStat: 596,
    });
    const doc = emu.store.findNfe('acc_1', target)!;
    expect(doc.manifestations.filter((m) => m.Active).map((m) => m.Type)).toEqual(['210200']);
    expect(doc.events.filter((e) => e.type === '210200')).toHaveLength(1);
  });

  it("R29: the protocol (nProt) is the national environment's (8, 91) of the event's year, not the note's", async () => {
    // The notes of 2026 manifested on 2027-01-02: their keys say 26, the protocols 27.
    const later = await startSmall({ now: new Date('2027-01-02T10:00:00-03:00') });
    try {
      const keys = later.store.nfesOf('acc_1').entries.map((e) => e.doc.accessKey);
      const answers = await Promise.all(
        keys.map((access_key) =>
          fetch(`${later.url}/v1/nfe/manifest/sync`, {
            method: 'POST',
            headers: { ...authHeaders(), 'Content-Type': 'application/json' },
            body: JSON.stringify({ manifests: [{ access_key, code: '210210' }] }),
          }).then(async (r) => ({ status: r.status, body: await r.json() })),
        ),
      );
      const registered = answers
        .filter((a) => a.status === 200)
        .map((a) => manifestSyncSchema.parse(a.body).data.sefaz_response)
        .filter((r) => r.cStat === 135);
      expect(registered.length).toBeGreaterThan(0);
      for (const r of registered) {
        expect(r.dhRegEvento).toMatch(/^2027-01-02T/);
        expect(r.nProt).toMatch(/^89127\d{10}$/);
      }
    } finally {
      await later.close();
    }
  });

  it("R29: 403 for a document the account does not receive, 404 for another account's (R3); one manifest per call", async () => {
    expect((await sync(key(0), '210210')).status).toBe(403);
    expect((await sync(key(0, 'acc_2'), '210210')).status).toBe(404);
    const two = await post('/v1/nfe/manifest/sync', {
      manifests: [
        { access_key: key(8), code: '210210' },
        { access_key: key(3), code: '210210' },
      ],
    });
    expect(two.status).toBe(400);
    expect(two.body.errors.manifests[0]).toContain('at most 1');
  });
});

describe('GET /v1/nfe/manifest/status', () => {
  it('R29: by access_key[], the latest request of the key; another account sees nothing of it (R3)', async () => {
    const target = key(8);
    const r = await get(emu, `/v1/nfe/manifest/status?access_key[]=${target}`);
    expect(r.status, r.text).toBe(200);
    const { data } = manifestStatusSchema.parse(r.body);
    expect(data.map((i) => [i.access_key, i.code])).toEqual([[target, 210210]]);
    const ids = data.map((i) => i.request_id);
    const other = await get(emu, `/v1/nfe/manifest/status?request_id[]=${ids[0]}`, authHeaders(ACCOUNTS[1]));
    expect(manifestStatusSchema.parse(other.body).data).toEqual([]);
  });

  it('R29: a request_id must have 64 characters and something must be asked', async () => {
    const short = await get(emu, '/v1/nfe/manifest/status?request_id[]=abc');
    expect(short.status).toBe(400);
    expect(short.body.errors['request_id[]'][0]).toContain('64');
    expect((await get(emu, '/v1/nfe/manifest/status')).status).toBe(400);
  });
});

describe('GET /v1/nfe/manifest and /v2/nfe/manifest', () => {
  it('R29: the latest manifestation, code integer in v1 and string in v2; keys without one are left out', async () => {
    const manifested = key(5);
    const none = key(13);
    const v1 = await get(emu, `/v1/nfe/manifest?access_key[]=${manifested}&access_key[]=${none}`);
    expect(v1.status, v1.text).toBe(200);
    expect(manifestLatestV1Schema.parse(v1.body).data).toEqual([{ access_key: manifested, code: 210210 }]);
    const v2 = await get(emu, `/v2/nfe/manifest?access_key[]=${manifested}`);
    expect(manifestLatestV2Schema.parse(v2.body).data).toEqual([{ access_key: manifested, code: '210210' }]);
  });

  it('R29: v2 origin filters app or api; anything else, or no key, is a 400', async () => {
    const manifested = key(5);
    expect(
      manifestLatestV2Schema.parse((await get(emu, `/v2/nfe/manifest?access_key[]=${manifested}&origin=api`)).body)
        .data,
    ).toHaveLength(1);
    expect(
      manifestLatestV2Schema.parse((await get(emu, `/v2/nfe/manifest?access_key[]=${manifested}&origin=app`)).body)
        .data,
    ).toEqual([]);
    expect((await get(emu, `/v2/nfe/manifest?access_key[]=${manifested}&origin=web`)).status).toBe(400);
    expect((await get(emu, '/v1/nfe/manifest')).status).toBe(400);
  });
});
