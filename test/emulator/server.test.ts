// Transport, authentication and error shapes (R1-R4, R6) over real HTTP on 127.0.0.1.
import { request as httpRequest, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayErrorSchema, serviceErrorSchema, v1ErrorSchema } from '../../src/api/wire/common.js';
import type { Emulator } from '../../src/emulator/server.js';
import { ACCOUNTS, A1, B1, authHeaders, get, postV2, startSmall } from './fixtures.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startSmall();
});
afterAll(async () => emu?.close());

const WIDE = { EmissionDate: { From: '2020-01-01', To: '2026-12-31' } };
const alfa = ACCOUNTS[0]!;
const gama = ACCOUNTS[1]!;

describe('authentication (R1, R2, R3)', () => {
  it.each([
    ['no credentials', {}],
    ['no X-API-KEY', { 'X-API-ID': alfa.apiId, 'X-Use-ApiGateway': 'always' }],
    ['no X-API-ID', { 'X-API-KEY': alfa.apiKey, 'X-Use-ApiGateway': 'always' }],
    ['a wrong key', { 'X-API-ID': alfa.apiId, 'X-API-KEY': 'nope', 'X-Use-ApiGateway': 'always' }],
    ['an unknown id', { 'X-API-ID': 'who', 'X-API-KEY': alfa.apiKey, 'X-Use-ApiGateway': 'always' }],
    ["another account's key", { 'X-API-ID': alfa.apiId, 'X-API-KEY': gama.apiKey, 'X-Use-ApiGateway': 'always' }],
  ])('R1/R2: %s on /v2/dfe/nfe is a 401 in the gateway shape', async (_what, headers) => {
    const r = await postV2(emu, {}, headers as Record<string, string>);
    expect(r.status).toBe(401);
    expect(gatewayErrorSchema.parse(r.body)).toEqual({
      error: expect.any(String),
      status: { code: 401, message: 'Unauthorized' },
    });
  });

  it('R1/R2: credentials are required on v1 too', async () => {
    const r = await get(emu, '/v1/nfe/emitted', {});
    expect(r.status).toBe(401);
    expect(r.body.error).toMatch(/X-API-ID and X-API-KEY/);
    expect(gatewayErrorSchema.safeParse(r.body).success).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['not "always"', 'never'],
  ])('R1: X-Use-ApiGateway %s on /v2/dfe/nfe is a 401 in the gateway shape (designed)', async (_what, value) => {
    const headers: Record<string, string> = { 'X-API-ID': alfa.apiId, 'X-API-KEY': alfa.apiKey };
    if (value) headers['X-Use-ApiGateway'] = value;
    const r = await postV2(emu, {}, headers);
    expect(r.status).toBe(401);
    expect(r.body.error).toMatch(/X-Use-ApiGateway/);
    expect(r.body.status).toEqual({ code: 401, message: 'Unauthorized' });
  });

  it('R1: v1 listing does not need X-Use-ApiGateway', async () => {
    const r = await get(emu, '/v1/nfe/emitted', { 'X-API-ID': alfa.apiId, 'X-API-KEY': alfa.apiKey });
    expect(r.status).toBe(200);
  });

  it('R3: an account sees only its own documents, on v2 and v1', async () => {
    const mine = await postV2(emu, { Filters: WIDE, Fields: ['Owner'] }, authHeaders(gama));
    expect(mine.body.Total).toBe(2);
    expect(mine.body.Nfes.every((n: { Owner: string }) => n.Owner === B1.cnpj)).toBe(true);
    const theirs = await postV2(emu, { Filters: { ...WIDE, Owners: [A1.cnpj] } }, authHeaders(gama));
    expect(theirs.body.Total).toBe(0);
    const v1 = await get(emu, `/v1/nfe/emitted?cnpj[]=${A1.cnpj}`, authHeaders(gama));
    expect(v1.body.data).toEqual([]);
    const alfaKeys = emu.store.nfesOf('acc_1').entries.map((e) => e.doc.accessKey);
    const byKey = await postV2(emu, { Filters: { ...WIDE, DocumentIdentifier: alfaKeys[0] } }, authHeaders(gama));
    expect(byKey.body.Total).toBe(0);
  });
});

describe('envelopes and errors (R4, R6)', () => {
  it('R4: success bodies carry status {code: 200, message: "OK"}', async () => {
    expect((await postV2(emu, { Filters: WIDE })).body.status).toEqual({ code: 200, message: 'OK' });
    expect((await get(emu, '/v1/nfe/emitted')).body.status).toEqual({ code: 200, message: 'OK' });
  });

  it('R6: an unknown path is 404 {error: {code, message, context}}', async () => {
    const r = await get(emu, '/v9/nothing/here');
    expect(r.status).toBe(404);
    expect(serviceErrorSchema.parse(r.body).error).toMatchObject({
      code: 'not_found',
      context: { path: '/v9/nothing/here' },
    });
  });

  it('R6: a wrong method is 405 with Allow', async () => {
    const r = await get(emu, '/v2/dfe/nfe');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
    expect(serviceErrorSchema.parse(r.body).error.code).toBe('method_not_allowed');
    const v1 = await fetch(`${emu.url}/v1/nfe/emitted`, { method: 'DELETE', headers: authHeaders() });
    expect(v1.status).toBe(405);
  });

  it('HEAD is answered as GET, the same status and headers and no body; on a POST-only path, 405 (designed)', async () => {
    const path = '/v1/nfe/received?limit=2';
    const full = await fetch(`${emu.url}${path}`, { headers: authHeaders() });
    const body = await full.arrayBuffer();
    const head = await fetch(`${emu.url}${path}`, { method: 'HEAD', headers: authHeaders() });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(full.headers.get('content-type'));
    expect(Number(head.headers.get('content-length'))).toBe(body.byteLength);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const post = await fetch(`${emu.url}/v2/dfe/nfe`, { method: 'HEAD', headers: authHeaders() });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('POST');
  });

  it("R6: malformed JSON is 400 in the list endpoints' shape", async () => {
    const r = await postV2(emu, '{"Filters": ');
    expect(r.status).toBe(400);
    expect(serviceErrorSchema.parse(r.body).error.message).toMatch(/malformed JSON/);
  });

  it('R6: a bad v1 parameter is 400 in the v1 shape', async () => {
    const r = await get(emu, '/v1/nfe/emitted?limit=abc');
    expect(r.status).toBe(400);
    expect(v1ErrorSchema.safeParse(r.body).success).toBe(true);
    expect(r.body.status).toEqual({ code: 400, message: 'Bad Request' });
  });
});

describe('internal errors (R6)', () => {
  it("R6: a failure inside a handler is a 500 in the endpoint's error shape, and the server keeps serving", async () => {
    const broken = await startSmall();
    try {
      const doc = broken.store.nfesOf('acc_1').entries[0]!.doc;
      (doc as { events: unknown }).events = null;
      (doc as { properties: unknown }).properties = null;
      const v2 = await postV2(broken, { Filters: WIDE, Fields: ['HasCCE'] });
      expect(v2.status).toBe(500);
      expect(serviceErrorSchema.parse(v2.body).error.code).toBe('internal_error');
      const v1 = await get(broken, `/v1/nfe/emitted?filter=${encodeURIComponent('(= status done)')}`);
      expect(v1.status).toBe(500);
      expect(v1ErrorSchema.parse(v1.body)).toMatchObject({ status: { code: 500, message: 'Internal Server Error' } });
      expect((await get(broken, '/v1/nfe/received')).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('HTTP behaviour', () => {
  it('writes bodies with Content-Length and keeps connections alive', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const once = () =>
      new Promise<{ reused: boolean; length: string | undefined; bytes: number }>((resolve, reject) => {
        const req = httpRequest(`${emu.url}/v1/nfe/emitted?limit=2`, { agent, headers: authHeaders() }, (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => (bytes += c.length));
          res.on('end', () => resolve({ reused: req.reusedSocket, length: res.headers['content-length'], bytes }));
        });
        req.on('error', reject);
        req.end();
      });
    const first = await once();
    const second = await once();
    agent.destroy();
    expect(Number(first.length)).toBe(first.bytes);
    expect(first.reused).toBe(false);
    expect(second.reused).toBe(true);
  });

  it('close() stops listening and can be called twice', async () => {
    const other = await startSmall();
    await other.close();
    await other.close();
    await expect(fetch(`${other.url}/v1/nfe/emitted`)).rejects.toThrow();
  });

  it('listens on a free port on 127.0.0.1 and reports its URL', () => {
    expect(emu.url).toBe(`http://127.0.0.1:${emu.port}`);
    expect(emu.port).toBeGreaterThan(0);
    expect(emu.accounts.map((a) => a.id)).toEqual(['acc_1', 'acc_2']);
  });
});
