// POST /v2/dfe/nfe (spec 4.1): filters, projection, the default window and Paginator paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NFE_V2_FIELDS, nfeV2ResponseSchema } from '../../../../src/api/wire/nfe.js';
import type { Emulator } from '../../../../src/emulator/server.js';
import { A1, A2, CARRIER, OUTSIDER, PERSON, postV2, startSmall } from '../../fixtures.js';

let emu: Emulator;
let keyAt: (position: number) => string;
beforeAll(async () => {
  emu = await startSmall();
  const entries = emu.store.nfesOf('acc_1').entries;
  keyAt = (position) => entries.find((e) => e.doc.position === position)!.doc.accessKey;
});
afterAll(async () => emu?.close());

const WIDE = { EmissionDate: { From: '2020-01-01', To: '2026-12-31' } };

async function search(filters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const r = await postV2(emu, {
    Filters: { ...WIDE, ...filters },
    Fields: ['AccessKey', 'Owner', 'OwnerRole'],
    ...extra,
  });
  expect(r.status, r.text).toBe(200);
  return nfeV2ResponseSchema.parse(r.body);
}

const keysOf = (nfes: { AccessKey?: string | undefined }[]) => nfes.map((n) => n.AccessKey!).sort();

describe('R18: request and projection', () => {
  it('R18: without Fields a record has exactly Xml and AccessKey; Xml is base64 of the nfeProc', async () => {
    const r = await postV2(emu, { Filters: { DocumentIdentifier: keyAt(0) } });
    const body = nfeV2ResponseSchema.parse(r.body);
    expect(body.Nfes).toHaveLength(1);
    expect(Object.keys(body.Nfes[0]!).sort()).toEqual(['AccessKey', 'Xml']);
    const xml = Buffer.from(body.Nfes[0]!.Xml!, 'base64').toString('utf8');
    expect(xml).toContain('<nfeProc');
    expect(xml).toContain(`<chNFe>${keyAt(0)}</chNFe>`);
  });

  it('R18: only the requested fields are returned', async () => {
    const body = await search({ DocumentIdentifier: keyAt(3) }, { Fields: ['Number', 'OwnerRole'] });
    expect(body.Nfes).toEqual([
      { Number: '103', OwnerRole: 'emitted' },
      { Number: '103', OwnerRole: 'received' },
    ]);
  });

  it('R18: every field of the record, with the designed Document, FlagErp and CustomData shapes', async () => {
    const body = await search({ DocumentIdentifier: keyAt(5) }, { Fields: [...NFE_V2_FIELDS] });
    const rec = body.Nfes[0]!;
    expect(Object.keys(rec).sort()).toEqual([...NFE_V2_FIELDS].sort());
    expect(rec.Document).toEqual({
      Model: '55',
      Series: '1',
      Number: '105',
      Operation: '1',
      FinNFe: '1',
      NatOp: 'Venda',
      TotalValue: '100.00',
      ItemCount: 1,
    });
    expect(rec.CustomData).toEqual([
      { Name: 'status', Value: 'done' },
      { Name: 'erp', Value: 'sent' },
    ]);
    expect(rec.HasCCE).toBe(true);
    expect(rec.Emitter).toMatchObject({ EmitterCnpj: OUTSIDER, EmitterCpf: '', EmitterAddressUf: 'PR' });
    expect(rec.Receiver).toMatchObject({ ReceiverCnpj: A2.cnpj, ReceiverName: A2.name });
    expect(rec.Manifestations).toEqual([expect.objectContaining({ Type: '210210', Active: true })]);
    expect(Buffer.from(rec.Events![0]!.xml, 'base64').toString()).toContain('<tpEvento>110110</tpEvento>');
    expect(rec).toMatchObject({ Owner: A2.cnpj, OwnerRole: 'received', Status: 'authorized', Origin: 'sefaz' });
    const flagged = await search({ DocumentIdentifier: keyAt(21) }, { Fields: ['FlagErp', 'CustomData'] });
    expect(flagged.Nfes[0]).toEqual({ FlagErp: { exported: 'yes' }, CustomData: [] });
  });

  it.each([
    [{ Fields: ['AccessKey', 'Nope'] }, /unknown field "Nope"/],
    [{ Filter: {} }, /unknown key "Filter"/],
    [{ Filters: { Owner: [] } }, /unknown key "Owner" in Filters/],
    [{ Limit: 0 }, /Limit: must be between 1 and 500/],
    [{ Limit: -5 }, /Limit/],
    [{ Limit: 501 }, /Limit: must be between 1 and 500/],
    [{ Limit: 'ten' }, /Limit/],
    [{ Filters: { Status: 'deleted' } }, /Filters.Status/],
    [{ Filters: { OwnerRoles: ['taker'] } }, /unknown role "taker"/],
    [{ Filters: { FinNFe: ['7'] } }, /unknown finNFe "7"/],
    [{ Paginator: 'not-a-paginator' }, /Paginator/],
    [{ Paginator: Buffer.from('1.x').toString('base64url') }, /Paginator/],
  ])('R18/R6: %j is a 400 naming the problem', async (body, message) => {
    const r = await postV2(emu, body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('bad_request');
    expect(r.body.error.message).toMatch(message);
  });

  it.each([
    [{ Bogus: 1 }, 'Bogus'],
    [{ Filters: { Owner: [] } }, 'Filters.Owner'],
  ])('R6: an unknown key %j is named in context.field, as any other problem of the body', async (body, field) => {
    const r = await postV2(emu, body);
    expect(r.status).toBe(400);
    expect(r.body.error.context).toEqual({ field });
  });

  it('R18: records are one per (document, owner role) of the account (designed)', async () => {
    const body = await search({ DocumentIdentifier: keyAt(3) });
    expect(body.Total).toBe(2);
    expect(body.Nfes.map((n) => [n.Owner, n.OwnerRole])).toEqual([
      [A1.cnpj, 'emitted'],
      [A2.cnpj, 'received'],
    ]);
  });
});

describe('R19: the default emission window', () => {
  it('R19: without EmissionDate only the last 30 days of emission are searched', async () => {
    const r = await postV2(emu, { Fields: ['AccessKey'] });
    const body = nfeV2ResponseSchema.parse(r.body);
    expect(body.Total).toBe(8);
    expect(keysOf(body.Nfes)).not.toContain(keyAt(1)); // 45 days old
    expect(keysOf(body.Nfes)).not.toContain(keyAt(13)); // 200 days old
    expect((await search({})).Total).toBe(10);
  });

  it('R19: the window applies when EmissionDate has no bound, and a single bound lifts it', async () => {
    expect((await postV2(emu, { Filters: { EmissionDate: {} } })).body.Total).toBe(8);
    expect((await postV2(emu, { Filters: { EmissionDate: { From: '2025-01-01' } } })).body.Total).toBe(10);
    expect((await postV2(emu, { Filters: { EmissionDate: { To: '2026-01-31' } } })).body.Total).toBe(2);
  });
});

describe('R9: date filters', () => {
  it('R9: YYYY-MM-DD and "YYYY-MM-DD hh:mm:ss" are Brasília time; a bare To covers its whole day', async () => {
    // Six documents were emitted at 2026-02-28 12:00:00 -03:00 (eight records).
    expect((await search({ EmissionDate: { From: '2026-02-28 12:00:00', To: '2026-02-28 12:00:00' } })).Total).toBe(8);
    expect((await search({ EmissionDate: { From: '2026-02-28 12:00:01', To: '2026-03-01' } })).Total).toBe(0);
    expect((await search({ EmissionDate: { From: '2026-02-28', To: '2026-02-28' } })).Total).toBe(8);
    expect((await search({ EmissionDate: { From: '2020-01-01', To: '2026-02-28 11:59:59' } })).Total).toBe(2);
  });

  it.each(['2026-02-30', '28/02/2026', '2026-02-28T12:00:00', '2026-02-28 25:00:00'])(
    'R9: %j is a 400 naming the bound',
    async (date) => {
      const r = await postV2(emu, { Filters: { CreatedAt: { From: date } } });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toMatch(/^Filters\.CreatedAt\.From: /);
      expect(r.body.error.context).toEqual({ field: 'Filters.CreatedAt.From' });
    },
  );
});

describe('R20, R23: every filter selects a strict subset', () => {
  // Records of acc_1: positions 0 1 2 3 3 5 8 13 21 21 (3 and 21 have two owner roles).
  const cases: [string, Record<string, unknown>, number[]][] = [
    ['CreatedAt', { CreatedAt: { From: '2026-02-01' } }, [0, 2, 3, 3, 5, 8, 21, 21]],
    ['DocumentIdentifier', { DocumentIdentifier: 'key:2' }, [2]],
    ['EmitterCnpj', { EmitterCnpj: [OUTSIDER] }, [5, 8, 13]],
    ['ReceiverCnpj (a CPF)', { ReceiverCnpj: [PERSON] }, [2]],
    ['ReceiverCnpj', { ReceiverCnpj: [A2.cnpj] }, [3, 3, 5, 8]],
    ['TransporterCnpj', { TransporterCnpj: [CARRIER] }, [8]],
    ['Owners', { Owners: [A2.cnpj] }, [3, 5, 8, 21]],
    ['OwnerRoles received', { OwnerRoles: ['received'] }, [3, 5, 8]],
    ['R20 OwnerRoles receiver', { OwnerRoles: ['receiver'] }, [3, 5, 8]],
    ['R20 OwnerRoles emitter + authorized', { OwnerRoles: ['emitter', 'authorized'] }, [0, 1, 2, 3, 13, 21]],
    ['OwnerRoles transporter', { OwnerRoles: ['transporter'] }, [21]],
    ['Status', { Status: 'canceled' }, [1]],
    ['R20 Origin', { Origin: 'upload' }, [2]],
    ['R20 Origins', { Origins: ['upload', 'email'] }, [2, 8]],
    ['HasCCE true', { HasCCE: true }, [5]],
    ['HasCCE false', { HasCCE: false }, [0, 1, 2, 3, 3, 8, 13, 21, 21]],
    ['HasEvent', { HasEvent: true }, [1, 5]],
    ['HasManifestation', { HasManifestation: true }, [5]],
    ['HasXPed', { HasXPed: true }, [2, 8]],
    ['Cfops', { Cfops: ['5405', '6102'] }, [0, 8]],
    ['NfeNumber', { NfeNumber: { From: 101, To: 103 } }, [1, 2, 3, 3]],
    ['NfeNumber From', { NfeNumber: { From: 9000 } }, [21, 21]],
    ['R23 Tags (any)', { Tags: ['audit', 'nope'] }, [3, 3]],
    ['R23 Tags', { Tags: ['urgent'] }, [0, 3, 3]],
    ['R23 TagsAll', { TagsAll: ['urgent', 'audit'] }, [3, 3]],
    ['R20 xPeds', { xPeds: ['PED-1'] }, [2]],
    ['R20 XPeds', { XPeds: ['PED-2'] }, [8]],
    ['FinNFe', { FinNFe: ['2', '4'] }, [2, 21, 21]],
    ['R23 CustomData one value', { CustomData: [{ Name: 'status', Values: ['done'] }] }, [0, 5]],
    [
      'R23 CustomData OR within Values',
      { CustomData: [{ Name: 'status', Values: ['done', 'pending'] }] },
      [0, 3, 3, 5],
    ],
    [
      'R23 CustomData AND between items',
      {
        CustomData: [
          { Name: 'status', Values: ['done'] },
          { Name: 'erp', Values: ['sent'] },
        ],
      },
      [5],
    ],
  ];

  it.each(cases)('%s', async (_name, filters, positions) => {
    const resolved = JSON.parse(
      JSON.stringify(filters).replace(/"key:(\d+)"/g, (_m, p: string) => `"${keyAt(Number(p))}"`),
    );
    const body = await search(resolved);
    expect(positions.length).toBeGreaterThan(0);
    expect(positions.length).toBeLessThan(10);
    expect(body.Total).toBe(positions.length);
    expect(keysOf(body.Nfes)).toEqual(positions.map(keyAt).sort());
  });

  it('R20: Origin and Origins together add up', async () => {
    expect((await search({ Origin: 'email', Origins: ['upload'] })).Total).toBe(2);
  });
});
