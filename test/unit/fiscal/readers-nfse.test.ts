// NFS-e readers on hand-written fixtures (test/fixtures/xml): ABRASF 1.00 (namespace prefixes,
// GINFES style), 2.02 lists, 2.04 CompNfse, and the national NFS-e with its DPS.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDocuments } from '../../../src/fiscal/readers/index.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/xml/', import.meta.url));
const text = (name: string) => readFileSync(FIXTURES + name, 'utf8');
const readText = (xml: string) => readDocuments(Buffer.from(xml), 'x.xml');

describe('ABRASF NFS-e reader', () => {
  it('reads a cancellation answer (CancelarNfseResposta) as an event 101101 of the note it names', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><CancelarNfseResposta xmlns="http://www.abrasf.org.br/nfse.xsd"><RetCancelamento>' +
      '<NfseCancelamento versao="2.02"><Confirmacao Id="C1"><Pedido><InfPedidoCancelamento Id="P1"><IdentificacaoNfse>' +
      '<Numero>77</Numero><CpfCnpj><Cnpj>11222333000181</Cnpj></CpfCnpj><CodigoMunicipio>3550308</CodigoMunicipio>' +
      '</IdentificacaoNfse><CodigoCancelamento>2</CodigoCancelamento></InfPedidoCancelamento></Pedido>' +
      '<DataHora>2024-06-01T10:00:00-03:00</DataHora></Confirmacao></NfseCancelamento></RetCancelamento></CancelarNfseResposta>';
    expect(readText(xml)).toEqual([
      {
        source: 'x.xml',
        kind: 'event',
        version: '2.02',
        id: 'C1',
        number: '77',
        emittedAt: '2024-06-01T10:00:00-03:00',
        emitter: { taxId: '11222333000181' },
        counterpart: {},
        totals: {},
        event: { type: '101101', family: 'nfse', description: 'Cancelamento de NFS-e' },
        warnings: [],
        root: 'CancelarNfseResposta',
      },
    ]);
  });

  it('R10: reads an ABRASF 2.04 CompNfse: provider, taker, service value, ISS, id <cnpj>:<date>:<number>', () => {
    const [doc, ...rest] = readText(text('nfse/abrasf-204-compnfse.xml'));
    expect(rest).toEqual([]);
    expect(doc).toMatchObject({
      kind: 'nfse',
      version: '2.04',
      id: '11222333000181:2024-05-20:2024000000123',
      number: '2024000000123',
      emittedAt: '2024-05-20T14:30:00',
      emitter: { taxId: '11222333000181', name: 'TECIDOS AURORA LTDA', uf: 'SP' },
      counterpart: { role: 'taker', taxId: '44555666000181', name: 'MOVEIS SERRA AZUL LTDA', uf: 'PR' },
      canceled: false,
      warnings: [],
      root: 'CompNfse',
    });
    expect(doc!.totals).toMatchObject({
      ValorServicos: '3000.00',
      ValorIss: '60.00',
      BaseCalculo: '3000.00',
      Aliquota: '2.00',
      ValorPis: '19.50',
      ValorCofins: '90.00',
      ValorIr: '45.00',
      ValorCsll: '30.00',
      ValorLiquidoNfse: '2815.50',
    });
    expect(doc!.key).toBeUndefined();
    expect(doc!.totals).not.toHaveProperty('IssRetido');
  });

  it('reads every note of a ConsultarNfse...Resposta list, one with NfseCancelamento, one with a CPF taker', () => {
    const docs = readText(text('nfse/abrasf-consultar-2-notes.xml'));
    expect(
      docs.map((d) => [d.number, d.totals.ValorServicos, d.totals.ValorIss, d.canceled, d.counterpart.taxId]),
    ).toEqual([
      ['1001', '1500.00', '75.00', false, '32132132000163'],
      ['1002', '480.00', '9.60', true, '98765432100'],
    ]);
    expect(docs.map((d) => d.id)).toEqual(['77888999000181:2024-02-05:1001', '77888999000181:2024-02-07:1002']);
    expect(docs.every((d) => d.root === 'ConsultarNfseServicoPrestadoResposta' && d.version === '2.02')).toBe(true);
  });

  it('reads an ABRASF 1.00 response with namespace prefixes (ns3:/ns4:) and values in Servico/Valores', () => {
    const [doc] = readText(text('nfse/abrasf-100-ns.xml'));
    expect(doc).toMatchObject({
      kind: 'nfse',
      id: '32132132000163:2023-11-08:318',
      number: '318',
      emitter: { taxId: '32132132000163', name: 'FRETAMENTOS VALE VERDE LTDA', uf: 'PR' },
      counterpart: { role: 'taker', taxId: '12312312000110', uf: 'SC' },
      totals: {
        ValorServicos: '2350.00',
        ValorIss: '70.50',
        BaseCalculo: '2350.00',
        Aliquota: '0.03',
        ValorLiquidoNfse: '2350.00',
      },
      root: 'ConsultarNfseResposta',
    });
  });

  it('turns decimal commas of some providers into dots', () => {
    const xml = text('nfse/abrasf-100-ns.xml')
      .replace('<ns4:ValorServicos>2350.00<', '<ns4:ValorServicos>2.350,00<')
      .replace('<ns4:ValorIss>70.50<', '<ns4:ValorIss>70,5<');
    expect(readText(xml)[0]!.totals).toMatchObject({ ValorServicos: '2350.00', ValorIss: '70.5' });
  });

  it("reads Betha's ComplNfse and a bare Nfse", () => {
    const comp = text('nfse/abrasf-204-compnfse.xml').replace(/CompNfse/g, 'ComplNfse');
    expect(readText(comp)[0]!.number).toBe('2024000000123');
    const bare = text('nfse/abrasf-204-compnfse.xml')
      .replace(/<\/?CompNfse[^>]*>/g, '')
      .replace('<Nfse ', '<Nfse xmlns="http://www.abrasf.org.br/nfse.xsd" ');
    expect(readText(bare)[0]).toMatchObject({ number: '2024000000123', root: 'Nfse' });
  });

  it('follows an ABRASF answer escaped inside a SOAP envelope (outputXML)', () => {
    const inner = text('nfse/abrasf-consultar-2-notes.xml')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;');
    const soap = `<?xml version='1.0' encoding='UTF-8'?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>
      <ns2:ConsultarNfseResponse xmlns:ns2="http://ws.example.gov.br"><outputXML>${inner}</outputXML></ns2:ConsultarNfseResponse></S:Body></S:Envelope>`;
    const docs = readText(soap);
    expect(docs.map((d) => [d.number, d.root])).toEqual([
      ['1001', 'Envelope'],
      ['1002', 'Envelope'],
    ]);
  });
});

describe('national NFS-e reader', () => {
  it('reads NFSe/infNFSe with its DPS: 50-digit key, status, ISSQN, DPS series, taker', () => {
    const [doc] = readText(text('nfse/nfse-national.xml'));
    expect(doc).toMatchObject({
      kind: 'nfse',
      version: '1.00',
      key: '35503081211222333000181000000000004224061234567897',
      id: '11222333000181:2024-06-03:42',
      series: '900',
      number: '42',
      emittedAt: '2024-06-03T11:02:10-03:00',
      environment: 'homologation',
      emitter: { taxId: '11222333000181', name: 'TECIDOS AURORA LTDA', uf: 'SP' },
      counterpart: { role: 'taker', taxId: '44555666000181', name: 'MOVEIS SERRA AZUL LTDA' },
      totals: { vServ: '1800.00', vBC: '1800.00', pAliqAplic: '2.00', vISSQN: '36.00', vLiq: '1800.00' },
      protocol: { status: '100', reason: 'NFS-e gerada', number: '777001', at: '2024-06-03T11:02:10-03:00' },
      warnings: [],
    });
  });

  it('reads a DPS on its own as kind dps', () => {
    const dps = /<DPS[\s\S]*<\/DPS>/
      .exec(text('nfse/nfse-national.xml'))![0]
      .replace('<DPS ', '<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" ');
    const [doc] = readText(dps);
    expect(doc).toMatchObject({
      kind: 'dps',
      id: '355030821122233300018100900000000000000042',
      series: '900',
      number: '42',
      emittedAt: '2024-06-03T10:58:00-03:00',
      emitter: { taxId: '11222333000181' },
      counterpart: { role: 'taker', taxId: '44555666000181' },
      totals: { vServ: '1800.00' },
    });
    expect(doc!.protocol).toBeUndefined();
  });

  it('warns about a national key that is not 50 digits', () => {
    const xml = text('nfse/nfse-national.xml').replace('Id="NFS355030812', 'Id="NFS3550308');
    expect(readText(xml)[0]!.warnings).toEqual([
      'NFS-e key 355030811222333000181000000000004224061234567897: expected 50 digits, found 48 characters',
    ]);
  });
});
