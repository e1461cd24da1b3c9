// R37: the NFS-e endpoints real clients call beside the listings, through the client's own
// functions (src/api/nfse.ts) against the emulator: the manual listing, properties set by id, the
// events listing, and the DANFSe by the 40-hex id of /v2/nfse/received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../../../src/api/http.js';
import { listNfseEvents, listNfseManual, nfseV1Pages, setNfseProperty } from '../../../../src/api/nfse.js';
import { collect, itemsOf } from '../../../../src/api/paginate.js';
import { nfseId } from '../../../../src/emulator/data/nfse.js';
import type { StoredNfse } from '../../../../src/emulator/model-docs.js';
import { nfseV2Id } from '../../../../src/emulator/routes/nfse/records.js';
import { createFakeClock, createMemoryLogger } from '../../../helpers/scripted-server.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { get, headersOf } from '../../doc-listing-helpers.js';

let emu: TestEmulator;
let http: HttpClient;
let headers: Record<string, string>;
let docs: StoredNfse[];

beforeAll(async () => {
  emu = await startEmulator();
  headers = headersOf(emu);
  const env = emulatorEnv(emu);
  http = createHttpClient({
    baseUrl: env.FISCAL_BASE_URL!,
    apiId: env.FISCAL_API_ID!,
    apiKey: env.FISCAL_API_KEY!,
    userAgent: 't',
    clock: createFakeClock(),
    log: createMemoryLogger(),
  });
  docs = emu.store.docsOf(emu.accounts[0]!.id, 'nfse').entries.map((e) => e.doc);
});
afterAll(async () => {
  await http?.close();
  await emu?.close();
});

const received = () => docs.filter((d) => d.roles.some((r) => r.role === 'received'));
const receivedId = (d: StoredNfse) => nfseId(d.roles.find((r) => r.role === 'received')!.owner, d);

describe('R37: GET /v1/nfse/received/manual', () => {
  it('lists the received notes ingested manually (OCR or typed in), nothing else', async () => {
    const page = await listNfseManual(http, { limit: 50 });
    const expected = received().filter((d) => d.origin === 'ocr' || d.origin === 'manual');
    expect(expected.length).toBeGreaterThan(0);
    expect(page.data.map((i) => i.id)).toEqual(expected.slice(0, 50).map(receivedId));
  });
});

describe('R37: PUT /v1/nfse/{role}/{property}', () => {
  it('sets a property by id; data.result names what succeeded and what failed; the R17 filter reads it', async () => {
    const [a, b] = received();
    const emittedOnly = docs.find((d) => d.roles.every((r) => r.role === 'emitted'))!;
    const result = await setNfseProperty(http, 'received', 'status', [
      { id: receivedId(a!), value: 'conferida' },
      { id: nfseV2Id(receivedId(b!)), value: 'conferida' },
      { id: emittedOnly.documentId, value: 'conferida' },
    ]);
    expect(result.success).toEqual([receivedId(a!), nfseV2Id(receivedId(b!))]);
    expect(result.failed).toEqual([{ id: emittedOnly.documentId, message: expect.stringMatching(/role received/) }]);
    const items = await collect(itemsOf(nfseV1Pages(http, 'received', { filter: '(= status conferida)' })));
    expect(items.map((i) => i.id)).toEqual([receivedId(a!), receivedId(b!)]);
  });

  it('more than 50 items, or a malformed id, is a 400 naming the field', async () => {
    const many = Array.from({ length: 51 }, () => ({ id: receivedId(received()[0]!), value: 'x' }));
    const put = (data: unknown) =>
      fetch(`${emu.url}/v1/nfse/received/status`, {
        method: 'PUT',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ data }),
      });
    const tooMany = await put(many);
    expect(tooMany.status).toBe(400);
    expect(Object.keys(((await tooMany.json()) as { errors: object }).errors)).toEqual(['data']);
    const bad = await put([{ id: 'nope', value: 'x' }]);
    expect(Object.keys(((await bad.json()) as { errors: object }).errors)).toEqual(['data.0.id']);
  });
});

describe('R37: GET /v1/nfse/events as a listing', () => {
  it("lists the account's NFS-e events with type and id; type[], id[] and limit narrow it", async () => {
    const canceled = docs.filter((d) => d.events.length > 0);
    expect(canceled.length).toBeGreaterThan(1);
    const all = await listNfseEvents(http, { types: ['101101'], limit: 50 });
    expect(all.data.length).toBe(Math.min(50, canceled.length));
    for (const item of all.data) {
      expect(item.type).toBe('101101');
      expect(item.id).toMatch(/^\d{11,14}:\d{11,14}:\d{4}-\d{2}-\d{2}:\d+$/);
    }
    const one = await listNfseEvents(http, { ids: [canceled[1]!.documentId] });
    expect(one.data.map((i) => i.id)).toEqual([canceled[1]!.id]);
    const limited = await listNfseEvents(http, { limit: 1 });
    expect(limited.count).toBe(1);
  });

  it("with id, still one note's events; an unknown parameter is a 400 naming it", async () => {
    const note = docs.find((d) => d.events.length > 0)!;
    const r = await get(emu, `/v1/nfse/events?id=${note.id}`, headers);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.map((e: { type: string }) => e.type)).toEqual(['101101']);
    const bad = await get(emu, '/v1/nfse/events?types=101101', headers);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['types']);
  });
});

describe('R37: GET /v1/nfse/danfse', () => {
  it('takes the 40-hex id of /v2/nfse/received as well as the long id', async () => {
    const note = received()[0]!;
    const hex = nfseV2Id(receivedId(note));
    for (const id of [hex, receivedId(note)]) {
      const r = await get(emu, `/v1/nfse/danfse?id=${id}`, headers);
      expect(r.status, r.text).toBe(200);
      expect(Buffer.from(r.body.data.encoded_pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    }
    const unknown = await get(emu, `/v1/nfse/danfse?id=${'0'.repeat(40)}`, headers);
    expect(unknown.status).toBe(404);
  });
});
