// The emulator's synthetic data: determinism, valid identifiers, the stream order, variety for
// every filter of /v2/dfe/nfe, and invoices whose totals add up.
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { NFE_ROLES } from '../../../src/api/wire/nfe.js';
import { eventXml, generateDataset, nfeEventXml, nfeXml } from '../../../src/emulator/data/dataset.js';
import type { Dataset, StoredNfe } from '../../../src/emulator/model.js';
import { accessKeyProblem, parseAccessKey } from '../../../src/fiscal/access-key.js';
import { cnpjProblem, cpfProblem } from '../../../src/fiscal/tax-id.js';

// Half a million documents on a loaded 2-core machine: correctness at scale, not a speed target.
const SCALE_TIMEOUT_MS = 300_000;

const NOW = new Date('2026-03-15T12:00:00Z');
const DAY = 86_400_000;
const data = generateDataset({ seed: 7, docs: 800, now: NOW });
const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => ['det', 'autXML', 'dup'].includes(name),
});

function byAccount(ds: Dataset): Map<string, StoredNfe[]> {
  const out = new Map<string, StoredNfe[]>();
  for (const d of ds.nfes) {
    let list = out.get(d.accountId);
    if (!list) out.set(d.accountId, (list = []));
    list.push(d);
  }
  return out;
}

const ms = (date: string) => Date.parse(date);
const cents = (amount: string) => Math.round(Number(amount) * 100);
const parties = (d: StoredNfe) => [d.emitter, d.receiver, ...(d.transporter ? [d.transporter] : [])];

describe('emulator data: determinism', () => {
  it('the same seed, docs and now give a deep-equal dataset and the same XML bytes', () => {
    const again = generateDataset({ seed: 7, docs: 800, now: NOW });
    expect(again).toEqual(data);
    for (const i of [0, 17, 1599, 2399]) {
      expect(nfeXml(again.nfes[i]!)).toBe(nfeXml(data.nfes[i]!));
      for (const e of data.nfes[i]!.events) expect(eventXml(again.nfes[i]!, e)).toBe(eventXml(data.nfes[i]!, e));
    }
  });

  it('another seed gives other accounts and documents', () => {
    const other = generateDataset({ seed: 8, docs: 50, now: NOW });
    expect(other.accounts[0]!.apiKey).not.toBe(data.accounts[0]!.apiKey);
    expect(other.nfes[0]!.accessKey).not.toBe(data.nfes[0]!.accessKey);
  });

  it('accounts and credentials follow from the seed alone, whatever docs and now', () => {
    const fewer = generateDataset({ seed: 7, docs: 3, now: new Date('2030-01-01T00:00:00Z') });
    expect(fewer.accounts).toEqual(data.accounts);
  });
});

describe('emulator data: shared and private lists', () => {
  it('lists that describe the invoice are shared and frozen; lists the API writes to are per document', () => {
    const [a, b] = [data.nfes[0]!, data.nfes[1]!];
    for (const d of [a, b]) {
      expect(Object.isFrozen(d.roles) && Object.isFrozen(d.cfops) && Object.isFrozen(d.authorized)).toBe(true);
      expect(Object.isFrozen(d.tags) || Object.isFrozen(d.events) || Object.isFrozen(d.properties)).toBe(false);
    }
    for (const field of ['tags', 'events', 'manifestations', 'properties', 'flagErp'] as const)
      expect(a[field]).not.toBe(b[field]);
  });
});

describe('emulator data: accounts and identifiers', () => {
  it('R8: at least two accounts, each with 3-5 companies with valid CNPJs, distinct UFs, IEs and credentials', () => {
    expect(data.accounts.length).toBeGreaterThanOrEqual(2);
    data.accounts.forEach((a, i) => {
      expect(a.id).toBe(`acc_${i + 1}`);
      expect(a.apiId).toMatch(/^[0-9a-f]{32}$/);
      expect(a.apiKey).toMatch(/^[A-Za-z0-9]{40}$/);
      expect(a.companies.length).toBeGreaterThanOrEqual(3);
      expect(a.companies.length).toBeLessThanOrEqual(5);
      expect(new Set(a.companies.map((c) => c.uf)).size).toBe(a.companies.length);
      for (const c of a.companies) {
        expect(cnpjProblem(c.cnpj)).toBeUndefined();
        expect(c.ie).toMatch(/^\d{2,14}$/);
        expect(c.cuf).toMatch(/^\d{2}$/);
        expect(c.name.length).toBeLessThanOrEqual(60);
      }
    });
    const all = data.accounts.flatMap((a) => a.companies.map((c) => c.cnpj));
    expect(new Set(all).size).toBe(all.length);
  });

  it('R8: every party of every document has a valid CNPJ or CPF, and some receivers are people (CPF)', () => {
    for (const d of data.nfes) {
      for (const p of parties(d)) expect(p.cnpj ? cnpjProblem(p.cnpj) : cpfProblem(p.cpf ?? '')).toBeUndefined();
      for (const a of d.authorized) expect(cnpjProblem(a)).toBeUndefined();
    }
    expect(data.nfes.some((d) => d.receiver.cpf)).toBe(true);
  });

  it('R7: access keys are valid and unique, model 55, with the emitter, cUF, AAMM, series and number of the document', () => {
    for (const d of data.nfes) {
      expect(accessKeyProblem(d.accessKey)).toBeUndefined();
      const k = parseAccessKey(d.accessKey);
      expect(k.model).toBe('55');
      expect(k.issuer).toBe(d.emitter.cnpj);
      expect(k.yymm).toBe(d.emissionDate.slice(2, 4) + d.emissionDate.slice(5, 7));
      expect(Number(k.series)).toBe(Number(d.series));
      expect(Number(k.number)).toBe(Number(d.number));
      expect(k.emissionType).toBe('1');
    }
    expect(new Set(data.nfes.map((d) => d.accessKey)).size).toBe(data.nfes.length);
  });
});

describe('emulator data: the stream', () => {
  it('R13: positions start near 1000, grow strictly with createdAt in each account and leave gaps', () => {
    for (const docs of byAccount(data).values()) {
      expect(docs[0]!.position).toBeGreaterThanOrEqual(1000);
      expect(docs[0]!.position).toBeLessThan(1200);
      let gaps = 0;
      for (let i = 1; i < docs.length; i++) {
        expect(docs[i]!.position).toBeGreaterThan(docs[i - 1]!.position);
        expect(ms(docs[i]!.createdAt)).toBeGreaterThan(ms(docs[i - 1]!.createdAt));
        if (docs[i]!.position > docs[i - 1]!.position + 1) gaps++;
      }
      expect(gaps).toBeGreaterThan(0);
    }
  });

  it('R15, R19: emission falls in the 12 months before now, createdAt after it and never after now; events too', () => {
    const now = NOW.getTime();
    for (const d of data.nfes) {
      expect(d.emissionDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
      expect(ms(d.emissionDate)).toBeGreaterThanOrEqual(now - 366 * DAY);
      expect(ms(d.createdAt)).toBeGreaterThan(ms(d.emissionDate));
      expect(ms(d.createdAt)).toBeLessThanOrEqual(now);
      for (const e of d.events) {
        expect(ms(e.createdAt)).toBeGreaterThan(ms(d.emissionDate));
        expect(ms(e.createdAt)).toBeLessThanOrEqual(now);
      }
    }
    // The default 30-day window of /v2/dfe/nfe has documents in it, and not all of them.
    const recent = data.nfes.filter((d) => ms(d.emissionDate) >= now - 30 * DAY).length;
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(data.nfes.length / 4);
  });
});

describe('emulator data: roles and filters', () => {
  it('every role is present in every account, some documents have two owners, and roles match the parties', () => {
    for (const [id, docs] of byAccount(data)) {
      const companies = new Set(data.accounts.find((a) => a.id === id)!.companies.map((c) => c.cnpj));
      const roles = new Set(docs.flatMap((d) => d.roles.map((r) => r.role)));
      expect([...roles].sort()).toEqual([...NFE_ROLES].sort());
      expect(docs.some((d) => new Set(d.roles.map((r) => r.owner)).size === 2)).toBe(true);
      for (const d of docs) {
        expect(d.roles.length).toBeGreaterThan(0);
        for (const { owner, role } of d.roles) {
          expect(companies.has(owner)).toBe(true);
          const party = {
            emitted: d.emitter.cnpj,
            received: d.receiver.cnpj,
            transporter: d.transporter?.cnpj,
            authorized: undefined,
          }[role];
          if (role === 'authorized') expect(d.authorized).toContain(owner);
          else expect(party).toBe(owner);
        }
      }
    }
    const received = data.nfes.filter((d) => d.roles.some((r) => r.role === 'received')).length / data.nfes.length;
    expect(received).toBeGreaterThan(0.4);
    expect(received).toBeLessThan(0.7);
  });

  it('R18-R23: every filter of /v2/dfe/nfe selects some documents and not all', () => {
    const now = NOW.getTime();
    const some = data.nfes.find((d) => d.transporter)!;
    const company = data.accounts[0]!.companies[0]!.cnpj;
    const filters: Record<string, (d: StoredNfe) => boolean> = {
      CreatedAt: (d) => ms(d.createdAt) >= now - 30 * DAY,
      EmissionDate: (d) => ms(d.emissionDate) >= now - 30 * DAY,
      DocumentIdentifier: (d) => d.accessKey === some.accessKey,
      EmitterCnpj: (d) => d.emitter.cnpj === company,
      TransporterCnpj: (d) => d.transporter !== undefined,
      ReceiverCnpj: (d) => d.receiver.cnpj === company,
      Owners: (d) => d.roles.some((r) => r.owner === company),
      ...Object.fromEntries(
        NFE_ROLES.map((role) => [`OwnerRoles ${role}`, (d: StoredNfe) => d.roles.some((r) => r.role === role)]),
      ),
      'Status canceled': (d) => d.status === 'canceled',
      ...Object.fromEntries(
        ['sefaz', 'upload', 'upload_api', 'email', 'integracoes'].map((o) => [
          `Origin ${o}`,
          (d: StoredNfe) => d.origin === o,
        ]),
      ),
      HasCCE: (d) => d.events.some((e) => e.type === '110110'),
      HasEvent: (d) => d.events.length > 0,
      HasManifestation: (d) => d.manifestations.length > 0,
      HasXPed: (d) => d.xPeds.length > 0,
      ...Object.fromEntries(
        ['5102', '6102', '5405', '1102', '2102', '5949', '6108', '5202'].map((c) => [
          `Cfops ${c}`,
          (d: StoredNfe) => d.cfops.includes(c),
        ]),
      ),
      NfeNumber: (d) => Number(d.number) >= 1000 && Number(d.number) <= 20_000,
      ...Object.fromEntries(
        ['urgente', 'revisar', 'pago', 'estoque'].map((t) => [`Tags ${t}`, (d: StoredNfe) => d.tags.includes(t)]),
      ),
      TagsAll: (d) => d.tags.length >= 2,
      xPeds: (d) => d.xPeds.includes(data.nfes.find((x) => x.xPeds.length)!.xPeds[0]!),
      ...Object.fromEntries(['1', '2', '3', '4'].map((f) => [`FinNFe ${f}`, (d: StoredNfe) => d.finNFe === f])),
      'CustomData status': (d) => d.properties.status === 'pending',
      'CustomData erp_id': (d) => d.properties.erp_id !== undefined,
      'CustomData centro_custo': (d) => d.properties.centro_custo !== undefined,
      FlagErp: (d) => Object.keys(d.flagErp).length > 0,
      'tpNF 0': (d) => d.operation === '0',
    };
    const counts = Object.fromEntries(
      Object.entries(filters).map(([name, test]) => [name, data.nfes.filter(test).length]),
    );
    for (const [name, count] of Object.entries(counts)) {
      expect({ name, some: count > 0, notAll: count < data.nfes.length }).toEqual({ name, some: true, notAll: true });
    }
  });

  it('shares: about 10% canceled (with 110111), 8% with a CC-e, 30% of owner-received documents manifested', () => {
    const n = data.nfes.length;
    const canceled = data.nfes.filter((d) => d.status === 'canceled');
    expect(canceled.length / n).toBeGreaterThan(0.06);
    expect(canceled.length / n).toBeLessThan(0.14);
    for (const d of data.nfes) expect(d.status === 'canceled').toBe(d.events.some((e) => e.type === '110111'));
    const cce = data.nfes.filter((d) => d.events.some((e) => e.type === '110110')).length / n;
    expect(cce).toBeGreaterThan(0.05);
    expect(cce).toBeLessThan(0.11);
    const received = data.nfes.filter((d) => d.roles.some((r) => r.role === 'received'));
    const manifested = received.filter((d) => d.manifestations.length).length / received.length;
    expect(manifested).toBeGreaterThan(0.22);
    expect(manifested).toBeLessThan(0.38);
  });
});

describe('emulator data: XML content', () => {
  const sample = data.nfes.filter((_, i) => i % 15 === 0);

  it('totals add up: vProd is the sum of the items, vNF = vProd - vDesc + vFrete = totalValue = vPag', () => {
    for (const d of sample) {
      const inf = parser.parse(nfeXml(d)).nfeProc.NFe.infNFe;
      const tot = inf.total.ICMSTot;
      const items: { prod: Record<string, string> }[] = inf.det;
      expect(items.length).toBe(d.itemCount);
      const sum = (field: string) => items.reduce((acc, it) => acc + cents(it.prod[field] ?? '0'), 0);
      expect(cents(tot.vProd)).toBe(sum('vProd'));
      expect(cents(tot.vDesc)).toBe(sum('vDesc'));
      expect(cents(tot.vFrete)).toBe(sum('vFrete'));
      expect(cents(tot.vNF)).toBe(cents(tot.vProd) - cents(tot.vDesc) + cents(tot.vFrete));
      expect(tot.vNF).toBe(d.totalValue);
      expect(d.totalValue).toMatch(/^\d+\.\d\d$/);
      const paid = cents(inf.pag.detPag.vPag);
      expect(paid).toBe(d.finNFe === '3' || d.finNFe === '4' ? 0 : cents(d.totalValue));
      for (const it of items) {
        // vProd = qCom x vUnCom, to the cent.
        expect(Math.abs(Number(it.prod.qCom) * Number(it.prod.vUnCom) - Number(it.prod.vProd))).toBeLessThan(0.006);
        expect(d.cfops).toContain(it.prod.CFOP);
      }
    }
  });

  it('the XML carries the metadata: key, number, parties, autXML, carrier, purpose, order numbers and protocol', () => {
    for (const d of sample) {
      const proc = parser.parse(nfeXml(d)).nfeProc;
      const inf = proc.NFe.infNFe;
      expect(inf['@_Id']).toBe(`NFe${d.accessKey}`);
      expect(inf.ide.nNF).toBe(d.number);
      expect(inf.ide.dhEmi).toBe(d.emissionDate);
      expect(inf.ide.tpNF).toBe(d.operation);
      expect(inf.ide.finNFe).toBe(d.finNFe);
      expect(inf.ide.natOp).toBe(d.natOp);
      expect(inf.emit.CNPJ).toBe(d.emitter.cnpj);
      expect(inf.emit.enderEmit.UF).toBe(d.emitter.uf);
      expect(inf.dest.CNPJ ?? inf.dest.CPF).toBe(d.receiver.cnpj ?? d.receiver.cpf);
      expect((inf.autXML ?? []).map((a: { CNPJ: string }) => a.CNPJ)).toEqual(d.authorized);
      expect(inf.transp.transporta?.CNPJ).toBe(d.transporter?.cnpj);
      expect(inf.compra?.xPed).toBe(d.xPeds[0]);
      expect(proc.protNFe.infProt.chNFe).toBe(d.accessKey);
      expect(proc.protNFe.infProt.cStat).toBe('100');
      expect(proc.protNFe.infProt.digVal).toBe(proc.NFe.Signature.SignedInfo.Reference.DigestValue);
    }
  });

  it('R29, R30: manifestations match their 2102xx events, whose XML carries the protocol', () => {
    const manifested = data.nfes.filter((d) => d.manifestations.length).slice(0, 40);
    expect(manifested.length).toBeGreaterThan(10);
    for (const d of manifested) {
      expect(d.manifestations.filter((m) => m.Active)).toHaveLength(1);
      for (const m of d.manifestations) {
        expect(['210200', '210210', '210220', '210240']).toContain(m.Type);
        const event = d.events.find((e) => e.type === m.Type)!;
        expect(event.createdAt).toBe(m.Date);
        const ev = parser.parse(eventXml(d, event)).procEventoNFe;
        expect(ev.retEvento.infEvento.nProt).toBe(m.Protocol);
        expect(ev.evento.infEvento.CNPJ).toBe(d.receiver.cnpj);
        expect(ev.evento.infEvento.cOrgao).toBe('91');
      }
    }
  });

  it("R30: nfeEventXml writes the caller's texts (escaped) and Brasília time, the same bytes each time", () => {
    const d = data.nfes[0]!;
    const args = {
      accessKey: d.accessKey,
      type: '110111',
      seq: 1,
      date: '2026-03-10T15:04:05Z',
      authorCnpj: d.emitter.cnpj!,
      cuf: d.accessKey.slice(0, 2),
      justification: 'Erro no valor & na quantidade <item 2>',
    };
    const xml = nfeEventXml(args);
    expect(xml).toBe(nfeEventXml({ ...args }));
    const inf = parser.parse(xml).procEventoNFe.evento.infEvento;
    expect(inf['@_Id']).toBe(`ID110111${d.accessKey}01`);
    expect(inf.dhEvento).toBe('2026-03-10T12:04:05-03:00');
    expect(inf.detEvento.xJust).toBe('Erro no valor & na quantidade <item 2>');
    expect(inf.cOrgao).toBe(d.accessKey.slice(0, 2));
  });
});

describe('emulator data: scale', () => {
  it(
    'generates 100000 documents per account',
    () => {
      const big = generateDataset({ seed: 3, docs: 100_000, now: NOW });
      const counts = [...byAccount(big).values()].map((docs) => docs.length);
      expect(counts).toEqual(big.accounts.map(() => 100_000));
      expect(accessKeyProblem(big.nfes[big.nfes.length - 1]!.accessKey)).toBeUndefined();
    },
    SCALE_TIMEOUT_MS,
  );
});
