// POST /v1/dfe/cte (spec 4.2, R21, R23) and POST /v1/dfe/cteos (R24) on the generated data set:
// every expectation is computed from the emulator's store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CTE_FIELDS, cteRecordSchema, cteResponseSchema } from '../../../../src/api/wire/cte.js';
import { gatewayErrorSchema, serviceErrorSchema } from '../../../../src/api/wire/common.js';
import type { DocRecord } from '../../../../src/emulator/doc-index.js';
import type { StoredCte, StoredCteOs } from '../../../../src/emulator/model-docs.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let accountId: string;
beforeAll(async () => {
  emu = await startEmulator({ otherDocs: 400 });
  const acc = emu.accounts[0]!;
  accountId = acc.id;
  headers = {
    'X-API-ID': acc.apiId,
    'X-API-KEY': acc.apiKey,
    'X-Use-ApiGateway': 'always',
    'Content-Type': 'application/json',
  };
});
afterAll(async () => emu?.close());

type Path = '/v1/dfe/cte' | '/v1/dfe/cteos';

async function post(path: Path, body: unknown, h = headers) {
  const res = await fetch(`${emu.url}${path}`, { method: 'POST', headers: h, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

async function ok(path: Path, body: unknown) {
  const r = await post(path, body);
  expect(r.status, r.text).toBe(200);
  return cteResponseSchema.parse(r.body);
}

/** Every record of a query, following the Paginator. */
async function walk(path: Path, body: Record<string, unknown>) {
  const records: any[] = [];
  const totals: number[] = [];
  let paginator: string | null = null;
  let pages = 0;
  do {
    const page = await ok(path, { ...body, ...(paginator ? { Paginator: paginator } : {}) });
    records.push(...page.Ctes);
    totals.push(page.Total);
    paginator = page.Paginator;
    pages++;
  } while (paginator && pages < 1000);
  return { records, totals, pages };
}

const cteRecords = () => emu.store.docsOf(accountId, 'cte').records as readonly DocRecord<StoredCte>[];
const cteOsRecords = () => emu.store.docsOf(accountId, 'cteos').records as readonly DocRecord<StoredCteOs>[];
const ids = (rs: readonly { entry: { doc: { accessKey: string } }; owner: string }[]) =>
  rs.map((r) => `${r.entry.doc.accessKey}/${r.owner}`);
const idsOf = (rs: { AccessKey?: string; Owner?: string }[]) => rs.map((r) => `${r.AccessKey}/${r.Owner}`);
const ID_FIELDS = ['AccessKey', 'Owner'];

describe('R1: headers', () => {
  it.each<Path>(['/v1/dfe/cte', '/v1/dfe/cteos'])(
    'R1: %s without credentials is a 401 in the gateway shape',
    async (path) => {
      const r = await post(path, {}, { 'Content-Type': 'application/json', 'X-Use-ApiGateway': 'always' });
      expect(r.status).toBe(401);
      expect(gatewayErrorSchema.safeParse(r.body).success).toBe(true);
    },
  );

  it.each<Path>(['/v1/dfe/cte', '/v1/dfe/cteos'])('R1: %s without X-Use-ApiGateway is a 401', async (path) => {
    const { 'X-Use-ApiGateway': _g, ...rest } = headers;
    const r = await post(path, {}, rest);
    expect(r.status).toBe(401);
    expect(r.body.error).toMatch(/X-Use-ApiGateway/);
  });
});

describe('R21: POST /v1/dfe/cte', () => {
  it('R21: without fields a record has Xml and AccessKey only; Total counts (document, owner role) records', async () => {
    const page = await ok('/v1/dfe/cte', { Limit: 5 });
    expect(page.Total).toBe(cteRecords().length);
    expect(page.Ctes).toHaveLength(5);
    for (const r of page.Ctes) expect(Object.keys(r).sort()).toEqual(['AccessKey', 'Xml']);
    const xml = Buffer.from(page.Ctes[0]!.Xml!, 'base64').toString('utf8');
    expect(xml).toContain(`<chCTe>${page.Ctes[0]!.AccessKey}</chCTe>`);
    expect(page.status).toEqual({ code: 200, message: 'OK' });
  });

  it('R21: fields (lower case) projects the record, in the order asked, and every spec 2.2 field is served', async () => {
    const page = await ok('/v1/dfe/cte', { fields: [...CTE_FIELDS], Limit: 20 });
    for (const r of page.Ctes) {
      expect(Object.keys(r)).toEqual([...CTE_FIELDS]);
      expect(cteRecordSchema.strict().safeParse(r).success).toBe(true);
    }
    const first = page.Ctes[0]!;
    const doc = emu.store.findDoc(accountId, 'cte', first.AccessKey!)!;
    expect(first.Emitter).toEqual({
      Cnpj: doc.emitter.cnpj ?? '',
      Cpf: doc.emitter.cpf ?? '',
      Name: doc.emitter.name,
      TradingName: doc.emitter.tradingName ?? '',
      Inscription: doc.emitter.ie ?? '',
      Uf: doc.emitter.uf,
    });
    expect(first.Taker?.Name).toBe(doc.taker.name);
    expect(first.Document?.Type).toBe(doc.cteType);
    expect(first.Cfops).toEqual([doc.cfop]);
  });

  it('R21: an unknown field, an unknown filter and the NF-e spelling "Fields" are 400s naming them', async () => {
    const field = await post('/v1/dfe/cte', { fields: ['AccessKey', 'Bogus'] });
    expect(field.status).toBe(400);
    expect(serviceErrorSchema.parse(field.body).error.message).toMatch(/fields: unknown field "Bogus"/);
    const filter = await post('/v1/dfe/cte', { Filters: { OwnerRoles: ['taker'] } });
    expect(filter.status).toBe(400);
    expect(filter.body.error.message).toMatch(/unknown key "OwnerRoles" in Filters/);
    const key = await post('/v1/dfe/cte', { Fields: ['AccessKey'] });
    expect(key.status).toBe(400);
    expect(key.body.error.message).toMatch(/"Fields"/);
  });

  it.each([[0], [501], [-3]])('R21: Limit %i is a 400 naming Limit', async (limit) => {
    const r = await post('/v1/dfe/cte', { Limit: limit });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/^Limit: must be between 1 and 500/);
  });

  it('R21: IsTaker restricts by role: true gives the taker records, false every other role', async () => {
    const takers = await walk('/v1/dfe/cte', {
      fields: [...ID_FIELDS, 'OwnerRole'],
      Filters: { IsTaker: true },
      Limit: 500,
    });
    const others = await walk('/v1/dfe/cte', {
      fields: [...ID_FIELDS, 'OwnerRole'],
      Filters: { IsTaker: false },
      Limit: 500,
    });
    expect(idsOf(takers.records)).toEqual(ids(cteRecords().filter((r) => r.role === 'taker')));
    expect(idsOf(others.records)).toEqual(ids(cteRecords().filter((r) => r.role !== 'taker')));
    expect(takers.records.length).toBeGreaterThan(0);
    expect(new Set(others.records.map((r) => r.OwnerRole))).toEqual(new Set(['not-taker', 'authorized']));
  });

  it('R21: Nfes selects the CT-e that carry one of the NF-e keys', async () => {
    const carrying = cteRecords().filter((r) => r.entry.doc.nfeKeys.length > 1);
    const wanted = [carrying[0]!.entry.doc.nfeKeys[1]!, carrying[carrying.length - 1]!.entry.doc.nfeKeys[0]!];
    const page = await ok('/v1/dfe/cte', { fields: ID_FIELDS, Filters: { Nfes: wanted } });
    const expected = cteRecords().filter((r) => r.entry.doc.nfeKeys.some((k) => wanted.includes(k)));
    expect(idsOf(page.Ctes)).toEqual(ids(expected));
    expect(expected.length).toBeGreaterThanOrEqual(2);
  });

  it('R21: Types selects by tpCTe; an unknown type is a 400 naming Filters.Types', async () => {
    const page = await walk('/v1/dfe/cte', {
      fields: [...ID_FIELDS, 'Document', 'AccessKeyPrev', 'AccessKeysComp'],
      Filters: { Types: ['1', '3'] },
    });
    const expected = cteRecords().filter((r) => r.entry.doc.cteType !== '0');
    expect(idsOf(page.records)).toEqual(ids(expected));
    expect(expected.length).toBeGreaterThan(0);
    for (const r of page.records) {
      if (r.Document.Type === '3') expect(r.AccessKeyPrev).toMatch(/^\d{44}$/);
      else expect(r.AccessKeysComp).toHaveLength(1);
    }
    const bad = await post('/v1/dfe/cte', { Filters: { Types: ['2'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Filters.Types: unknown CT-e type "2"/);
  });

  it('R21: Status, HasCCE, HasManifestation (610110), Cfops, EmitterCnpj and Owners each narrow to what the store holds', async () => {
    const all = cteRecords();
    const sample = all[7]!.entry.doc;
    const cases: [Record<string, unknown>, (r: DocRecord<StoredCte>) => boolean][] = [
      [{ Status: 'canceled' }, (r) => r.entry.doc.status === 'canceled'],
      [{ HasCCE: true }, (r) => r.entry.doc.events.some((e) => e.type === '110110')],
      [{ HasManifestation: true }, (r) => r.entry.doc.events.some((e) => e.type === '610110')],
      [
        { HasManifestation: false, Status: 'authorized' },
        (r) => !r.entry.doc.events.some((e) => e.type === '610110') && r.entry.doc.status === 'authorized',
      ],
      [{ Cfops: [sample.cfop] }, (r) => r.entry.doc.cfop === sample.cfop],
      [{ EmitterCnpj: [sample.emitter.cnpj!] }, (r) => r.entry.doc.emitter.cnpj === sample.emitter.cnpj],
      [{ Owners: [all[0]!.owner] }, (r) => r.owner === all[0]!.owner],
      [{ DocumentIdentifier: sample.accessKey }, (r) => r.entry.doc.accessKey === sample.accessKey],
    ];
    for (const [filters, test] of cases) {
      const expected = all.filter(test);
      const got = await walk('/v1/dfe/cte', { fields: ID_FIELDS, Filters: filters });
      expect(idsOf(got.records), JSON.stringify(filters)).toEqual(ids(expected));
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(expected.length, JSON.stringify(filters)).toBeLessThan(all.length);
    }
  });

  it('R9: EmissionDate and CreatedAt take dates and date-times; a bad date is a 400 naming the bound', async () => {
    const all = cteRecords();
    const mid = all[Math.floor(all.length / 2)]!.entry;
    const day = mid.doc.emissionDate.slice(0, 10);
    const page = await walk('/v1/dfe/cte', { fields: ID_FIELDS, Filters: { EmissionDate: { From: day, To: day } } });
    expect(idsOf(page.records)).toEqual(ids(all.filter((r) => r.entry.doc.emissionDate.slice(0, 10) === day)));
    const stamp = mid.doc.createdAt.slice(0, 19).replace('T', ' ');
    const after = await walk('/v1/dfe/cte', { fields: ID_FIELDS, Filters: { CreatedAt: { From: stamp } } });
    expect(idsOf(after.records)).toEqual(ids(all.filter((r) => r.entry.createdMs >= mid.createdMs)));
    const bad = await post('/v1/dfe/cte', { Filters: { CreatedAt: { From: '15/06/2026' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Filters.CreatedAt.From:/);
  });

  it('R20/R21: Origin as a string, as an array, and Origins all select by origin', async () => {
    const all = cteRecords();
    const origins = [...new Set(all.map((r) => r.entry.doc.origin))];
    expect(origins.length).toBeGreaterThan(1);
    const expected = ids(all.filter((r) => r.entry.doc.origin === origins[1]));
    for (const filters of [{ Origin: origins[1] }, { Origin: [origins[1]] }, { Origins: [origins[1]] }]) {
      expect(idsOf((await walk('/v1/dfe/cte', { fields: ID_FIELDS, Filters: filters })).records)).toEqual(expected);
    }
  });

  it('R23: Tags any-of; CustomData AND between items and OR between values', async () => {
    const all = cteRecords();
    const tag = all.find((r) => r.entry.doc.tags.length > 0)!.entry.doc.tags[0]!;
    const tagged = await walk('/v1/dfe/cte', { fields: ID_FIELDS, Filters: { Tags: [tag, 'no-such-tag'] } });
    expect(idsOf(tagged.records)).toEqual(ids(all.filter((r) => r.entry.doc.tags.includes(tag))));
    const props = all.map((r) => r.entry.doc.properties).find((p) => Object.keys(p).length >= 1)!;
    const [name, value] = Object.entries(props)[0]!;
    const other =
      [...new Set(all.map((r) => r.entry.doc.properties[name]).filter((v) => v && v !== value))][0] ?? 'zzz';
    const anyOf = await walk('/v1/dfe/cte', {
      fields: ID_FIELDS,
      Filters: { CustomData: [{ Name: name, Values: [value, other] }] },
    });
    expect(idsOf(anyOf.records)).toEqual(
      ids(all.filter((r) => [value, other].includes(r.entry.doc.properties[name]!))),
    );
    const both = await walk('/v1/dfe/cte', {
      fields: ID_FIELDS,
      Filters: {
        CustomData: [
          { Name: name, Values: [value] },
          { Name: name, Values: [other] },
        ],
      },
    });
    expect(both.records).toEqual([]);
    expect(anyOf.records.length).toBeGreaterThan(0);
  });

  it('R19a: the Paginator walks every record once, Total is stable and the last page answers null', async () => {
    const { records, totals, pages } = await walk('/v1/dfe/cte', { fields: ID_FIELDS, Limit: 97 });
    expect(pages).toBe(Math.ceil(cteRecords().length / 97));
    expect(idsOf(records)).toEqual(ids(cteRecords()));
    expect(new Set(totals)).toEqual(new Set([cteRecords().length]));
    const bad = await post('/v1/dfe/cte', { Paginator: 'not-one' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Paginator:/);
  });
});

describe('R24: POST /v1/dfe/cteos', () => {
  it("R24: returns every role of the Owners, all the account's owners when Owners is absent", async () => {
    const all = cteOsRecords();
    const everything = await walk('/v1/dfe/cteos', { fields: [...ID_FIELDS, 'OwnerRole'], Limit: 500 });
    expect(idsOf(everything.records)).toEqual(ids(all));
    expect(new Set(everything.records.map((r) => r.OwnerRole))).toEqual(new Set(['taker', 'not-taker']));
    const owners = [all.find((r) => r.role === 'taker')!.owner, all.find((r) => r.role === 'not-taker')!.owner];
    const mine = await walk('/v1/dfe/cteos', { fields: [...ID_FIELDS, 'OwnerRole'], Filters: { Owners: owners } });
    expect(idsOf(mine.records)).toEqual(ids(all.filter((r) => owners.includes(r.owner))));
    expect(new Set(mine.records.map((r) => r.OwnerRole))).toEqual(new Set(['taker', 'not-taker']));
  });

  it('R24: IsTaker is refused with a 400 naming it', async () => {
    const r = await post('/v1/dfe/cteos', { Filters: { IsTaker: true } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(
      /^Filters.IsTaker: unknown key "IsTaker": \/v1\/dfe\/cteos has no role filter/,
    );
  });

  it('R24: CT-e OS records carry no cargo parties: Sender and Addressee are null, Taker and Document are set', async () => {
    const page = await ok('/v1/dfe/cteos', {
      fields: ['AccessKey', 'Sender', 'Addressee', 'Taker', 'Document', 'Xml'],
      Limit: 3,
    });
    for (const r of page.Ctes) {
      expect(r.Sender).toBeNull();
      expect(r.Addressee).toBeNull();
      expect(r.Taker?.Name).toBeTruthy();
      expect(r.Document?.Model).toBe('67');
      expect(Buffer.from(r.Xml!, 'base64').toString('utf8')).toContain('<cteOSProc');
    }
  });

  it.each(['/v1/dfe/cte', '/v1/dfe/cteos'] as const)(
    'R21/R24: %s IBSCBS is the imp/IBSCBS group the XML carries, null where it carries none',
    async (path) => {
      const { records } = await walk(path, { fields: ['AccessKey', 'IBSCBS', 'Xml'], Limit: 500 });
      let carrying = 0;
      for (const r of records) {
        const xml = Buffer.from(r.Xml as string, 'base64').toString('utf8');
        const vBC = /<imp>.*<IBSCBS>.*?<gIBSCBS><vBC>([\d.]+)<\/vBC>.*<vCBS>([\d.]+)<\/vCBS>/.exec(xml);
        if (!vBC) {
          expect(r.IBSCBS, r.AccessKey).toBeNull();
          continue;
        }
        carrying++;
        expect(r.IBSCBS, r.AccessKey).toMatchObject({
          CST: '000',
          cClassTrib: '000001',
          gIBSCBS: { vBC: vBC[1], gCBS: { vCBS: vBC[2] } },
        });
      }
      expect(carrying).toBeGreaterThan(0);
      expect(carrying).toBeLessThan(records.length);
    },
  );
});
