// The XML of a synthetic LATAM document, in each country's own layout and namespaces. Only what
// the reader (src/fiscal/latam) and a person looking at the file need; signatures are placeholders.
import { createHash } from 'node:crypto';
import { esc } from '../data/xml-util.js';
import type { Draft } from './drafts.js';

const RATES = { MX: 0.16, CL: 0.19, CO: 0.19, PE: 0.18 } as const;
const money = (n: number) => n.toFixed(2);
const round2 = (n: number) => Math.round(n * 100) / 100;

interface Sums {
  amounts: number[];
  net: number;
  tax: number;
  total: number;
}

function sums(d: Draft): Sums {
  // Chilean pesos have no cents.
  const round = d.country === 'CL' ? Math.round : round2;
  const amounts = d.lines.map((l) => round(l.quantity * l.unitPrice));
  const net = round(amounts.reduce((a, b) => a + b, 0));
  const tax = round(net * RATES[d.country]);
  return { amounts, net, tax, total: round(net + tax) };
}

export function draftXml(d: Draft): string {
  switch (d.country) {
    case 'MX':
      return cfdiXml(d);
    case 'CL':
      return dteXml(d);
    default:
      return ublXml(d);
  }
}

function uuidOf(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

function cfdiXml(d: Draft): string {
  const s = sums(d);
  const concepts = d.lines
    .map(
      (l, i) =>
        `<cfdi:Concepto ClaveProdServ="01010101" Cantidad="${l.quantity}" ClaveUnidad="H87" Descripcion="${esc(l.description)}" ValorUnitario="${money(l.unitPrice)}" Importe="${money(s.amounts[i]!)}" ObjetoImp="02"><cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="${money(s.amounts[i]!)}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${money(round2(s.amounts[i]! * 0.16))}"/></cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd" Version="4.0" Serie="A" Folio="${d.number}" Fecha="${d.issuedAt}" Sello="U0VMTE8=" FormaPago="03" NoCertificado="30001000000500003416" Certificado="Q0VSVA==" SubTotal="${money(s.net)}" Moneda="MXN" Total="${money(s.total)}" TipoDeComprobante="I" Exportacion="01" MetodoPago="PUE" LugarExpedicion="06600">
<cfdi:Emisor Rfc="${d.issuer.taxId}" Nombre="${esc(d.issuer.name)}" RegimenFiscal="601"/>
<cfdi:Receptor Rfc="${d.receiver.taxId}" Nombre="${esc(d.receiver.name)}" DomicilioFiscalReceptor="64000" RegimenFiscalReceptor="601" UsoCFDI="G03"/>
<cfdi:Conceptos>${concepts}</cfdi:Conceptos>
<cfdi:Impuestos TotalImpuestosTrasladados="${money(s.tax)}"><cfdi:Traslados><cfdi:Traslado Base="${money(s.net)}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${money(s.tax)}"/></cfdi:Traslados></cfdi:Impuestos>
<cfdi:Complemento><tfd:TimbreFiscalDigital Version="1.1" UUID="${uuidOf(d.nonce)}" FechaTimbrado="${d.issuedAt}" RfcProvCertif="SPR190613I52" SelloCFD="U0VMTE8=" NoCertificadoSAT="30001000000500003456" SelloSAT="U0FU"/></cfdi:Complemento>
</cfdi:Comprobante>
`;
}

function dteXml(d: Draft): string {
  const s = sums(d);
  const details = d.lines
    .map(
      (l, i) =>
        `<Detalle><NroLinDet>${i + 1}</NroLinDet><NmbItem>${esc(l.description)}</NmbItem><QtyItem>${l.quantity}</QtyItem><PrcItem>${l.unitPrice}</PrcItem><MontoItem>${s.amounts[i]}</MontoItem></Detalle>`,
    )
    .join('');
  const date = d.issuedAt.slice(0, 10);
  return `<?xml version="1.0" encoding="UTF-8"?>
<EnvioDTE xmlns="http://www.sii.cl/SiiDte" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sii.cl/SiiDte EnvioDTE_v10.xsd" version="1.0">
<SetDTE ID="SetDoc"><Caratula version="1.0"><RutEmisor>${d.issuer.taxId}</RutEmisor><RutEnvia>${d.issuer.taxId}</RutEnvia><RutReceptor>${d.receiver.taxId}</RutReceptor><FchResol>2014-08-22</FchResol><NroResol>80</NroResol><TmstFirmaEnv>${d.issuedAt}</TmstFirmaEnv></Caratula>
<DTE version="1.0"><Documento ID="F${d.number}T33"><Encabezado><IdDoc><TipoDTE>33</TipoDTE><Folio>${d.number}</Folio><FchEmis>${date}</FchEmis></IdDoc><Emisor><RUTEmisor>${d.issuer.taxId}</RUTEmisor><RznSoc>${esc(d.issuer.name)}</RznSoc><GiroEmis>Comercio</GiroEmis><Acteco>465000</Acteco><DirOrigen>Av. Libertador 1450</DirOrigen><CmnaOrigen>Santiago</CmnaOrigen></Emisor><Receptor><RUTRecep>${d.receiver.taxId}</RUTRecep><RznSocRecep>${esc(d.receiver.name)}</RznSocRecep><GiroRecep>Comercio</GiroRecep><DirRecep>Calle Prat 220</DirRecep><CmnaRecep>Valparaíso</CmnaRecep></Receptor><Totales><MntNeto>${s.net}</MntNeto><TasaIVA>19</TasaIVA><IVA>${s.tax}</IVA><MntTotal>${s.total}</MntTotal></Totales></Encabezado>${details}<TED version="1.0"><DD><RE>${d.issuer.taxId}</RE><TD>33</TD><F>${d.number}</F><FE>${date}</FE><MNT>${s.total}</MNT></DD><FRMT algoritmo="SHA1withRSA">VEVE</FRMT></TED></Documento></DTE>
</SetDTE></EnvioDTE>
`;
}

/** Colombia and Peru share UBL 2.1; their marks differ (DIAN profile and CUFE; SUNAT catalogues). */
function ublXml(d: Draft): string {
  const s = sums(d);
  const co = d.country === 'CO';
  const cur = co ? 'COP' : 'PEN';
  const taxScheme = co
    ? '<cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name>'
    : '<cbc:ID>1000</cbc:ID><cbc:Name>IGV</cbc:Name><cbc:TaxTypeCode>VAT</cbc:TaxTypeCode>';
  const percent = co ? '19.00' : '18.00';
  const amount = (tag: string, n: number) => `<cbc:${tag} currencyID="${cur}">${money(n)}</cbc:${tag}>`;
  const number = co ? `SETP${990000000 + d.number}` : `F001-${String(d.number).padStart(8, '0')}`;
  const [date, time] = d.issuedAt.split('T');
  // A CUFE is the SHA-384 of the invoice's fields and the issuer's technical key; any fixed recipe will do here.
  const cufe = createHash('sha384')
    .update(`${number}${date}${s.total}${d.issuer.taxId}${d.receiver.taxId}${d.nonce}`)
    .digest('hex');
  const party = (p: Draft['issuer']) =>
    co
      ? `<cac:Party><cac:PartyName><cbc:Name>${esc(p.name)}</cbc:Name></cac:PartyName><cac:PartyTaxScheme><cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName><cbc:CompanyID schemeAgencyID="195" schemeID="${p.dv}" schemeName="31">${p.taxId}</cbc:CompanyID><cac:RegistrationAddress><cac:Country><cbc:IdentificationCode>CO</cbc:IdentificationCode></cac:Country></cac:RegistrationAddress><cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:PartyTaxScheme></cac:Party>`
      : `<cac:Party><cac:PartyIdentification><cbc:ID schemeID="6" schemeAgencyName="PE:SUNAT">${p.taxId}</cbc:ID></cac:PartyIdentification><cac:PartyLegalEntity><cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName><cac:RegistrationAddress><cac:Country><cbc:IdentificationCode>PE</cbc:IdentificationCode></cac:Country></cac:RegistrationAddress></cac:PartyLegalEntity></cac:Party>`;
  const lines = d.lines
    .map(
      (l, i) =>
        `<cac:InvoiceLine><cbc:ID>${i + 1}</cbc:ID><cbc:InvoicedQuantity unitCode="${co ? '94' : 'NIU'}">${l.quantity}</cbc:InvoicedQuantity>${amount('LineExtensionAmount', s.amounts[i]!)}<cac:Item><cbc:Description>${esc(l.description)}</cbc:Description></cac:Item><cac:Price>${amount('PriceAmount', l.unitPrice)}</cac:Price></cac:InvoiceLine>`,
    )
    .join('');
  const head = co
    ? `<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID><cbc:CustomizationID>10</cbc:CustomizationID><cbc:ProfileID>DIAN 2.1: Factura Electrónica de Venta</cbc:ProfileID><cbc:ProfileExecutionID>2</cbc:ProfileExecutionID><cbc:ID>${number}</cbc:ID><cbc:UUID schemeID="2" schemeName="CUFE-SHA384">${cufe}</cbc:UUID><cbc:IssueDate>${date}</cbc:IssueDate><cbc:IssueTime>${time}-05:00</cbc:IssueTime><cbc:InvoiceTypeCode>01</cbc:InvoiceTypeCode>`
    : `<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:CustomizationID schemeAgencyName="PE:SUNAT">2.0</cbc:CustomizationID><cbc:ID>${number}</cbc:ID><cbc:IssueDate>${date}</cbc:IssueDate><cbc:IssueTime>${time}</cbc:IssueTime><cbc:InvoiceTypeCode listAgencyName="PE:SUNAT" listName="Tipo de Documento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01" listID="0101">01</cbc:InvoiceTypeCode>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">
${head}<cbc:DocumentCurrencyCode>${cur}</cbc:DocumentCurrencyCode>
<cac:AccountingSupplierParty>${party(d.issuer)}</cac:AccountingSupplierParty>
<cac:AccountingCustomerParty>${party(d.receiver)}</cac:AccountingCustomerParty>
<cac:TaxTotal>${amount('TaxAmount', s.tax)}<cac:TaxSubtotal>${amount('TaxableAmount', s.net)}${amount('TaxAmount', s.tax)}<cac:TaxCategory><cbc:Percent>${percent}</cbc:Percent><cac:TaxScheme>${taxScheme}</cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
<cac:LegalMonetaryTotal>${amount('LineExtensionAmount', s.net)}${amount('TaxExclusiveAmount', s.net)}${amount('TaxInclusiveAmount', s.total)}${amount('PayableAmount', s.total)}</cac:LegalMonetaryTotal>
${lines}
</Invoice>
`;
}
