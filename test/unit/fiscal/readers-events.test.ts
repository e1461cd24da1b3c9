// Event readers (NF-e, CT-e, MDF-e, national NFS-e) on hand-written fixtures (test/fixtures/xml).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDocuments } from '../../../src/fiscal/readers/index.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/xml/', import.meta.url));
const text = (name: string) => readFileSync(FIXTURES + name, 'utf8');
const readText = (xml: string) => readDocuments(Buffer.from(xml), 'x.xml');

describe('event readers', () => {
  it('R30: reads a procEventoNFe cancellation (110111): type, key referred to, sequence, date, own cStat', () => {
    const [doc] = readText(text('events/nfe-cancel-110111.xml'));
    expect(doc).toMatchObject({
      kind: 'event',
      model: '55',
      version: '1.00',
      id: '1101113524031122233300018155001000001234112345678101',
      emittedAt: '2024-03-12T16:39:50-03:00',
      emitter: { taxId: '11222333000181' },
      counterpart: { role: 'receiver', taxId: '44555666000181' },
      event: {
        type: '110111',
        family: 'nfe',
        description: 'Cancelamento',
        refKey: '35240311222333000181550010000012341123456781',
        seq: '1',
      },
      protocol: {
        status: '135',
        reason: 'Evento registrado e vinculado a NF-e',
        number: '135240000998877',
        at: '2024-03-12T16:40:05-03:00',
      },
      totals: {},
      warnings: [],
    });
    expect(doc!.canceled).toBeUndefined();
  });

  it('R30: reads a CC-e (110110) with its sequence number', () => {
    const [doc] = readText(text('events/nfe-cce-110110.xml'));
    expect(doc!.event).toEqual({
      type: '110110',
      family: 'nfe',
      description: 'Carta de Correção',
      refKey: '35240411222333000181550010000012351123456782',
      seq: '2',
    });
    expect(doc!.protocol?.status).toBe('135');
  });

  it('reads a procEventoCTe: family from chCTe, model 57', () => {
    const [doc] = readText(text('events/cte-cce-110110.xml'));
    expect(doc).toMatchObject({
      kind: 'event',
      model: '57',
      version: '4.00',
      event: {
        type: '110110',
        family: 'cte',
        description: 'Carta de Correção',
        refKey: '42240412312312000110570010000055021123456784',
        seq: '1',
      },
      protocol: { status: '135', number: '342240000012399' },
    });
  });

  it('reads the request alone (evento) without a protocol, and every evento of an envEvento', () => {
    const evento = /<evento[\s\S]*<\/evento>/.exec(text('events/nfe-cce-110110.xml'))![0];
    const [alone] = readText(evento);
    expect(alone!.event?.type).toBe('110110');
    expect(alone!.protocol).toBeUndefined();
    const second = evento
      .replace(/110110/g, '210210')
      .replace('<nSeqEvento>2</nSeqEvento>', '<nSeqEvento>1</nSeqEvento>');
    const batch = readText(
      `<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>7</idLote>${evento}${second}</envEvento>`,
    );
    expect(batch.map((d) => [d.event?.type, d.event?.description, d.root])).toEqual([
      ['110110', 'Carta de Correção', 'envEvento'],
      ['210210', 'Ciência da Operação', 'envEvento'],
    ]);
  });

  it('reads the results of a retEnvEvento', () => {
    const ret = /<retEvento[\s\S]*<\/retEvento>/.exec(text('events/nfe-cancel-110111.xml'))![0];
    const docs = readText(
      `<retEnvEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>7</idLote><cStat>128</cStat>${ret}</retEnvEvento>`,
    );
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      emittedAt: '2024-03-12T16:40:05-03:00',
      event: { type: '110111', refKey: '35240311222333000181550010000012341123456781' },
      protocol: { status: '135' },
    });
  });

  it('reads an MDF-e event by chMDFe: 110112 is a closure (Encerramento), not a cancellation', () => {
    const xml = `<eventoMDFe versao="3.00" xmlns="http://www.portalfiscal.inf.br/mdfe"><infEvento Id="ID1101124224061231231200011058001000000310112345678301">
      <cOrgao>42</cOrgao><tpAmb>1</tpAmb><CNPJ>12312312000110</CNPJ><chMDFe>42240612312312000110580010000003101123456783</chMDFe>
      <dhEvento>2024-06-21T08:00:00-03:00</dhEvento><tpEvento>110112</tpEvento><nSeqEvento>1</nSeqEvento>
      <detEvento versaoEvento="3.00"><evEncMDFe><descEvento>Encerramento</descEvento><nProt>942240000031001</nProt><dtEnc>2024-06-21</dtEnc><cUF>41</cUF><cMun>4106902</cMun></evEncMDFe></detEvento>
      </infEvento></eventoMDFe>`;
    expect(readText(xml)[0]).toMatchObject({
      model: '58',
      event: { type: '110112', family: 'mdfe', description: 'Encerramento' },
    });
  });

  it('reads a national NFS-e cancellation event (pedRegEvento / e101101)', () => {
    const key = '35503081211222333000181000000000004224061234567897';
    const xml = `<evento xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00"><infEvento Id="EVT${key}101101001">
      <verAplic>SefinNacional_1.2.0</verAplic><ambGer>2</ambGer><nSeqEvento>1</nSeqEvento><dhProc>2024-06-04T09:00:05-03:00</dhProc><nDFe>880001</nDFe>
      <pedRegEvento versao="1.00"><infPedReg Id="PRE${key}101101001"><tpAmb>2</tpAmb><verAplic>ERP 5.2</verAplic><dhEvento>2024-06-04T09:00:00-03:00</dhEvento>
      <CNPJAutor>11222333000181</CNPJAutor><chNFSe>${key}</chNFSe><nPedRegEvento>1</nPedRegEvento>
      <e101101><xDesc>Cancelamento de NFS-e</xDesc><cMotivo>1</cMotivo><xMotivo>Erro na emissao</xMotivo></e101101></infPedReg></pedRegEvento>
      </infEvento></evento>`;
    const [doc] = readText(xml);
    expect(doc).toMatchObject({
      kind: 'event',
      emittedAt: '2024-06-04T09:00:00-03:00',
      emitter: { taxId: '11222333000181' },
      event: { type: '101101', family: 'nfse', description: 'Cancelamento de NFS-e', refKey: key, seq: '1' },
      protocol: { number: '880001', at: '2024-06-04T09:00:05-03:00' },
      warnings: [],
    });
    expect(doc!.model).toBeUndefined();
  });

  it('R7: warns when the key an event refers to has a wrong check digit', () => {
    const xml = text('events/nfe-cce-110110.xml').replace(
      /35240411222333000181550010000012351123456782/g,
      '35240411222333000181550010000012351123456780',
    );
    expect(readText(xml)[0]!.warnings).toEqual([
      'referenced key 35240411222333000181550010000012351123456780: check digit is 0, expected 2',
    ]);
  });

  it('keeps an event about another document, appended to an nfeProc, as a row of its own', () => {
    const ret = /<retEvento[\s\S]*<\/retEvento>/.exec(text('events/nfe-cancel-110111.xml'))![0];
    const other = ret.replace(
      /35240311222333000181550010000012341123456781/g,
      '35240444555666000181550010000009991123456783',
    );
    const docs = readText(text('nfe/nfe-400-proc.xml').replace('</nfeProc>', `${other}</nfeProc>`));
    expect(docs.map((d) => [d.kind, d.canceled, d.event?.refKey])).toEqual([
      ['nfe', false, undefined],
      ['event', undefined, '35240444555666000181550010000009991123456783'],
    ]);
  });
});
