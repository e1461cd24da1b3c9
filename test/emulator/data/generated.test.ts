// The emulator on its generated data set (src/emulator/data): shapes, filters and paging hold on
// realistic documents too. Expected answers are computed here from the store, independently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeV1PageSchema, nfeV2ResponseSchema, type NfeRole } from '../../../src/api/wire/nfe.js';
import type { StoredNfe } from '../../../src/emulator/model.js';
import { createEmulator, type Emulator } from '../../../src/emulator/server.js';
import { authHeaders, get, postV2, walkV2 } from '../fixtures.js';

const NOW = new Date('2026-06-15T12:00:00-03:00');
const DAY = 86_400_000;
let emu: Emulator;
let docs: StoredNfe[];
let auth: Record<string, string>;

beforeAll(async () => {
  emu = await createEmulator({ port: 0, now: NOW, seed: 7, docs: 400 });
  docs = emu.store.nfesOf('acc_1').entries.map((e) => e.doc);
  auth = authHeaders(emu.accounts[0]);
});
afterAll(async () => emu?.close());

const WIDE = { EmissionDate: { From: '2020-01-01', To: '2027-01-01' } };
type Rec = { doc: StoredNfe; owner: string; role: NfeRole };
const records = (): Rec[] => docs.flatMap((doc) => doc.roles.map(({ owner, role }) => ({ doc, owner, role })));
const pick = <T>(values: (T | undefined)[], what: string): T => {
  const value = values.find((v) => v !== undefined);
  if (value === undefined) throw new Error(`the generated data has no ${what}`);
  return value;
};

describe('the generated data set', () => {
  it('R1: serves generated accounts whose credentials work, each with its own documents', async () => {
    expect(emu.accounts.length).toBeGreaterThanOrEqual(2);
    for (const account of emu.accounts) {
      const r = await postV2(emu, { Filters: WIDE, Limit: 1 }, authHeaders(account));
      expect(r.status).toBe(200);
      expect(r.body.Total).toBe(emu.store.nfesOf(account.id).records.length);
    }
  });

  it('R18: every field of every record matches the wire schema; Xml and event XML decode', async () => {
    const { records: all, totals } = await walkV2(
      emu,
      {
        Filters: WIDE,
        Fields: [
          'AccessKey',
          'Xml',
          'Events',
          'Document',
          'Emitter',
          'Receiver',
          'Manifestations',
          'HasCCE',
          'CustomData',
          'FlagErp',
          'OwnerRole',
          'Number',
        ],
      },
      auth,
    );
    expect(all).toHaveLength(records().length);
    expect(totals[0]).toBe(all.length);
    nfeV2ResponseSchema.parse({ Nfes: all, Paginator: null, Total: all.length });
    for (const rec of all.slice(0, 60)) {
      const xml = Buffer.from(rec.Xml, 'base64').toString('utf8');
      expect(xml).toContain(`<chNFe>${rec.AccessKey}</chNFe>`);
      expect(xml).toContain(`<nNF>${rec.Number}</nNF>`);
      for (const event of rec.Events)
        expect(Buffer.from(event.xml, 'base64').toString()).toContain(`<tpEvento>${event.type}</tpEvento>`);
    }
  });

  it('R19: without EmissionDate the Total is the records emitted in the 30 days before now', async () => {
    const from = NOW.getTime() - 30 * DAY;
    const expected = records().filter(
      (r) => Date.parse(r.doc.emissionDate) >= from && Date.parse(r.doc.emissionDate) <= NOW.getTime(),
    );
    const r = nfeV2ResponseSchema.parse((await postV2(emu, { Limit: 1 }, auth)).body);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(records().length);
    expect(r.Total).toBe(expected.length);
  });

  it('R20/R23: each filter selects the strict subset computed from the store', async () => {
    const withCpf = pick(
      docs.map((d) => d.receiver.cpf),
      'receiver CPF',
    );
    const transporter = pick(
      docs.map((d) => d.transporter?.cnpj),
      'transporter',
    );
    const xPed = pick(
      docs.map((d) => d.xPeds[0]),
      'xPed',
    );
    const mid = docs[Math.floor(docs.length / 2)]!;
    const cases: [string, Record<string, unknown>, (r: Rec) => boolean][] = [
      ['Status', { Status: 'canceled' }, (r) => r.doc.status === 'canceled'],
      [
        'OwnerRoles',
        { OwnerRoles: ['transporter', 'receiver'] },
        (r) => r.role === 'transporter' || r.role === 'received',
      ],
      [
        'Owners',
        { Owners: [emu.accounts[0]!.companies[1]!.cnpj] },
        (r) => r.owner === emu.accounts[0]!.companies[1]!.cnpj,
      ],
      ['ReceiverCnpj (CPF)', { ReceiverCnpj: [withCpf] }, (r) => r.doc.receiver.cpf === withCpf],
      ['TransporterCnpj', { TransporterCnpj: [transporter] }, (r) => r.doc.transporter?.cnpj === transporter],
      [
        'EmitterCnpj',
        { EmitterCnpj: [mid.emitter.cnpj ?? mid.emitter.cpf] },
        (r) => (r.doc.emitter.cnpj ?? r.doc.emitter.cpf) === (mid.emitter.cnpj ?? mid.emitter.cpf),
      ],
      ['DocumentIdentifier', { DocumentIdentifier: mid.accessKey }, (r) => r.doc === mid],
      ['Origins', { Origins: ['email', 'upload'] }, (r) => ['email', 'upload'].includes(r.doc.origin)],
      ['HasCCE', { HasCCE: true }, (r) => r.doc.events.some((e) => e.type === '110110')],
      ['HasEvent', { HasEvent: false }, (r) => r.doc.events.length === 0],
      ['HasManifestation', { HasManifestation: true }, (r) => r.doc.manifestations.length > 0],
      ['HasXPed', { HasXPed: true }, (r) => r.doc.xPeds.length > 0],
      ['XPeds', { XPeds: [xPed] }, (r) => r.doc.xPeds.includes(xPed)],
      ['Cfops', { Cfops: [mid.cfops[0]] }, (r) => r.doc.cfops.includes(mid.cfops[0]!)],
      ['NfeNumber', { NfeNumber: { To: Number(mid.number) } }, (r) => Number(r.doc.number) <= Number(mid.number)],
      ['Tags', { Tags: ['pago', 'urgente'] }, (r) => r.doc.tags.includes('pago') || r.doc.tags.includes('urgente')],
      ['FinNFe', { FinNFe: ['4'] }, (r) => r.doc.finNFe === '4'],
      [
        'CustomData',
        { CustomData: [{ Name: 'status', Values: ['done', 'error'] }] },
        (r) => ['done', 'error'].includes(r.doc.properties.status ?? ''),
      ],
      [
        'CreatedAt',
        { CreatedAt: { From: '2026-01-01' } },
        (r) => Date.parse(r.doc.createdAt) >= Date.parse('2026-01-01T00:00:00-03:00'),
      ],
    ];
    for (const [name, filters, predicate] of cases) {
      const expected = records().filter(predicate);
      expect(expected.length, name).toBeGreaterThan(0);
      expect(expected.length, name).toBeLessThan(records().length);
      const { records: got } = await walkV2(
        emu,
        { Filters: { ...WIDE, ...filters }, Fields: ['AccessKey', 'OwnerRole'] },
        auth,
      );
      expect(got.map((r) => `${r.AccessKey}/${r.OwnerRole}`).sort(), name).toEqual(
        expected.map((r) => `${r.doc.accessKey}/${r.role}`).sort(),
      );
    }
  });

  it('R13/R16: a v1 walk in json format reaches the end with the XML as an object', async () => {
    const received = docs.filter((d) => d.roles.some((r) => r.role === 'received'));
    const seen: string[] = [];
    let cursor = 0;
    for (;;) {
      const r = await get(emu, `/v1/nfe/received?cursor=${cursor}&format_type=json`, auth);
      const page = nfeV1PageSchema.parse(r.body);
      for (const item of page.data) {
        const proc = (item.xml as any).nfeProc;
        expect(proc.protNFe.infProt.chNFe).toBe(item.access_key);
        expect(typeof proc.NFe.infNFe.ide.nNF).toBe('string');
      }
      seen.push(...page.data.map((d) => d.access_key));
      const next = Number(new URL(page.page.next).searchParams.get('cursor'));
      if (page.data.length === 0) break;
      cursor = next;
    }
    expect(seen).toEqual(received.map((d) => d.accessKey));
  });

  it('is deterministic for a seed', async () => {
    const again = await createEmulator({ port: 0, now: NOW, seed: 7, docs: 400 });
    try {
      expect(again.accounts).toEqual(emu.accounts);
      const a = await get(emu, '/v1/nfe/emitted?limit=5', auth);
      const b = await get(again, '/v1/nfe/emitted?limit=5', auth);
      expect(b.body.data).toEqual(a.body.data);
      expect(b.body.signature).toBe(a.body.signature);
    } finally {
      await again.close();
    }
  });
});
