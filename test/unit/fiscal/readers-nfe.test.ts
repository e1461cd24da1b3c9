// NF-e and NFC-e readers on hand-written fixtures (test/fixtures/xml): the figures asserted here
// are the ones written in those files.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDocuments } from '../../../src/fiscal/readers/index.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/xml/', import.meta.url));
const read = (name: string) => readDocuments(readFileSync(FIXTURES + name), name);

describe('NF-e reader', () => {
  it('reads an NF-e 4.00 nfeProc: key, parties, totals, items and the authorization protocol', () => {
    const [doc, ...rest] = read('nfe/nfe-400-proc.xml');
    expect(rest).toEqual([]);
    expect(doc).toMatchObject({
      kind: 'nfe',
      model: '55',
      version: '4.00',
      key: '35240311222333000181550010000012341123456781',
      series: '1',
      number: '1234',
      emittedAt: '2024-03-12T10:15:00-03:00',
      environment: 'production',
      emitter: { taxId: '11222333000181', name: 'TECIDOS AURORA LTDA', uf: 'SP' },
      counterpart: { role: 'receiver', taxId: '44555666000181', name: 'MOVEIS SERRA AZUL LTDA', uf: 'PR' },
      itemCount: 2,
      protocol: {
        status: '100',
        reason: 'Autorizado o uso da NF-e',
        number: '135240000123456',
        at: '2024-03-12T10:15:42-03:00',
      },
      canceled: false,
      warnings: [],
      root: 'nfeProc',
      source: 'nfe/nfe-400-proc.xml',
    });
    expect(doc!.totals).toMatchObject({
      vNF: '1333.03',
      vProd: '1250.50',
      vICMS: '150.06',
      vIPI: '62.53',
      vST: '0.00',
      vFrete: '30.00',
      vDesc: '10.00',
      vPIS: '20.63',
      vCOFINS: '95.04',
    });
  });

  it('reads a bare NF-e 3.10 (no protocol): a CPF receiver, homologation, no protocol', () => {
    const [doc] = read('nfe/nfe-310-bare.xml');
    expect(doc).toMatchObject({
      kind: 'nfe',
      version: '3.10',
      key: '41170544555666000181550020000000771123456781',
      series: '2',
      number: '77',
      environment: 'homologation',
      emitter: { taxId: '44555666000181', uf: 'PR' },
      counterpart: { role: 'receiver', taxId: '12345678909', uf: 'PR' },
      itemCount: 1,
      root: 'NFe',
    });
    expect(doc!.totals.vNF).toBe('89.90');
    expect(doc!.totals.vICMS).toBe('10.79');
    expect(doc!.protocol).toBeUndefined();
  });

  it('R30: folds the cancellation (retEvento 110111, cStat 135) appended to an nfeProc into the NF-e', () => {
    const docs = read('nfe/nfe-400-canceled.xml');
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      number: '1240',
      canceled: true,
      protocol: { status: '100' },
      events: [
        {
          type: '110111',
          family: 'nfe',
          description: 'Cancelamento',
          status: '135',
          protocol: '135240000200777',
          at: '2024-04-02T09:12:05-03:00',
        },
      ],
    });
  });

  it('reads an NFC-e (model 65, infNFeSupl) with a CPF-only consumer', () => {
    const [doc] = read('nfce/nfce-400.xml');
    expect(doc).toMatchObject({
      kind: 'nfce',
      model: '65',
      key: '43240677888999000181650050000009011123456785',
      series: '5',
      number: '901',
      emitter: { taxId: '77888999000181', uf: 'RS' },
      counterpart: { role: 'receiver', taxId: '98765432100' },
      itemCount: 3,
      protocol: { status: '100', number: '143240000456789' },
    });
    expect(doc!.totals).toMatchObject({ vNF: '40.00', vProd: '42.50', vDesc: '2.50' });
  });

  it('R7: reports an invalid check digit as a warning and still reads the document', () => {
    const xml = readFileSync(FIXTURES + 'nfe/nfe-310-bare.xml', 'utf8').replace(
      'NFe41170544555666000181550020000000771123456781',
      'NFe41170544555666000181550020000000771123456789',
    );
    const [doc] = readDocuments(Buffer.from(xml), 'x.xml');
    expect(doc!.number).toBe('77');
    expect(doc!.warnings).toEqual([
      'access key 41170544555666000181550020000000771123456789: check digit is 9, expected 1',
    ]);
  });

  it('warns when the protocol is for another key than the document', () => {
    const xml = readFileSync(FIXTURES + 'nfe/nfe-400-proc.xml', 'utf8').replace(
      '<chNFe>35240311222333000181550010000012341123456781</chNFe>',
      '<chNFe>35240444555666000181550010000009991123456783</chNFe>',
    );
    const [doc] = readDocuments(Buffer.from(xml), 'x.xml');
    expect(doc!.warnings).toEqual([
      'the protocol is for key 35240444555666000181550010000009991123456783, the document has 35240311222333000181550010000012341123456781',
    ]);
  });

  it('reads every NF-e of an enviNFe lot, and an Id without the NFe prefix', () => {
    const nfe = readFileSync(FIXTURES + 'nfe/nfe-310-bare.xml', 'utf8').replace(/<\?xml[^>]*>/, '');
    const second = nfe.replace('<nNF>77</nNF>', '<nNF>78</nNF>').replace('Id="NFe', 'Id="');
    const xml = `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="3.10"><idLote>1</idLote><indSinc>0</indSinc>${nfe}${second}</enviNFe>`;
    const docs = readDocuments(Buffer.from(xml), 'lot.xml');
    expect(docs.map((d) => [d.number, d.key, d.root])).toEqual([
      ['77', '41170544555666000181550020000000771123456781', 'enviNFe'],
      ['78', '41170544555666000181550020000000771123456781', 'enviNFe'],
    ]);
  });

  it('keeps digit strings as written (leading zeros of series, numbers and CNPJs)', () => {
    const xml = readFileSync(FIXTURES + 'nfe/nfe-310-bare.xml', 'utf8')
      .replace('<serie>2</serie>', '<serie>002</serie>')
      .replace('<CNPJ>44555666000181</CNPJ>', '<CNPJ>04555666000181</CNPJ>');
    const [doc] = readDocuments(Buffer.from(xml), 'x.xml');
    expect(doc!.series).toBe('002');
    expect(doc!.emitter.taxId).toBe('04555666000181');
  });
});
