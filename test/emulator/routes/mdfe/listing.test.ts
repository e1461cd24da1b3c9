// MDF-e listings (designed): GET /v1/mdfe/{role} (R11-R17) and POST /v1/dfe/mdfe (PascalCase, R23).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mdfeSearchResponseSchema, mdfeV1PageSchema } from '../../../../src/api/wire/mdfe.js';
import type { DocIndex, DocRecord } from '../../../../src/emulator/doc-index.js';
import type { StoredMdfe } from '../../../../src/emulator/model-docs.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { get, headersOf, post, walkBody, walkV1 } from '../../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let index: DocIndex<StoredMdfe>;
const PATH = '/v1/dfe/mdfe';
const KEYS = { list: 'Mdfes', paginator: 'Paginator', total: 'Total' };

beforeAll(async () => {
  emu = await startEmulator();
  headers = headersOf(emu);
  index = emu.store.docsOf(emu.accounts[0]!.id, 'mdfe');
});
afterAll(async () => emu?.close());

const rid = (r: DocRecord<StoredMdfe>) => `${r.entry.doc.accessKey}/${r.owner}/${r.role}`;
const found = async (Filters: Record<string, unknown>) =>
  (
    await walkBody(emu, PATH, { Filters, Fields: ['AccessKey', 'Owner', 'OwnerRole'], Limit: 500 }, headers, KEYS)
  ).records.map((r) => `${r.AccessKey}/${r.Owner}/${r.OwnerRole}`);
const expected = (keep: (r: DocRecord<StoredMdfe>) => boolean) => index.records.filter(keep).map(rid);

describe('GET /v1/mdfe/{role}', () => {
  it.each(['emitted', 'contractor', 'authorized'])(
    'R11/R12: %s lists the role by position with the events of each manifest',
    async (role) => {
      const walk = await walkV1(emu, `/v1/mdfe/${role}`, headers);
      expect(walk.items.map((i) => i.access_key)).toEqual(index.byRole(role).map((e) => e.doc.accessKey));
      expect(walk.items.length).toBeGreaterThan(0);
    },
  );

  it('R16: items {access_key, xml, events}; a closed MDF-e carries its 110112 event', async () => {
    const walk = await walkV1(emu, '/v1/mdfe/emitted', headers);
    const closed = index.byRole('emitted').find((e) => e.doc.status === 'closed')!.doc;
    const item = mdfeV1PageSchema.shape.data.element.parse(walk.items.find((i) => i.access_key === closed.accessKey));
    expect(item.events.map((e) => e.type)).toEqual(['110112']);
    expect(Buffer.from(item.xml, 'base64').toString('utf8')).toContain('<mdfeProc');
  });

  it('R11/R12: another role is a 400; past the end next repeats the cursor', async () => {
    expect((await get(emu, '/v1/mdfe/received', headers)).status).toBe(400);
    const r = await get(emu, '/v1/mdfe/emitted?cursor=777777', headers);
    expect(r.body.data).toEqual([]);
    expect(new URL(r.body.page.next).searchParams.get('cursor')).toBe('777777');
  });

  it('R15/R17: created_at bounds together; a malformed filter is a 400', async () => {
    expect(Object.keys((await get(emu, '/v1/mdfe/emitted?created_at[to]=2026-01-01', headers)).body.errors)).toEqual([
      'created_at[from]',
    ]);
    expect(Object.keys((await get(emu, '/v1/mdfe/emitted?filter=(FOO)', headers)).body.errors)).toEqual(['filter']);
  });
});

describe('POST /v1/dfe/mdfe', () => {
  it('R18-like: defaults Xml and AccessKey; Total counts every record; the Paginator walks them once', async () => {
    const first = await post(emu, PATH, { Limit: 3 }, headers);
    expect(first.status, first.text).toBe(200);
    const body = mdfeSearchResponseSchema.parse(first.body);
    expect(Object.keys(first.body.Mdfes[0])).toEqual(['Xml', 'AccessKey']);
    expect(body.Total).toBe(index.records.length);
    const walk = await walkBody(emu, PATH, { Fields: ['AccessKey', 'Owner', 'OwnerRole'], Limit: 200 }, headers, KEYS);
    expect(walk.pages).toBeGreaterThan(1);
    expect(walk.records.map((r) => `${r.AccessKey}/${r.Owner}/${r.OwnerRole}`)).toEqual(index.records.map(rid));
  });

  it('Status, OwnerRoles and Ufs', async () => {
    for (const status of ['authorized', 'closed', 'canceled'] as const) {
      const want = expected((r) => r.entry.doc.status === status);
      expect(want.length, status).toBeGreaterThan(0);
      expect(await found({ Status: status })).toEqual(want);
    }
    expect(await found({ OwnerRoles: ['contractor'] })).toEqual(expected((r) => r.role === 'contractor'));
    const uf = index.records[0]!.entry.doc.endUf;
    expect(await found({ Ufs: [uf] })).toEqual(expected((r) => r.entry.doc.startUf === uf || r.entry.doc.endUf === uf));
  });

  it('Plate, LoadCity, Ctes, Nfes, EmitterCnpj and Owners', async () => {
    const withCte = index.records.find((r) => r.entry.doc.cteKeys.length > 0)!.entry.doc;
    const withNfe = index.records.find((r) => r.entry.doc.nfeKeys.length > 0)!.entry.doc;
    expect(await found({ Ctes: [withCte.cteKeys[0]!] })).toEqual(
      expected((r) => r.entry.doc.cteKeys.includes(withCte.cteKeys[0]!)),
    );
    expect(await found({ Nfes: [withNfe.nfeKeys[0]!] })).toEqual(
      expected((r) => r.entry.doc.nfeKeys.includes(withNfe.nfeKeys[0]!)),
    );
    expect(await found({ Plate: [withCte.plate.toLowerCase()] })).toEqual(
      expected((r) => r.entry.doc.plate === withCte.plate),
    );
    expect(await found({ LoadCity: [withCte.loadCity] })).toEqual(
      expected((r) => r.entry.doc.loadCity === withCte.loadCity),
    );
    const emitter = withCte.emitter.cnpj!;
    expect(await found({ EmitterCnpj: [emitter] })).toEqual(expected((r) => r.entry.doc.emitter.cnpj === emitter));
    const owner = index.records[0]!.owner;
    expect(await found({ Owners: [owner] })).toEqual(expected((r) => r.owner === owner));
  });

  it('R9/R23: EmissionDate, CreatedAt, DocumentIdentifier, Tags and CustomData', async () => {
    const doc = index.records[40]!.entry.doc;
    expect(await found({ DocumentIdentifier: doc.accessKey })).toEqual(
      expected((r) => r.entry.doc.accessKey === doc.accessKey),
    );
    const day = doc.emissionDate.slice(0, 10);
    expect(await found({ EmissionDate: { From: day, To: day } })).toEqual(
      expected((r) => r.entry.doc.emissionDate.slice(0, 10) === day),
    );
    const created = doc.createdAt.slice(0, 19).replace('T', ' ');
    expect(await found({ CreatedAt: { From: created } })).toEqual(
      expected((r) => r.entry.createdMs >= Date.parse(doc.createdAt)),
    );
    const tagged = index.records.find((r) => r.entry.doc.tags.length > 0);
    if (tagged)
      expect(await found({ Tags: [tagged.entry.doc.tags[0]!] })).toEqual(
        expected((r) => r.entry.doc.tags.includes(tagged.entry.doc.tags[0]!)),
      );
    const done = expected((r) => r.entry.doc.properties.status === 'done');
    expect(done.length).toBeGreaterThan(0);
    expect(await found({ CustomData: [{ Name: 'status', Values: ['done'] }] })).toEqual(done);
  });

  it.each([
    [{ filters: {} }, /"filters"/],
    [{ Filters: { status: 'closed' } }, /"status"/],
    [{ Filters: { Status: 'open' } }, /Filters\.Status/],
    [{ Filters: { OwnerRoles: ['taker'] } }, /Filters\.OwnerRoles/],
    [{ Filters: { EmissionDate: { From: '2026-02-30' } } }, /Filters\.EmissionDate\.From/],
    [{ Fields: ['xml'] }, /Fields/],
    [{ Limit: 501 }, /Limit/],
    [{ Paginator: 'nope' }, /Paginator/],
  ])('400: %j names the key', async (body, message) => {
    const r = await post(emu, PATH, body, headers);
    expect(r.status, r.text).toBe(400);
    expect(r.body.error.message).toMatch(message);
  });
});
