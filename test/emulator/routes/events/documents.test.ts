// The events of one document: GET /v2/nfe/events (spec 4.15, R30) and the designed per-document
// endpoints of the other types, on generated data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v1ErrorSchema } from '../../../../src/api/wire/common.js';
import { docEventsResponseSchema } from '../../../../src/api/wire/events.js';
import type { DocType } from '../../../../src/emulator/doc-index.js';
import type { StoredNfe } from '../../../../src/emulator/model.js';
import { accessKeyCheckDigit } from '../../../../src/fiscal/access-key.js';
import { readDocuments } from '../../../../src/fiscal/readers/index.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { authHeaders, get } from '../../fixtures.js';

let emu: TestEmulator;
let acc: string;
let headers: Record<string, string>;
let nfe: StoredNfe;

beforeAll(async () => {
  emu = await startEmulator({ docs: 300, otherDocs: 200 });
  acc = emu.accounts[0]!.id;
  headers = authHeaders(emu.accounts[0]!);
  nfe = emu.store
    .nfesOf(acc)
    .entries.map((e) => e.doc)
    .find((d) => new Set(d.events.map((e) => e.type)).size > 1)!;
});
afterAll(async () => emu?.close());

const ask = (path: string) => get(emu, path, headers);
const decode = (xml: string) => Buffer.from(xml, 'base64');

/** A document of the type with at least one event. */
function withEvents<T extends DocType>(type: T) {
  const doc = emu.store
    .docsOf(acc, type)
    .entries.map((e) => e.doc)
    .find((d) => d.events.length > 0);
  if (!doc) throw new Error(`no ${type} with events in the generated data`);
  return doc;
}

describe('R30: GET /v2/nfe/events', () => {
  it('R30: answers {status, data: [{type, xml}]} with every event of the key, XML in base64', async () => {
    const r = await ask(`/v2/nfe/events?access_key=${nfe.accessKey}`);
    expect(r.status, r.text).toBe(200);
    const body = docEventsResponseSchema.parse(r.body);
    expect(body.status).toEqual({ code: 200, message: 'OK' });
    expect(body.data.map((d) => d.type)).toEqual(nfe.events.map((e) => e.type));
    expect(Object.keys(body.data[0]!)).toEqual(['type', 'xml']);
    for (const [i, item] of body.data.entries()) {
      const [event] = readDocuments(decode(item.xml), 'event.xml');
      expect(event!.event).toMatchObject({ type: item.type, refKey: nfe.accessKey, seq: String(nfe.events[i]!.seq) });
    }
  });

  it('R30: type[] keeps only the events of those codes', async () => {
    const code = nfe.events[0]!.type;
    const r = await ask(`/v2/nfe/events?access_key=${nfe.accessKey}&type[]=${code}`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: { type: string }) => d.type)).toEqual(
      nfe.events.filter((e) => e.type === code).map((e) => e.type),
    );
    expect(r.body.data.length).toBeLessThan(nfe.events.length);
  });

  it.each([['12345'], ['1101110'], ['11011a']])(
    'R30: type[]=%s (not exactly 6 digits) is a 400 naming type',
    async (code) => {
      const r = await ask(`/v2/nfe/events?access_key=${nfe.accessKey}&type[]=${code}`);
      expect(r.status).toBe(400);
      expect(v1ErrorSchema.parse(r.body)).toMatchObject({ errors: { type: [expect.stringContaining(code)] } });
    },
  );

  it('R30: one key per call: two access_key, or access_key[], are a 400', async () => {
    const other = emu.store.nfesOf(acc).entries[0]!.doc.accessKey;
    for (const query of [`access_key=${nfe.accessKey}&access_key=${other}`, `access_key[]=${nfe.accessKey}`]) {
      const r = await ask(`/v2/nfe/events?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.errors.access_key).toEqual([expect.stringMatching(/one document per call/)]);
    }
  });

  it('R7: a missing key, a key of 43 digits or a wrong check digit is a 400', async () => {
    const wrong = nfe.accessKey.slice(0, 43) + ((Number(nfe.accessKey[43]) + 1) % 10);
    for (const query of ['', `access_key=${nfe.accessKey.slice(0, 43)}`, `access_key=${wrong}`]) {
      const r = await ask(`/v2/nfe/events?${query}`);
      expect(r.status, query).toBe(400);
      expect(Object.keys(r.body.errors)).toEqual(['access_key']);
    }
  });

  it('R7: the key must be of the model of the path (a CT-e key on the NF-e endpoint is a 400)', async () => {
    const cte = withEvents('cte');
    const r = await ask(`/v2/nfe/events?access_key=${cte.accessKey}`);
    expect(r.status).toBe(400);
    expect(r.body.errors.access_key[0]).toMatch(/model 57/);
  });

  it('designed: an NFC-e (model 65) is served by the NF-e endpoints', async () => {
    const nfce = withEvents('nfce');
    const r = await ask(`/v2/nfe/events?access_key=${nfce.accessKey}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.map((d: { type: string }) => d.type)).toEqual(nfce.events.map((e) => e.type));
    expect(decode(r.body.data[0].xml).toString()).toContain(`<chNFe>${nfce.accessKey}</chNFe>`);
  });

  it('R3: a key of another account, or a valid key nobody holds, is a 404', async () => {
    const foreign = emu.store.nfesOf(emu.accounts[1]!.id).entries.find((e) => !emu.store.findNfe(acc, e.doc.accessKey))!
      .doc.accessKey;
    const body43 = `${nfe.accessKey.slice(0, 35)}99999999`;
    for (const key of [foreign, body43 + accessKeyCheckDigit(body43)]) {
      const r = await ask(`/v2/nfe/events?access_key=${key}`);
      expect(r.status).toBe(404);
      expect(v1ErrorSchema.parse(r.body)).toMatchObject({ status: { code: 404 } });
    }
  });
});

describe('designed: the per-document endpoints of the other types', () => {
  it('designed: /v1/dfe/nfe/events items also carry seq and created_at', async () => {
    const r = await ask(`/v1/dfe/nfe/events?access_key=${nfe.accessKey}`);
    expect(r.status).toBe(200);
    expect(r.body.data.map(({ xml: _x, ...rest }: Record<string, unknown>) => rest)).toEqual(
      nfe.events.map((e) => ({ type: e.type, seq: e.seq, created_at: e.createdAt })),
    );
  });

  it.each([
    ['cte', '/v1/cte/events', 'procEventoCTe'],
    ['cteos', '/v1/cte-os/events', 'procEventoCTe'],
    ['mdfe', '/v1/mdfe/events', 'procEventoMDFe'],
  ] as const)('designed: %s events by access key on %s', async (type, path, root) => {
    const doc = withEvents(type);
    const r = await ask(`${path}?access_key=${doc.accessKey}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.map(({ xml: _x, ...rest }: Record<string, unknown>) => rest)).toEqual(
      doc.events.map((e) => ({ type: e.type, seq: e.seq, created_at: e.createdAt })),
    );
    expect(decode(r.body.data[0].xml).toString()).toContain(`<${root} `);
  });

  it('designed: /v2/cte/events answers {type, xml} like /v2/nfe/events', async () => {
    const doc = withEvents('cte');
    const r = await ask(`/v2/cte/events?access_key=${doc.accessKey}`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: object) => Object.keys(d))).toEqual(doc.events.map(() => ['type', 'xml']));
  });

  it('R7: a CT-e OS key on /v1/cte/events is a 400 (the model follows the path)', async () => {
    const r = await ask(`/v1/cte/events?access_key=${withEvents('cteos').accessKey}`);
    expect(r.status).toBe(400);
    expect(r.body.errors.access_key[0]).toMatch(/model 67/);
  });

  it('R10: /v1/nfse/events takes the NFS-e id, with or without the owner; a malformed id is a 400', async () => {
    const doc = withEvents('nfse');
    for (const id of [doc.id, doc.documentId]) {
      const r = await ask(`/v1/nfse/events?id=${encodeURIComponent(id)}`);
      expect(r.status, id).toBe(200);
      expect(r.body.data.map((d: { type: string; seq: number }) => [d.type, d.seq])).toEqual([['101101', 1]]);
      expect(decode(r.body.data[0].xml).toString()).toContain('<CancelarNfseResposta');
    }
    const bad = await ask('/v1/nfse/events?id=12345');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['id']);
  });
});
