// MDF-e reader on a hand-written fixture (test/fixtures/xml).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDocuments } from '../../../src/fiscal/readers/index.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/xml/', import.meta.url));
const text = (name: string) => readFileSync(FIXTURES + name, 'utf8');
const readText = (xml: string) => readDocuments(Buffer.from(xml), 'x.xml');

describe('MDF-e reader', () => {
  it('reads an MDF-e 3.00 mdfeProc: cargo value, counts of CT-e and NF-e, documents listed, no counterpart', () => {
    const [doc] = readText(text('mdfe/mdfe-300-proc.xml'));
    expect(doc).toMatchObject({
      kind: 'mdfe',
      model: '58',
      version: '3.00',
      key: '42240612312312000110580010000003101123456783',
      series: '1',
      number: '310',
      emittedAt: '2024-06-20T18:00:00-03:00',
      emitter: { taxId: '12312312000110', uf: 'SC' },
      counterpart: {},
      totals: { vCarga: '23500.00', qCTe: '1', qNFe: '2', qCarga: '1800.0000' },
      itemCount: 3,
      protocol: { status: '100', number: '942240000031001' },
      canceled: false,
      warnings: [],
    });
  });

  it('warns when the declared counts (tot/qNFe, tot/qCTe) disagree with the documents listed', () => {
    const [doc] = readText(text('mdfe/mdfe-300-proc.xml').replace('<qNFe>2</qNFe>', '<qNFe>16</qNFe>'));
    expect(doc!.itemCount).toBe(3);
    expect(doc!.warnings).toEqual(['tot/qNFe is 16 but 2 NF-e are listed']);
  });

  it('R30: an appended closure (110112) is kept as an event but does not cancel the MDF-e; 110111 does', () => {
    const event = (
      type: string,
      name: string,
    ) => `<procEncMDFe versao="3.00"><retEventoMDFe versao="3.00"><infEvento><tpAmb>1</tpAmb>
      <cStat>135</cStat><xMotivo>Evento registrado e vinculado ao MDF-e</xMotivo>
      <chMDFe>42240612312312000110580010000003101123456783</chMDFe><tpEvento>${type}</tpEvento><xEvento>${name}</xEvento>
      <nSeqEvento>1</nSeqEvento><dhRegEvento>2024-06-21T09:00:00-03:00</dhRegEvento><nProt>942240000031002</nProt>
      </infEvento></retEventoMDFe></procEncMDFe>`;
    const closed = readText(
      text('mdfe/mdfe-300-proc.xml').replace('</mdfeProc>', `${event('110112', 'Encerramento')}</mdfeProc>`),
    );
    expect(closed[0]).toMatchObject({
      canceled: false,
      events: [{ type: '110112', family: 'mdfe', description: 'Encerramento' }],
    });
    const canceled = readText(
      text('mdfe/mdfe-300-proc.xml').replace('</mdfeProc>', `${event('110111', 'Cancelamento')}</mdfeProc>`),
    );
    expect(canceled[0]!.canceled).toBe(true);
  });
});
