// CF-e SAT reader on a hand-written fixture (test/fixtures/xml).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDocuments } from '../../../src/fiscal/readers/index.js';
import { satDateTime } from '../../../src/fiscal/readers/cfe.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/xml/', import.meta.url));
const text = (name: string) => readFileSync(FIXTURES + name, 'utf8');
const readText = (xml: string) => readDocuments(Buffer.from(xml), 'x.xml');

describe('CF-e SAT reader', () => {
  it('reads a CFe: key, SAT serial as series, date and time, UF from cUF, totals, items', () => {
    const [doc] = readText(text('cfe/cfe-sat.xml'));
    expect(doc).toMatchObject({
      kind: 'cfe',
      model: '59',
      version: '0.08',
      key: '35240799887766000105599001234560004566543218',
      series: '900123456',
      number: '000456',
      emittedAt: '2024-07-15T14:25:30',
      environment: 'production',
      emitter: { taxId: '99887766000105', name: 'MERCADINHO BOM PRECO LTDA', uf: 'SP' },
      counterpart: { role: 'receiver', taxId: '12345678909' },
      itemCount: 2,
      warnings: [],
    });
    expect(doc!.totals).toMatchObject({
      vCFe: '20.00',
      vCFeLei12741: '5.10',
      vProd: '20.00',
      vICMS: '3.60',
      vPIS: '0.33',
      vCOFINS: '1.52',
    });
  });

  it('reads a CFeCanc as the cancellation event of the CF-e it names', () => {
    const canc = `<CFeCanc><infCFe Id="CFe35240799887766000105599001234560004576543217" chCanc="CFe35240799887766000105599001234560004566543218" versao="0.08">
      <dEmi>20240715</dEmi><hEmi>150000</hEmi><ide><cUF>35</cUF><mod>59</mod><nserieSAT>900123456</nserieSAT><dEmi>20240715</dEmi><hEmi>150000</hEmi><tpAmb>1</tpAmb></ide>
      <emit><CNPJ>99887766000105</CNPJ></emit><dest/><total><vCFe>20.00</vCFe></total></infCFe></CFeCanc>`;
    const [doc] = readText(canc);
    expect(doc).toMatchObject({
      kind: 'event',
      model: '59',
      emittedAt: '2024-07-15T15:00:00',
      event: { type: 'CFeCanc', family: 'cfe', refKey: '35240799887766000105599001234560004566543218' },
    });
  });

  it('formats SAT dates and leaves other shapes alone', () => {
    expect(satDateTime('20240715', '080910')).toBe('2024-07-15T08:09:10');
    expect(satDateTime('20240715', undefined)).toBe('2024-07-15');
    expect(satDateTime('2024-07-15', '080910')).toBe('2024-07-15');
  });
});
