// The emulator's synthetic CT-e, CT-e OS, MDF-e, NFC-e and NFS-e: determinism, valid
// identifiers (R7, R8, R10), the stream order (R13), every role, and values that add up.
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { generateWorlds, type AccountWorld } from '../../../src/emulator/data/accounts.js';
import { cteEventXml } from '../../../src/emulator/data/cte-events-xml.js';
import { cteXml } from '../../../src/emulator/data/cte-xml.js';
import { generateCtes } from '../../../src/emulator/data/cte.js';
import { cteOsXml } from '../../../src/emulator/data/cteos-xml.js';
import { generateCteOs } from '../../../src/emulator/data/cteos.js';
import { mdfeEventXml } from '../../../src/emulator/data/mdfe-events-xml.js';
import { mdfeXml } from '../../../src/emulator/data/mdfe-xml.js';
import { generateMdfes } from '../../../src/emulator/data/mdfe.js';
import { nfceEventXml, nfceXml } from '../../../src/emulator/data/nfce-xml.js';
import { generateNfces } from '../../../src/emulator/data/nfce.js';
import { nfseEventXml, nfseXml } from '../../../src/emulator/data/nfse-xml.js';
import { generateNfses, nfseId } from '../../../src/emulator/data/nfse.js';
import { stateOf } from '../../../src/emulator/data/places.js';
import type { Party } from '../../../src/emulator/model.js';
import type { StoredDocBase } from '../../../src/emulator/model-docs.js';
import { accessKeyProblem, parseAccessKey } from '../../../src/fiscal/access-key.js';
import { taxIdProblem } from '../../../src/fiscal/tax-id.js';

// Half a million documents on a loaded 2-core machine: correctness at scale, not a speed target.
const SCALE_TIMEOUT_MS = 300_000;

const NOW_MS = Date.parse('2026-03-15T12:00:00Z');
const DAY = 86_400_000;
const SEED = 7;
const N = 500;
const worlds = generateWorlds(SEED);
const each = <T>(gen: (w: AccountWorld, seed: number, count: number, nowMs: number) => T[]): T[][] =>
  worlds.map((w) => gen(w, SEED, N, NOW_MS));

const streams = {
  cte: each(generateCtes),
  cteos: each(generateCteOs),
  mdfe: each(generateMdfes),
  nfce: each(generateNfces),
  nfse: each(generateNfses),
};
const [ctes, cteOs, mdfes, nfces, nfses] = [
  streams.cte.flat(),
  streams.cteos.flat(),
  streams.mdfe.flat(),
  streams.nfce.flat(),
  streams.nfse.flat(),
];
const LISTS = ['Comp', 'det', 'infMunDescarga', 'infCTe'];
const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name, path) => LISTS.includes(name) || (name === 'infNFe' && !String(path).endsWith('NFe.infNFe')),
});
const cents = (amount: string) => Math.round(Number(amount) * 100);
const taxId = (p: Party) => p.cnpj ?? p.cpf ?? '';

type AnyDoc = StoredDocBase<string> & { accessKey?: string };
const TYPES: { name: string; model?: string; streams: AnyDoc[][]; roles: string[] }[] = [
  { name: 'CT-e', model: '57', streams: streams.cte, roles: ['taker', 'not-taker', 'authorized'] },
  { name: 'CT-e OS', model: '67', streams: streams.cteos, roles: ['taker', 'not-taker'] },
  { name: 'MDF-e', model: '58', streams: streams.mdfe, roles: ['emitted', 'contractor', 'authorized'] },
  { name: 'NFC-e', model: '65', streams: streams.nfce, roles: ['emitted'] },
  { name: 'NFS-e', streams: streams.nfse, roles: ['emitted', 'received', 'intermediate'] },
];

describe('emulator data (other documents): determinism', () => {
  it('the same seed, world and now give deep-equal documents and the same XML bytes', () => {
    const w = worlds[1]!;
    const pairs = [
      [generateCtes(w, SEED, N, NOW_MS), streams.cte[1]!, cteXml],
      [generateCteOs(w, SEED, N, NOW_MS), streams.cteos[1]!, cteOsXml],
      [generateMdfes(w, SEED, N, NOW_MS), streams.mdfe[1]!, mdfeXml],
      [generateNfces(w, SEED, N, NOW_MS), streams.nfce[1]!, nfceXml],
      [generateNfses(w, SEED, N, NOW_MS), streams.nfse[1]!, nfseXml],
    ] as const;
    for (const [again, first, render] of pairs) {
      expect(again).toEqual(first);
      for (const i of [0, 250, N - 1])
        expect((render as (d: unknown) => string)(again[i])).toBe((render as (d: unknown) => string)(first[i]));
    }
    const e = ctes.find((d) => d.events.length)!;
    expect(cteEventXml(structuredClone(e), e.events[0]!)).toBe(cteEventXml(e, e.events[0]!));
  });

  it('another seed gives other documents', () => {
    const w = worlds[0]!;
    expect(generateCtes(w, SEED + 1, 5, NOW_MS)[0]!.accessKey).not.toBe(ctes[0]!.accessKey);
    expect(generateNfses(w, SEED + 1, 5, NOW_MS)[0]!.documentId).not.toBe(nfses[0]!.documentId);
  });
});

describe('emulator data (other documents): identifiers', () => {
  for (const t of TYPES.filter((x) => x.model)) {
    it(`R7: ${t.name} access keys are valid, unique, model ${t.model}, with the emitter, cUF, AAMM and number`, () => {
      const docs = t.streams.flat() as (AnyDoc & { accessKey: string; number: string; series: string })[];
      expect(new Set(docs.map((d) => d.accessKey)).size).toBe(docs.length);
      for (const d of docs) {
        expect(accessKeyProblem(d.accessKey)).toBeUndefined();
        const k = parseAccessKey(d.accessKey);
        expect([k.model, k.issuer, k.uf]).toEqual([t.model, taxId(d.emitter), stateOf(d.emitter.uf).cuf]);
        expect(k.yymm).toBe(d.emissionDate.slice(2, 4) + d.emissionDate.slice(5, 7));
        expect([Number(k.number), Number(k.series)]).toEqual([Number(d.number), Number(d.series)]);
      }
    });
  }

  it("R7: related keys are valid: CT-e NF-e (55, the sender's) and referenced CT-e (57); MDF-e CT-e or NF-e of its emitter", () => {
    for (const d of ctes) {
      for (const k of d.nfeKeys)
        expect([accessKeyProblem(k), k.slice(20, 22), k.slice(6, 20)]).toEqual([undefined, '55', taxId(d.sender)]);
      for (const k of d.referencedKeys)
        expect([accessKeyProblem(k), k.slice(20, 22), k.slice(6, 20)]).toEqual([undefined, '57', taxId(d.emitter)]);
    }
    for (const d of mdfes) {
      const keys = d.emitterType === '1' ? d.cteKeys : d.nfeKeys;
      expect(keys.length).toBeGreaterThan(0);
      expect(d.unloads.reduce((n, u) => n + u.count, 0)).toBe(keys.length);
      for (const k of keys)
        expect([accessKeyProblem(k), k.slice(20, 22), k.slice(6, 20)]).toEqual([
          undefined,
          d.emitterType === '1' ? '57' : '55',
          taxId(d.emitter),
        ]);
    }
  });

  it('R8: every party of every document has a valid CNPJ or CPF, and some parties are people (CPF)', () => {
    const parties: Party[] = [
      ...ctes.flatMap((d) => [
        d.emitter,
        d.taker,
        d.sender,
        d.addressee,
        ...(d.dispatcher ? [d.dispatcher] : []),
        ...(d.receiver ? [d.receiver] : []),
      ]),
      ...cteOs.flatMap((d) => [d.emitter, d.taker]),
      ...mdfes.flatMap((d) => [d.emitter, ...d.contractors]),
      ...nfces.flatMap((d) => [d.emitter, ...(d.consumer ? [d.consumer] : [])]),
      ...nfses.flatMap((d) => [d.emitter, ...(d.taker ? [d.taker] : []), ...(d.intermediary ? [d.intermediary] : [])]),
    ];
    for (const p of parties) expect(taxIdProblem(taxId(p))).toBeUndefined();
    for (const id of [...ctes.flatMap((d) => d.authorized), ...mdfes.flatMap((d) => d.authorized)])
      expect(taxIdProblem(id)).toBeUndefined();
    expect(parties.filter((p) => p.cpf).length).toBeGreaterThan(50);
    for (const d of [...ctes, ...cteOs, ...mdfes, ...nfces, ...nfses]) expect(d.emitter.cnpj).toMatch(/^\d{14}$/);
  });

  it("R10: NFS-e ids are <owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>, the owner being one of the document's", () => {
    expect(new Set(nfses.map((d) => d.documentId)).size).toBe(nfses.length);
    for (const d of nfses) {
      expect(d.id).toBe(`${d.roles[0]!.owner}:${d.emitter.cnpj}:${d.emissionDate.slice(0, 10)}:${d.number}`);
      expect(d.id).toMatch(/^\d{11,14}:\d{14}:\d{4}-\d{2}-\d{2}:\d+$/);
      expect(d.documentId).toBe(d.id.slice(d.id.indexOf(':') + 1));
      for (const r of d.roles) expect(nfseId(r.owner, d)).toBe(`${r.owner}:${d.documentId}`);
    }
  });
});

describe('emulator data (other documents): the streams', () => {
  for (const t of TYPES) {
    it(`R13, R15: ${t.name} positions and createdAt grow strictly; emission in the 12 months before now; events after it`, () => {
      for (const docs of t.streams) {
        expect(docs[0]!.position).toBeGreaterThanOrEqual(1000);
        expect(docs[0]!.position).toBeLessThan(1400);
        for (let i = 1; i < docs.length; i++) {
          expect(docs[i]!.position).toBeGreaterThan(docs[i - 1]!.position);
          expect(Date.parse(docs[i]!.createdAt)).toBeGreaterThan(Date.parse(docs[i - 1]!.createdAt));
        }
        expect(docs[docs.length - 1]!.position - docs[0]!.position).toBeGreaterThan(docs.length);
        for (const d of docs) {
          const emitted = Date.parse(d.emissionDate);
          expect(d.emissionDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
          expect(emitted).toBeGreaterThan(NOW_MS - 366 * DAY);
          expect(emitted).toBeLessThanOrEqual(Date.parse(d.createdAt));
          expect(Date.parse(d.createdAt)).toBeLessThan(NOW_MS);
          for (const e of d.events)
            expect(Date.parse(e.createdAt) > emitted && Date.parse(e.createdAt) < NOW_MS).toBe(true);
        }
      }
    });

    it(`every ${t.name} role is present in every account, each document has one, and only the account's companies hold them`, () => {
      t.streams.forEach((docs, a) => {
        const owners = new Set(worlds[a]!.account.companies.map((c) => c.cnpj));
        expect(new Set(docs.flatMap((d) => d.roles.map((r) => r.role)))).toEqual(new Set(t.roles));
        for (const d of docs) {
          expect(d.roles.length).toBeGreaterThan(0);
          for (const r of d.roles) expect(owners.has(r.owner)).toBe(true);
        }
      });
    });
  }

  it('roles match the parties: taker, emitter, contractor, autXML, tomador, intermediário', () => {
    const ids = (ps: (Party | undefined)[]) => ps.filter((p): p is Party => p !== undefined).map(taxId);
    for (const d of ctes) {
      for (const r of d.roles) {
        if (r.role === 'taker') expect(r.owner).toBe(taxId(d.taker));
        if (r.role === 'not-taker')
          expect(
            ids([d.emitter, d.sender, d.dispatcher, d.receiver, d.addressee]).filter((x) => x !== taxId(d.taker)),
          ).toContain(r.owner);
        if (r.role === 'authorized') expect(d.authorized).toContain(r.owner);
      }
    }
    for (const d of mdfes)
      for (const r of d.roles)
        expect(
          r.role === 'emitted' ? [taxId(d.emitter)] : r.role === 'contractor' ? ids(d.contractors) : d.authorized,
        ).toContain(r.owner);
    for (const d of nfses)
      for (const r of d.roles)
        expect(taxId({ emitted: d.emitter, received: d.taker, intermediate: d.intermediary }[r.role]!)).toBe(r.owner);
    for (const d of nfces) expect(d.roles).toEqual([{ owner: d.emitter.cnpj, role: 'emitted' }]);
  });

  it('statuses follow the events (110111 cancels, 110112 closes an MDF-e, 101101 cancels an NFS-e); CT-e types 0, 1, 3 and takers 0-4', () => {
    for (const d of [...ctes, ...cteOs, ...nfces])
      expect(d.status === 'canceled').toBe(d.events.some((e) => e.type === '110111'));
    for (const d of mdfes)
      expect(d.status).toBe(
        d.events.some((e) => e.type === '110111')
          ? 'canceled'
          : d.events.some((e) => e.type === '110112')
            ? 'closed'
            : 'authorized',
      );
    for (const d of nfses) expect(d.isCanceled).toBe(d.events.some((e) => e.type === '101101'));
    for (const d of nfces.filter((x) => x.status === 'canceled'))
      expect(Date.parse(d.events[0]!.createdAt) - Date.parse(d.emissionDate)).toBeLessThanOrEqual(31 * 60_000);
    expect(new Set(mdfes.map((d) => d.status))).toEqual(new Set(['authorized', 'closed', 'canceled']));
    expect(new Set(ctes.flatMap((d) => d.events.map((e) => e.type)))).toEqual(new Set(['110111', '110110', '610110']));
    expect(new Set(ctes.map((d) => d.cteType))).toEqual(new Set(['0', '1', '3']));
    expect(new Set(ctes.map((d) => d.takerKind))).toEqual(new Set(['0', '1', '2', '3', '4']));
    const takerOf = { '0': 'sender', '1': 'dispatcher', '2': 'receiver', '3': 'addressee' } as const;
    for (const d of ctes) if (d.takerKind !== '4') expect(d[takerOf[d.takerKind]]).toBe(d.taker);
    for (const d of ctes) {
      expect(d.referencedKeys.length).toBe(d.cteType === '0' ? 0 : 1);
      expect(d.nfeKeys.length > 0).toBe(d.cteType !== '1');
    }
    for (const [docs, share] of [
      [ctes, 0.05],
      [nfses, 0.05],
    ] as const) {
      const canceled =
        (docs as AnyDoc[]).filter((d) => d.events.some((e) => e.type === '110111' || e.type === '101101')).length /
        docs.length;
      expect(canceled).toBeGreaterThan(share / 3);
      expect(canceled).toBeLessThan(share * 3);
    }
  });
});

describe('emulator data (other documents): values add up and the XML carries them', () => {
  it('CT-e: vTPrest is the sum of the components, vRec <= vTPrest, and the XML has the type, CFOP, taker and NF-e keys', () => {
    for (const d of ctes.slice(0, 200)) {
      const inf = parser.parse(cteXml(d)).cteProc.CTe.infCte;
      const comps = inf.vPrest.Comp.reduce((s: number, c: { vComp: string }) => s + cents(c.vComp), 0);
      expect([comps, inf.vPrest.vTPrest, inf.vPrest.vRec]).toEqual([
        cents(d.totalValue),
        d.totalValue,
        d.receivableValue,
      ]);
      expect(cents(d.receivableValue)).toBeLessThanOrEqual(cents(d.totalValue));
      expect([inf.ide.tpCTe, inf.ide.CFOP, inf.ide.nCT, inf.ide.UFIni, inf.ide.UFFim]).toEqual([
        d.cteType,
        d.cfop,
        d.number,
        d.startUf,
        d.endUf,
      ]);
      expect(inf.ide.toma3?.toma ?? inf.ide.toma4.toma).toBe(d.takerKind);
      expect((inf.infCTeNorm?.infDoc.infNFe ?? []).map((n: { chave: string }) => n.chave)).toEqual(d.nfeKeys);
      if (d.cteType === '3') expect(inf.infCTeNorm.infCteSub.chCte).toBe(d.referencedKeys[0]);
      if (d.cteType === '1') expect(inf.infCteComp.chCTe).toBe(d.referencedKeys[0]);
    }
  });

  it('NFC-e: vNF = sum(vProd) - sum(vDesc) = totalValue = vPag - vTroco; no address for the consumer', () => {
    for (const d of nfces.slice(0, 300)) {
      const nfe = parser.parse(nfceXml(d)).nfeProc.NFe;
      const det = nfe.infNFe.det as { prod: { vProd: string; vDesc?: string } }[];
      const net = det.reduce((s, x) => s + cents(x.prod.vProd) - cents(x.prod.vDesc ?? '0'), 0);
      const pag = nfe.infNFe.pag;
      expect([det.length, net, cents(nfe.infNFe.total.ICMSTot.vNF)]).toEqual([
        d.itemCount,
        cents(d.totalValue),
        cents(d.totalValue),
      ]);
      expect(cents(pag.detPag.vPag) - cents(pag.vTroco ?? '0')).toBe(cents(d.totalValue));
      expect(nfe.infNFe.dest?.CPF).toBe(d.consumer?.cpf);
      expect(nfe.infNFeSupl.qrCode).toContain(`?p=${d.accessKey}|2|1|`);
    }
    expect(nfces.filter((d) => d.consumer).length / nfces.length).toBeLessThan(0.6);
  });

  it('NFS-e: ValorIss = ValorServicos * Aliquota / 100; ValorLiquidoNfse = ValorServicos - withheld; competence yyyy-mm', () => {
    for (const d of nfses) {
      expect(cents(d.issValue)).toBe(Math.round((cents(d.serviceValue) * cents(d.issRate)) / 10_000));
      expect(cents(d.netValue)).toBe(
        cents(d.serviceValue) - cents(d.federalWithheld) - (d.issWithheld ? cents(d.issValue) : 0),
      );
      expect(d.competence).toMatch(/^\d{4}-\d{2}$/);
      expect(d.competence <= d.emissionDate.slice(0, 7)).toBe(true);
    }
    for (const d of nfses.slice(0, 200)) {
      const inf = parser.parse(nfseXml(d)).CompNfse.Nfse.InfNfse;
      const v = inf.DeclaracaoPrestacaoServico.InfDeclaracaoPrestacaoServico.Servico.Valores;
      const withheld = ['ValorPis', 'ValorCofins', 'ValorIr', 'ValorCsll'].reduce((s, k) => s + cents(v[k] ?? '0'), 0);
      expect([withheld, inf.ValoresNfse.ValorIss, inf.ValoresNfse.ValorLiquidoNfse, inf.Numero]).toEqual([
        cents(d.federalWithheld),
        d.issValue,
        d.netValue,
        d.number,
      ]);
      expect(inf.DeclaracaoPrestacaoServico.InfDeclaracaoPrestacaoServico.Competencia.slice(0, 7)).toBe(d.competence);
    }
    expect(new Set(nfses.map((d) => d.withholding))).toEqual(new Set(['none', 'ir', 'csrf', 'ir-csrf']));
  });

  it("MDF-e: tot/qCTe or qNFe counts the keys of infMunDescarga; vCarga and the plate are the metadata's", () => {
    for (const d of mdfes.slice(0, 200)) {
      const inf = parser.parse(mdfeXml(d)).mdfeProc.MDFe.infMDFe;
      const listed = (inf.infDoc.infMunDescarga as Record<string, unknown[]>[]).flatMap(
        (u) => (u.infCTe ?? u.infNFe ?? []) as Record<string, string>[],
      );
      expect(listed.map((x) => x.chCTe ?? x.chNFe)).toEqual([...d.cteKeys, ...d.nfeKeys]);
      expect([Number(inf.tot.qCTe ?? inf.tot.qNFe), inf.tot.vCarga, inf.infModal.rodo.veicTracao.placa]).toEqual([
        listed.length,
        d.cargoValue,
        d.plate,
      ]);
    }
  });

  it("events render with the document's key and the event's type and date", () => {
    const check = (xml: string, key: string, type: string, date: string) =>
      expect([xml.includes(key), xml.includes(`<tpEvento>${type}</tpEvento>`), xml.includes(date)]).toEqual([
        true,
        true,
        true,
      ]);
    for (const d of ctes.filter((x) => x.events.length).slice(0, 20))
      for (const e of d.events) check(cteEventXml(d, e), d.accessKey, e.type, e.createdAt);
    for (const d of mdfes.filter((x) => x.events.length).slice(0, 20))
      for (const e of d.events) check(mdfeEventXml(d, e), d.accessKey, e.type, e.createdAt);
    for (const d of nfces.filter((x) => x.events.length).slice(0, 5))
      for (const e of d.events) check(nfceEventXml(d, e), d.accessKey, e.type, e.createdAt);
    for (const d of nfses.filter((x) => x.isCanceled).slice(0, 5))
      expect(nfseEventXml(d, d.events[0]!)).toContain(`<DataHora>${d.events[0]!.createdAt}</DataHora>`);
  });
});

describe('emulator data (other documents): scale', () => {
  it(
    'generates 100000 documents of each type for an account, without XML',
    () => {
      const w = worlds[0]!;
      for (const gen of [generateCtes, generateCteOs, generateMdfes, generateNfces, generateNfses] as const) {
        const docs = (gen as (w: AccountWorld, s: number, c: number, n: number) => AnyDoc[])(w, 3, 100_000, NOW_MS);
        expect(docs.length).toBe(100_000);
        expect(docs[99_999]!.position).toBeGreaterThan(docs[0]!.position + 99_999);
        expect(docs[99_999]!.xml).toBeUndefined();
      }
    },
    SCALE_TIMEOUT_MS,
  );
});
