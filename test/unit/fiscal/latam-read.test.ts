import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { latamDocumentSchema } from '../../../src/api/wire/latam.js';
import { LatamReadError, readLatamDocument } from '../../../src/fiscal/latam/index.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/latam/${name}`, import.meta.url));
const text = (name: string) => fixture(name).toString('utf8');
const read = (xml: string | Buffer) => readLatamDocument(typeof xml === 'string' ? Buffer.from(xml) : xml);
const problem = (xml: string) => {
  try {
    read(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(LatamReadError);
    return (error as Error).message;
  }
  throw new Error('read without a problem');
};

describe('readLatamDocument', () => {
  it('Mexico CFDI 4.0: UUID id, RFCs, summary taxes (transfer and withholding), concepts', () => {
    const doc = read(fixture('cfdi-ingreso.xml'));
    expect(latamDocumentSchema.parse(doc)).toEqual(doc);
    expect(doc).toMatchObject({
      id: 'MX-5F0E6A3C-8B1D-4C2E-9A7F-1B2C3D4E5F60',
      country: 'MX',
      doc_type: 'CFDI-I',
      number: 'A-1042',
      issuer: { tax_id: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', country: 'MX' },
      receiver: { tax_id: 'CACX7605101P8', name: 'XOCHILT CASAS CHAVEZ', country: 'MX' },
      issued_at: '2026-03-10T11:24:05',
      currency: 'MXN',
      subtotal: 2500,
      total: 2856.67,
    });
    expect(doc.taxes).toEqual([
      { kind: 'transfer', code: '002', name: 'IVA', rate: 16, base: 2500, amount: 400 },
      { kind: 'withholding', code: '002', name: 'IVA', rate: null, base: null, amount: 43.33 },
    ]);
    expect(doc.items).toEqual([
      { description: 'Desarrollo de software', quantity: 2, unit_price: 1000, amount: 2000 },
      { description: 'Licencia anual', quantity: 1, unit_price: 500, amount: 500 },
    ]);
  });

  it('Chile DTE in an EnvioDTE (ISO-8859-1): RUT-type-folio id, IVA on the net amount, CLP', () => {
    const doc = read(fixture('dte-factura.xml'));
    expect(doc).toMatchObject({
      id: 'CL-76086428-5-33-5512',
      country: 'CL',
      doc_type: 'DTE-33',
      number: '5512',
      issuer: { tax_id: '76086428-5', name: 'Comercial Andes SpA', country: 'CL' },
      receiver: { tax_id: '12345678-5', name: 'Distribuidora Ñuble Ltda.', country: 'CL' },
      issued_at: '2026-04-02',
      currency: 'CLP',
      subtotal: 84034,
      total: 100000,
      taxes: [{ kind: 'transfer', code: 'IVA', name: 'IVA', rate: 19, base: 84034, amount: 15966 }],
    });
    expect(doc.items.map((i) => i.description)).toEqual(['Café en grano 1 kg', 'Filtros de papel']);
  });

  it('Colombia UBL 2.1: CUFE id, NIT with verification digit, IVA and withholding', () => {
    const doc = read(fixture('co-factura.xml'));
    expect(doc.id).toMatch(/^CO-[0-9a-f]{96}$/);
    expect(doc).toMatchObject({
      country: 'CO',
      doc_type: 'FE-01',
      number: 'SETP990000002',
      issued_at: '2026-05-20T07:46:15-05:00',
      currency: 'COP',
      issuer: { tax_id: '800197268', name: 'Alimentos del Valle S.A.S.', country: 'CO' },
      receiver: { tax_id: '860034313', name: 'Banco Andino S.A.', country: 'CO' },
      subtotal: 1000000,
      total: 1190000,
    });
    expect(doc.taxes).toEqual([
      { kind: 'transfer', code: '01', name: 'IVA', rate: 19, base: 1000000, amount: 190000 },
      { kind: 'withholding', code: '06', name: 'ReteRenta', rate: 2.5, base: 1000000, amount: 25000 },
    ]);
  });

  it('Colombia: an AttachedDocument carrying the invoice as text reads as that invoice', () => {
    const inner = text('co-factura.xml');
    const attached = `<?xml version="1.0"?><AttachedDocument xmlns="urn:oasis:names:specification:ubl:schema:xsd:AttachedDocument-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cac:Attachment><cac:ExternalReference><cbc:MimeCode>text/xml</cbc:MimeCode><cbc:Description><![CDATA[${inner}]]></cbc:Description></cac:ExternalReference></cac:Attachment></AttachedDocument>`;
    expect(read(attached)).toEqual(read(inner));
  });

  it('Peru UBL 2.1 (SUNAT): RUC-type-series-number id, IGV', () => {
    const doc = read(fixture('pe-factura.xml'));
    expect(doc).toMatchObject({
      id: 'PE-20131312955-01-F001-00000123',
      country: 'PE',
      doc_type: 'CPE-01',
      number: 'F001-00000123',
      issuer: { tax_id: '20131312955', name: 'Textiles del Sur S.A.C.', country: 'PE' },
      receiver: { tax_id: '20100066603', name: 'Constructora Lima Norte S.A.', country: 'PE' },
      issued_at: '2026-02-14T16:05:00',
      currency: 'PEN',
      subtotal: 1000,
      total: 1180,
      taxes: [{ kind: 'transfer', code: '1000', name: 'IGV', rate: null, base: 1000, amount: 180 }],
      items: [{ description: 'Tela de algodón pima (metro)', quantity: 50, unit_price: 20, amount: 1000 }],
    });
  });

  it('the country hint refuses a document of another country', () => {
    expect(() => readLatamDocument(fixture('pe-factura.xml'), 'CO')).toThrow('the document is from PE, not CO');
    expect(readLatamDocument(fixture('pe-factura.xml'), 'PE').country).toBe('PE');
  });

  it('problems are named: malformed, unknown root, Brazilian NF-e, unstamped CFDI, bad check digits, several DTE', () => {
    expect(problem('<cfdi:Comprobante')).toMatch(/malformed XML|truncated/);
    expect(problem('<pedido/>')).toBe(
      'root element <pedido> is not a CFDI 4.0 (Mexico), a DTE (Chile) or a UBL 2.1 Invoice of the DIAN (Colombia) or SUNAT (Peru)',
    );
    expect(problem('<nfeProc><NFe/></nfeProc>')).toMatch(/Brazilian document: send it with fiscal upload/);
    const cfdi = text('cfdi-ingreso.xml');
    expect(problem(cfdi.replace(/<cfdi:Complemento>[\s\S]*<\/cfdi:Complemento>/, ''))).toMatch(
      /TimbreFiscalDigital@UUID .*is missing/,
    );
    expect(problem(cfdi.replace('Version="4.0"', 'Version="3.3"'))).toMatch(/only CFDI 4.0/);
    expect(problem(cfdi.replace('EKU9003173C9', 'EKU9003173C8'))).toBe(
      'Emisor@Rfc: RFC "EKU9003173C8": check digit is 8, expected 9',
    );
    const dte = fixture('dte-factura.xml').toString('latin1');
    expect(problem(dte.replace('<RUTEmisor>76086428-5', '<RUTEmisor>76086428-4'))).toMatch(
      /Emisor\/RUTEmisor: .*expected 5/,
    );
    const twice = dte.replace(/(<DTE version[\s\S]*<\/DTE>)/, '$1$1');
    expect(problem(twice)).toBe('EnvioDTE holds 2 DTE: send one document per file');
    const co = text('co-factura.xml');
    expect(
      problem(co.replace('schemeID="4" schemeName="31">800197268', 'schemeID="5" schemeName="31">800197268')),
    ).toMatch(/verification digit is 5, expected 4/);
    expect(problem(co.replace(/schemeName="CUFE-SHA384">[0-9a-f]+/, 'schemeName="CUFE-SHA384">abc'))).toMatch(
      /is not a CUFE/,
    );
    const pe = text('pe-factura.xml');
    expect(problem(pe.replace(/<cbc:PayableAmount[^<]*<\/cbc:PayableAmount>/, ''))).toBe(
      'LegalMonetaryTotal/PayableAmount is missing',
    );
    expect(problem(pe.replace('<cbc:ID>F001-00000123', '<cbc:ID>F001/123'))).toBe(
      'cbc:ID "F001/123" is not a SUNAT series-number (F001-123)',
    );
    expect(problem(dte.replace('<Folio>5512', '<Folio>55 12'))).toBe('IdDoc/Folio "55 12" is not a folio number');
    expect(
      problem(
        pe.replace(' listAgencyName="PE:SUNAT"', '').replace('schemeID="6" schemeName', 'schemeID="0" schemeName'),
      ),
    ).toMatch(/UBL Invoice without the marks/);
  });
});
