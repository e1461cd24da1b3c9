// GET/POST /v1/nfe/danfe (designed; R30a response shape, R6 status codes, R3 isolation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../../src/api/http.js';
import { nfeDanfe } from '../../../../src/api/pdf.js';
import { v1ErrorSchema } from '../../../../src/api/wire/common.js';
import { NotFoundError, ProtocolError } from '../../../../src/errors.js';
import { danfeResponseSchema } from '../../../../src/api/wire/pdf.js';
import { createEmulator, type Emulator } from '../../../../src/emulator/server.js';
import { buildAccessKey } from '../../../../src/fiscal/access-key.js';
import { formatKey } from '../../../../src/fiscal/render/format.js';
import { drawnText } from '../../../helpers/render.js';
import { createFakeClock, createMemoryLogger, startScriptedServer } from '../../../helpers/scripted-server.js';
import { A1, ACCOUNTS, NOW, authHeaders, get, makeNfe, smallDataset } from '../../fixtures.js';

let emu: Emulator;
let own: string;
let other: string;
let broken: string;

beforeAll(async () => {
  const dataset = smallDataset();
  const bad = makeNfe(40, { xml: '<procEventoNFe><evento/></procEventoNFe>' });
  dataset.nfes.push(bad);
  emu = await createEmulator({ port: 0, now: NOW, dataset });
  own = emu.store.nfesOf('acc_1').entries[0]!.doc.accessKey;
  other = emu.store.nfesOf('acc_2').entries[0]!.doc.accessKey;
  broken = bad.accessKey;
});
afterAll(async () => emu?.close());

const danfe = (key: string, headers?: Record<string, string>) => get(emu, `/v1/nfe/danfe?access_key=${key}`, headers);

describe('GET /v1/nfe/danfe', () => {
  it('R30a: answers {status, data: {access_key, encoded_pdf}} with a base64 PDF of the document', async () => {
    const r = await danfe(own);
    expect(r.status, r.text).toBe(200);
    const body = danfeResponseSchema.parse(r.body);
    expect(body.status).toEqual({ code: 200, message: 'OK' });
    expect(body.data.access_key).toBe(own);
    expect(Object.keys(r.body.data).sort()).toEqual(['access_key', 'encoded_pdf']);
    const pdf = Buffer.from(body.data.encoded_pdf, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(drawnText(pdf)).toContain(formatKey(own));
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it.each([
    ['missing', ''],
    ['too short', '?access_key=123'],
    ['bad check digit', `?access_key=${'1'.repeat(44)}`],
  ])('R6: a %s key is a 400 {status, errors}', async (_what, query) => {
    const r = await get(emu, `/v1/nfe/danfe${query}`);
    expect(r.status, r.text).toBe(400);
    const body = v1ErrorSchema.parse(r.body);
    expect(body.status.code).toBe(400);
    expect(r.text).toContain('access_key');
  });

  it("R3: another account's key is a 404, as is a key nobody has", async () => {
    const nobody = buildAccessKey({
      uf: '35',
      yymm: '2601',
      issuer: A1.cnpj,
      model: '55',
      series: '1',
      number: '777777',
      emissionType: '1',
      code: '12345678',
    });
    for (const key of [other, nobody]) {
      const r = await danfe(key);
      expect(r.status, r.text).toBe(404);
      expect(v1ErrorSchema.parse(r.body)).toEqual({
        status: { code: 404, message: 'Not Found' },
        error: expect.stringContaining(key),
      });
    }
    // The owner of that key does get it.
    expect((await danfe(other, authHeaders(ACCOUNTS[1]!))).status).toBe(200);
  });

  it('R6: a document whose XML is not a renderable NF-e is a 422 {status, error}', async () => {
    const r = await danfe(broken);
    expect(r.status, r.text).toBe(422);
    expect(v1ErrorSchema.parse(r.body)).toEqual({
      status: { code: 422, message: 'Unprocessable Entity' },
      error: expect.stringContaining(broken),
    });
  });

  it('R2: without credentials the gateway answers 401', async () => {
    const r = await get(emu, `/v1/nfe/danfe?access_key=${own}`, {});
    expect(r.status).toBe(401);
  });
});

describe('POST /v1/nfe/danfe (designed)', () => {
  const post = async (body: string) => {
    const res = await fetch(`${emu.url}/v1/nfe/danfe`, {
      method: 'POST',
      headers: { ...authHeaders(), 'Content-Type': 'application/json' },
      body,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('R30a: takes {access_key} and answers like the GET', async () => {
    const r = await post(JSON.stringify({ access_key: own }));
    expect(r.status).toBe(200);
    expect(danfeResponseSchema.parse(r.body).data.access_key).toBe(own);
  });

  it('R6: a body without access_key is a 400, and malformed JSON too', async () => {
    expect((await post('{}')).status).toBe(400);
    expect((await post('{')).status).toBe(400);
  });
});

describe('nfeDanfe (client)', () => {
  const client = (baseUrl: string, account = ACCOUNTS[0]!) =>
    createHttpClient({
      baseUrl,
      apiId: account.apiId,
      apiKey: account.apiKey,
      userAgent: 't',
      clock: createFakeClock(),
      log: createMemoryLogger(),
      random: () => 0,
    });

  it("R30a: decodes the emulator's answer to PDF bytes; R3: another account's key is a NotFoundError", async () => {
    const http = client(emu.url);
    try {
      const pdf = await nfeDanfe(http, own);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await expect(nfeDanfe(http, other)).rejects.toBeInstanceOf(NotFoundError);
    } finally {
      await http.close();
    }
  });

  it('a 200 whose encoded_pdf is not a base64 PDF, or is for another key, is a ProtocolError', async () => {
    const server = await startScriptedServer();
    const http = client(server.url);
    const answer = (key: string, encoded: string) => ({
      body: { status: { code: 200, message: 'OK' }, data: { access_key: key, encoded_pdf: encoded } },
    });
    try {
      server.enqueue(answer(own, Buffer.from('<html>oops</html>').toString('base64')));
      await expect(nfeDanfe(http, own)).rejects.toThrow(ProtocolError);
      server.enqueue(answer(own, '%%% not base64'));
      await expect(nfeDanfe(http, own)).rejects.toThrow(/not a base64 PDF/);
      server.enqueue(answer(other, Buffer.from('%PDF-1.4').toString('base64')));
      await expect(nfeDanfe(http, own)).rejects.toThrow(/got/);
      expect(server.requests[0]!.url).toBe(`/v1/nfe/danfe?access_key=${own}`);
    } finally {
      await http.close();
      await server.close();
    }
  });
});
