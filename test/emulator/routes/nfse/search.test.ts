// POST /v1/dfe/nfse (spec 4.3, R10, R22, R23) on the generated data set; expectations from the store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfseSearchResponseSchema } from '../../../../src/api/wire/nfse.js';
import { nfseId } from '../../../../src/emulator/data/nfse.js';
import type { DocRecord } from '../../../../src/emulator/doc-index.js';
import type { StoredNfse } from '../../../../src/emulator/model-docs.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { headersOf, post, walkBody } from '../../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let records: readonly DocRecord<StoredNfse>[];
const PATH = '/v1/dfe/nfse';
const KEYS = { list: 'nfses', paginator: 'paginator', total: 'total' };
const OWNER_ROLE = { emitted: 'emitter', received: 'taker', intermediate: 'intermediate' } as const;

beforeAll(async () => {
  emu = await startEmulator();
  headers = headersOf(emu);
  records = emu.store.docsOf(emu.accounts[0]!.id, 'nfse').records;
});
afterAll(async () => emu?.close());

const idOf = (r: DocRecord<StoredNfse>) => nfseId(r.owner, r.entry.doc);
const search = (body: unknown) => post(emu, PATH, body, headers);
const ids = async (filters: Record<string, unknown>) =>
  (await walkBody(emu, PATH, { filters, limit: 500 }, headers, KEYS)).records.map((r) => r.id as string);

describe('R22: the body search', () => {
  it('R22: one record per (document, owner role), id the R10 id, default field document, total counts all', async () => {
    const r = await search({ limit: 5 });
    expect(r.status, r.text).toBe(200);
    const body = nfseSearchResponseSchema.parse(r.body);
    expect(body.total).toBe(records.length);
    expect(body.nfses.map((n) => n.id)).toEqual(records.slice(0, 5).map(idOf));
    expect(Object.keys(body.nfses[0]!)).toEqual(['id', 'document']);
    const first = records[0]!;
    expect(body.nfses[0]!.document).toMatchObject({
      number: first.entry.doc.number,
      competence: first.entry.doc.competence,
      isCanceled: first.entry.doc.isCanceled,
      owner: first.owner,
      ownerRole: OWNER_ROLE[first.role],
      serviceValue: first.entry.doc.serviceValue,
    });
    expect(body.nfses[0]!.id).toMatch(/^\d{11,14}:\d{11,14}:\d{4}-\d{2}-\d{2}:\d+$/);
  });

  it('R22: paginator walks every record exactly once; the last page answers paginator null', async () => {
    const walk = await walkBody(emu, PATH, { limit: 170 }, headers, KEYS);
    expect(walk.pages).toBeGreaterThan(1);
    expect(walk.records.map((r) => r.id)).toEqual(records.map(idOf));
    expect(new Set(walk.totals)).toEqual(new Set([records.length]));
  });

  it('R22: fields project in the order asked; xmlAbrasf is a base64 CompNfse, xmlAbrasfRtc null', async () => {
    const r = await search({ fields: ['origin', 'xmlAbrasf', 'xmlAbrasfRtc', 'customData', 'flagErp'], limit: 1 });
    expect(r.status, r.text).toBe(200);
    const rec = r.body.nfses[0];
    expect(Object.keys(rec)).toEqual(['id', 'origin', 'xmlAbrasf', 'xmlAbrasfRtc', 'customData', 'flagErp']);
    expect(Buffer.from(rec.xmlAbrasf, 'base64').toString('utf8')).toContain(
      '<CompNfse xmlns="http://www.abrasf.org.br/nfse.xsd">',
    );
    expect(rec.xmlAbrasfRtc).toBeNull();
    expect(rec.origin).toBe(records[0]!.entry.doc.origin);
    expect(rec.customData).toEqual(
      Object.entries(records[0]!.entry.doc.properties).map(([name, value]) => ({ name, value })),
    );
  });

  it('R22: ownerRoles emitter|taker|intermediate select the records of that role', async () => {
    for (const [ownerRole, role] of [
      ['emitter', 'emitted'],
      ['taker', 'received'],
      ['intermediate', 'intermediate'],
    ] as const) {
      const expected = records.filter((r) => r.role === role).map(idOf);
      expect(expected.length, ownerRole).toBeGreaterThan(0);
      expect(await ids({ ownerRoles: [ownerRole] })).toEqual(expected);
    }
  });

  it('R22: isCanceled is the string "true"/"false"', async () => {
    const canceled = records.filter((r) => r.entry.doc.isCanceled).map(idOf);
    expect(canceled.length).toBeGreaterThan(0);
    expect(await ids({ isCanceled: 'true' })).toEqual(canceled);
    expect(await ids({ isCanceled: 'false' })).toHaveLength(records.length - canceled.length);
  });

  it('R22: competence items yyyy-mm select by the month of service', async () => {
    const month = records[records.length - 1]!.entry.doc.competence;
    expect(await ids({ competence: [month] })).toEqual(
      records.filter((r) => r.entry.doc.competence === month).map(idOf),
    );
  });

  it('R9/R22: emissionDate and createdAt {from, to} with dates and date-times', async () => {
    const mid = records[Math.floor(records.length / 2)]!.entry.doc.emissionDate.slice(0, 10);
    const expected = records.filter((r) => r.entry.doc.emissionDate.slice(0, 10) >= mid).map(idOf);
    expect(await ids({ emissionDate: { from: mid } })).toEqual(expected);
    const created = records[10]!.entry.doc.createdAt; // 2026-..T..-03:00
    const stamp = created.slice(0, 19).replace('T', ' ');
    expect(await ids({ createdAt: { to: stamp } })).toEqual(
      records.filter((r) => r.entry.createdMs <= Date.parse(created)).map(idOf),
    );
  });

  it('R10: documentIdentifier with the owner names one record; without it, every owner of the document', async () => {
    const intra = records.find((r) => r.entry.doc.roles.length > 1)!;
    expect(await ids({ documentIdentifier: idOf(intra) })).toEqual([idOf(intra)]);
    const all = await ids({ documentIdentifier: intra.entry.doc.documentId });
    expect(all).toHaveLength(intra.entry.doc.roles.length);
  });

  it('R22: owners, emitterCnpj, takerCnpj and origin', async () => {
    const r = records.find((x) => x.entry.doc.taker?.cnpj)!;
    const doc = r.entry.doc;
    expect(await ids({ owners: [r.owner] })).toEqual(records.filter((x) => x.owner === r.owner).map(idOf));
    expect(await ids({ emitterCnpj: [doc.emitter.cnpj!] })).toEqual(
      records.filter((x) => x.entry.doc.emitter.cnpj === doc.emitter.cnpj).map(idOf),
    );
    expect(await ids({ takerCnpj: [doc.taker!.cnpj!] })).toEqual(
      records.filter((x) => x.entry.doc.taker?.cnpj === doc.taker!.cnpj).map(idOf),
    );
    expect(await ids({ origin: 'upload' })).toEqual(records.filter((x) => x.entry.doc.origin === 'upload').map(idOf));
  });

  it('R23: customData is AND between items, OR between the values of one item', async () => {
    const props = records.map((r) => r.entry.doc.properties);
    const name = Object.keys(props.find((p) => Object.keys(p).length > 0)!)[0]!;
    const values = [...new Set(props.filter((p) => Object.hasOwn(p, name)).map((p) => p[name]!))].slice(0, 2);
    const expected = records.filter((r) => values.includes(r.entry.doc.properties[name]!)).map(idOf);
    expect(expected.length).toBeGreaterThan(0);
    expect(await ids({ customData: [{ Name: name, Values: values }] })).toEqual(expected);
    expect(
      await ids({
        customData: [
          { Name: name, Values: values },
          { Name: '__none__', Values: ['x'] },
        ],
      }),
    ).toEqual([]);
  });
});

describe('R22: 400s name what is wrong', () => {
  it.each([
    [{ Filters: {} }, /"Filters"/],
    [{ filters: { IsCanceled: 'true' } }, /"IsCanceled"/],
    [{ filters: { takerCpf: ['1'] } }, /"takerCpf"/],
    [{ filters: { isCanceled: true } }, /filters\.isCanceled/],
    [{ filters: { competence: ['2026-13'] } }, /filters\.competence/],
    [{ filters: { competence: ['2026/01'] } }, /filters\.competence/],
    [{ filters: { ownerRoles: ['received'] } }, /filters\.ownerRoles/],
    [{ filters: { emissionDate: { From: '2026-01-01' } } }, /"From"/],
    [{ filters: { emissionDate: { from: '01/01/2026' } } }, /filters\.emissionDate\.from/],
    [{ filters: { documentIdentifier: 'abc' } }, /filters\.documentIdentifier/],
    [{ fields: ['Xml'] }, /fields/],
    [{ limit: 501 }, /limit/],
    [{ limit: 0 }, /limit/],
    [{ paginator: 'bogus' }, /paginator/],
  ])('R22: %j is a 400', async (body, message) => {
    const r = await search(body);
    expect(r.status, r.text).toBe(400);
    expect(r.body.error.message).toMatch(message);
  });

  it('R1: without X-Use-ApiGateway the search is refused', async () => {
    const { 'X-Use-ApiGateway': _g, ...rest } = headers;
    const r = await post(emu, PATH, {}, rest);
    expect(r.status).toBeGreaterThanOrEqual(400);
  });
});
