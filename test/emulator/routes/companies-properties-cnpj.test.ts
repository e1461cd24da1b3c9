// The designed directory endpoints: GET /v1/companies, /v1/properties (rural properties) and
// /v1/cnpj/{cnpj}, in the v1 envelope and paging (R4, R12, R14), isolated per account (R3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjDataResponseSchema } from '../../../src/api/wire/cnpj.js';
import { companiesPageSchema, companyResponseSchema } from '../../../src/api/wire/companies.js';
import { ruralPropertiesPageSchema, ruralPropertyResponseSchema } from '../../../src/api/wire/properties.js';
import { addressOf } from '../../../src/emulator/data/parties.js';
import { isUnknownCnpj } from '../../../src/emulator/data/cnpj-registry.js';
import type { Emulator } from '../../../src/emulator/server.js';
import { cnpjProblem, cpfProblem } from '../../../src/fiscal/tax-id.js';
import { pageSignature } from '../../../src/emulator/routes/listing/v1-listing.js';
import { startEmulator } from '../../helpers/emulator.js';
import { authHeaders, cnpj, get } from '../fixtures.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 60 });
});
afterAll(async () => emu?.close());

const as = (i: number) => authHeaders(emu.accounts[i]!);

describe('GET /v1/companies (designed)', () => {
  it("R3, R4: lists exactly the account's companies, with the roles their documents are held in", async () => {
    for (let i = 0; i < emu.accounts.length; i++) {
      const res = await get(emu, '/v1/companies', as(i));
      expect(res.status).toBe(200);
      const page = companiesPageSchema.parse(res.body);
      expect(page.status.code).toBe(200);
      expect(page.data.map((c) => c.cnpj)).toEqual(emu.accounts[i]!.companies.map((c) => c.cnpj));
    }
    const page = companiesPageSchema.parse((await get(emu, '/v1/companies', as(0))).body);
    const acc = emu.accounts[0]!.id;
    const emitted = new Set(
      emu.store
        .nfesOf(acc)
        .byRole.emitted.flatMap((e) => e.doc.roles.filter((r) => r.role === 'emitted').map((r) => r.owner)),
    );
    for (const company of page.data) {
      const nfe = company.documents.find((d) => d.type === 'nfe');
      expect(Boolean(nfe?.roles.includes('emitted'))).toBe(emitted.has(company.cnpj));
      expect(company.city).toBe(addressOf({ cnpj: company.cnpj, name: company.name, uf: company.uf }).city.name);
    }
  });

  it('R12, R14: pages by cursor with a never-null next and a signature of data', async () => {
    const first = companiesPageSchema.parse((await get(emu, '/v1/companies?limit=1', as(0))).body);
    expect(first.count).toBe(1);
    expect(first.signature).toBe(pageSignature(first.data));
    expect(first.page.next).toMatch(/cursor=1/);
    const all = companiesPageSchema.parse((await get(emu, '/v1/companies', as(0))).body);
    const past = companiesPageSchema.parse((await get(emu, `/v1/companies?cursor=${all.count}`, as(0))).body);
    expect(past.data).toEqual([]);
    expect(past.page.next).toMatch(new RegExp(`cursor=${all.count}`));
    const bad = await get(emu, '/v1/companies?limit=0', as(0));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['limit']);
  });

  it("R3: one company by CNPJ; another account's company is a 404, a malformed CNPJ a 400", async () => {
    const mine = emu.accounts[0]!.companies[0]!;
    const res = companyResponseSchema.parse((await get(emu, `/v1/companies/${mine.cnpj}`, as(0))).body);
    expect(res.data).toMatchObject({ cnpj: mine.cnpj, name: mine.name, state_registration: mine.ie, uf: mine.uf });
    const theirs = emu.accounts[1]!.companies[0]!.cnpj;
    expect((await get(emu, `/v1/companies/${theirs}`, as(0))).status).toBe(404);
    const bad = await get(emu, `/v1/companies/${mine.cnpj.slice(0, 13)}${(Number(mine.cnpj[13]) + 1) % 10}`, as(0));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['cnpj']);
  });
});

describe('GET /v1/properties (designed: rural properties)', () => {
  it('R3: 0 to 3 rural properties per account, of CPF producers with valid check digits, each readable by id', async () => {
    const lists = [];
    for (let i = 0; i < emu.accounts.length; i++) {
      const page = ruralPropertiesPageSchema.parse((await get(emu, '/v1/properties', as(i))).body);
      expect(page.data.length).toBeLessThanOrEqual(3);
      lists.push(page.data);
    }
    const all = lists.flat();
    expect(all.length).toBeGreaterThan(0);
    for (const p of all) {
      expect(cpfProblem(p.producer.cpf!)).toBeUndefined();
      expect(p.id).toBe(`${p.uf}${p.state_registration}`);
    }
    const owner = lists.findIndex((l) => l.length > 0);
    const one = lists[owner]![0]!;
    const res = ruralPropertyResponseSchema.parse((await get(emu, `/v1/properties/${one.id}`, as(owner))).body);
    expect(res.data).toEqual(one);
    const other = (owner + 1) % emu.accounts.length;
    const hasIt = lists[other]!.some((p) => p.id === one.id);
    expect((await get(emu, `/v1/properties/${one.id}`, as(other))).status).toBe(hasIt ? 200 : 404);
    expect((await get(emu, '/v1/properties/not-an-id', as(owner))).status).toBe(400);
  });

  it('the same seed gives the same properties (deterministic)', async () => {
    const again = await startEmulator({ docs: 10 });
    try {
      for (let i = 0; i < emu.accounts.length; i++) {
        const a = (await get(emu, '/v1/properties', as(i))).body.data;
        const b = (await get(again, '/v1/properties', authHeaders(again.accounts[i]!))).body.data;
        expect(b).toEqual(a);
      }
    } finally {
      await again.close();
    }
  });
});

describe('GET /v1/cnpj/{cnpj} (designed)', () => {
  it('any valid CNPJ reads the same synthetic registry data, whoever asks', async () => {
    const some = cnpj('123456780001');
    const a = cnpjDataResponseSchema.parse((await get(emu, `/v1/cnpj/${some}`, as(0))).body);
    const b = cnpjDataResponseSchema.parse((await get(emu, `/v1/cnpj/${some}`, as(1))).body);
    expect(b).toEqual(a);
    expect(a.data.cnpj).toBe(some);
    expect(a.data.kind).toBe('MATRIZ');
    expect(a.data.partners.length).toBeGreaterThan(0);
  });

  it("an account's company keeps its name, trade name and address, and is active", async () => {
    const company = emu.accounts[1]!.companies[0]!;
    const { data } = cnpjDataResponseSchema.parse((await get(emu, `/v1/cnpj/${company.cnpj}`, as(0))).body);
    const address = addressOf({ cnpj: company.cnpj, name: company.name, uf: company.uf });
    expect(data).toMatchObject({ name: company.name, trade_name: company.tradingName, situation: 'ATIVA' });
    expect(data.address).toMatchObject({
      street: address.street,
      number: address.number,
      city: address.city.name,
      uf: company.uf,
      cep: address.cep,
    });
  });

  it('R8: a malformed CNPJ is a 400 naming cnpj; the designed unknown roots are a 404', async () => {
    const valid = cnpj('123456780001');
    const wrong = valid.slice(0, 13) + String((Number(valid[13]) + 1) % 10);
    const bad = await get(emu, `/v1/cnpj/${wrong}`, as(0));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.cnpj[0]).toMatch(/check digits/);
    const unknown = cnpj('000000130001');
    expect(isUnknownCnpj(unknown)).toBe(true);
    expect(cnpjProblem(unknown)).toBeUndefined();
    const res = await get(emu, `/v1/cnpj/${unknown}`, as(0));
    expect(res.status).toBe(404);
    expect(res.body.status.code).toBe(404);
  });
});
