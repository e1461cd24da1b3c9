// CT-e and CT-e OS readers on hand-written fixtures (test/fixtures/xml).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDocuments } from '../../../src/fiscal/readers/index.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/xml/', import.meta.url));
const text = (name: string) => readFileSync(FIXTURES + name, 'utf8');
const readText = (xml: string) => readDocuments(Buffer.from(xml), 'x.xml');

describe('CT-e reader', () => {
  it('reads a CT-e 4.00 cteProc: the taker named by toma3, values, ICMS, documents carried, protocol', () => {
    const [doc, ...rest] = readText(text('cte/cte-400-proc.xml'));
    expect(rest).toEqual([]);
    expect(doc).toMatchObject({
      kind: 'cte',
      model: '57',
      version: '4.00',
      key: '42240412312312000110570010000055011123456787',
      series: '1',
      number: '5501',
      emittedAt: '2024-04-18T09:30:00-03:00',
      emitter: { taxId: '12312312000110', name: 'TRANSPORTES ROTA SUL LTDA', uf: 'SC' },
      // toma3/toma = 3: the receiver (dest) pays the freight.
      counterpart: { role: 'taker', taxId: '44555666000181', name: 'MOVEIS SERRA AZUL LTDA', uf: 'PR' },
      totals: { vTPrest: '850.00', vRec: '850.00', vCarga: '15000.00', vICMS: '102.00' },
      itemCount: 2,
      protocol: { status: '100', reason: 'Autorizado o uso do CT-e', number: '342240000012345' },
      canceled: false,
      warnings: [],
    });
  });

  it('follows toma3 to the sender, and toma4 to a party of its own', () => {
    const sender = readText(text('cte/cte-400-proc.xml').replace('<toma>3</toma>', '<toma>0</toma>'))[0]!;
    expect(sender.counterpart).toEqual({
      role: 'taker',
      taxId: '11222333000181',
      name: 'TECIDOS AURORA LTDA',
      uf: 'SP',
    });
    const other = text('cte/cte-400-proc.xml').replace(
      '<toma3><toma>3</toma></toma3>',
      '<toma4><toma>4</toma><CPF>12345678909</CPF><xNome>JOSE PAGADOR</xNome><enderToma><UF>MG</UF></enderToma></toma4>',
    );
    expect(readText(other)[0]!.counterpart).toEqual({
      role: 'taker',
      taxId: '12345678909',
      name: 'JOSE PAGADOR',
      uf: 'MG',
    });
  });

  it('reads toma03 of the 2.00 layout', () => {
    const old = text('cte/cte-400-proc.xml').replace(
      '<toma3><toma>3</toma></toma3>',
      '<toma03><toma>0</toma></toma03>',
    );
    expect(readText(old)[0]!.counterpart.taxId).toBe('11222333000181');
  });

  it('reads a CT-e OS (cteOSProc, model 67) with its own toma group; upper-case .XML file', () => {
    const [doc] = readText(text('cte/CTEOS-400.XML'));
    expect(doc).toMatchObject({
      kind: 'cteos',
      model: '67',
      key: '41240532132132000163670030000000881123456780',
      series: '3',
      number: '88',
      emitter: { taxId: '32132132000163', uf: 'PR' },
      counterpart: { role: 'taker', taxId: '77888999000181', name: 'PADARIA PAO QUENTE LTDA', uf: 'RS' },
      totals: { vTPrest: '1200.00', vRec: '1200.00', vICMS: '144.00' },
      protocol: { status: '100', number: '141240000088001' },
      root: 'cteOSProc',
    });
    expect(doc!.itemCount).toBeUndefined();
  });

  it('marks a CT-e cancelled by protocol cStat 101 and by an appended procCancCTe', () => {
    const byStatus = text('cte/cte-400-proc.xml').replace('<cStat>100</cStat>', '<cStat>101</cStat>');
    expect(readText(byStatus)[0]!.canceled).toBe(true);
    const cancel = `<procCancCTe versao="4.00"><retEventoCTe versao="4.00"><infEvento><tpAmb>1</tpAmb><cStat>135</cStat>
      <xMotivo>Evento registrado e vinculado a CT-e</xMotivo><chCTe>42240412312312000110570010000055011123456787</chCTe>
      <tpEvento>110111</tpEvento><xEvento>Cancelamento</xEvento><nSeqEvento>1</nSeqEvento>
      <dhRegEvento>2024-04-19T10:00:00-03:00</dhRegEvento><nProt>342240000012400</nProt></infEvento></retEventoCTe></procCancCTe>`;
    const docs = readText(text('cte/cte-400-proc.xml').replace('</cteProc>', `${cancel}</cteProc>`));
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ canceled: true, events: [{ type: '110111', family: 'cte', status: '135' }] });
  });
});
