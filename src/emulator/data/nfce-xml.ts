// nfeProc 4.00 of a generated NFC-e (model 65): the signed NFe with infNFeSupl (QR code v2 and
// the consultation URL) and its authorization, valid against procNFe_v4.00.xsd of PL_009_V4.
// Items and totals are written by the NF-e renderer's own functions (nfe-xml-items.ts).
import { cnpjCheckDigits } from '../../fiscal/tax-id.js';
import type { StoredNfe } from '../model.js';
import type { DocEvent, StoredNfce } from '../model-docs.js';
import { money } from './amounts.js';
import { CANCEL_REASONS, nfeEventXml } from './events-xml.js';
import { nfceLines } from './nfce.js';
import { itemsXml, taxLines, totalXml, type TaxedLines } from './nfe-xml-items.js';
import { carriesReform } from './reform.js';
import { addressOf, taxIdOf, taxRegimeOf } from './parties.js';
import { icmsRate, stateOf } from './places.js';
import { hashString, Rng } from './random.js';
import { authorizationProtocol, brt, digestOf, el, NFE_NS, signatureXml, XML_DECL } from './xml-util.js';

const RESP_TEC_CNPJ = '445556660001' + cnpjCheckDigits('445556660001');
const RESP_TEC =
  `<infRespTec><CNPJ>${RESP_TEC_CNPJ}</CNPJ><xContato>Suporte PDV</xContato>` +
  '<email>suporte@frentedecaixa.com.br</email><fone>1150000000</fone></infRespTec>';

/** itemsXml reads nothing of the document but its purchase orders, which an NFC-e has none of. */
const NO_ORDERS: Pick<StoredNfe, 'xPeds'> = { xPeds: [] };

/** QR code and consultation addresses of a few states; the others use the shared SVRS portal. */
const PORTALS: Record<string, readonly [string, string]> = {
  SP: [
    'https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx',
    'https://www.nfce.fazenda.sp.gov.br/consulta',
  ],
  MG: [
    'https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml',
    'https://portalsped.fazenda.mg.gov.br/portalnfce',
  ],
  PR: ['http://www.fazenda.pr.gov.br/nfce/qrcode', 'http://www.fazenda.pr.gov.br/nfce/consulta'],
  RJ: ['https://consultadfe.fazenda.rj.gov.br/consultaNFCe/QRCode', 'https://www.fazenda.rj.gov.br/nfce/consulta'],
};
const SVRS: readonly [string, string] = [
  'https://dfe-portal.svrs.rs.gov.br/NFCE/QRCode',
  'https://dfe-portal.svrs.rs.gov.br/NFCE/Consulta',
];

function ideXml(doc: StoredNfce): string {
  const key = doc.accessKey;
  return (
    `<ide>${el('cUF', key.slice(0, 2))}${el('cNF', key.slice(35, 43))}<natOp>VENDA AO CONSUMIDOR</natOp><mod>65</mod>` +
    `${el('serie', doc.series)}${el('nNF', doc.number)}${el('dhEmi', doc.emissionDate)}<tpNF>1</tpNF><idDest>1</idDest>` +
    `${el('cMunFG', addressOf(doc.emitter).city.code)}<tpImp>4</tpImp><tpEmis>1</tpEmis>${el('cDV', key.slice(43))}` +
    '<tpAmb>1</tpAmb><finNFe>1</finNFe><indFinal>1</indFinal><indPres>1</indPres><procEmi>0</procEmi>' +
    '<verProc>fiscal-emulator 1.0</verProc></ide>'
  );
}

function emitXml(doc: StoredNfce): string {
  const e = doc.emitter;
  const a = addressOf(e);
  return (
    `<emit>${el('CNPJ', taxIdOf(e))}${el('xNome', e.name)}${e.tradingName ? el('xFant', e.tradingName) : ''}` +
    `<enderEmit>${el('xLgr', a.street)}${el('nro', a.number)}${el('xBairro', a.district)}${el('cMun', a.city.code)}` +
    `${el('xMun', a.city.name)}${el('UF', a.uf)}${el('CEP', a.cep)}<cPais>1058</cPais><xPais>BRASIL</xPais>${el('fone', a.phone)}</enderEmit>` +
    `${el('IE', e.ie ?? '')}<CRT>${taxRegimeOf(e)}</CRT></emit>`
  );
}

/** The consumer: a CPF, sometimes with the name; never an address on an NFC-e sold at the till. */
function destXml(doc: StoredNfce): string {
  const c = doc.consumer;
  if (!c?.cpf) return '';
  const named = hashString(`named:${doc.accessKey}`) % 4 === 0;
  return `<dest>${el('CPF', c.cpf)}${named ? el('xNome', c.name) : ''}<indIEDest>9</indIEDest></dest>`;
}

/** pag: one means of payment; cash is rounded up to the next R$ 5 and the change written in vTroco. */
function pagXml(doc: StoredNfce, totalCents: number): string {
  const card = doc.paymentType === '03' || doc.paymentType === '04' ? '<card><tpIntegra>2</tpIntegra></card>' : '';
  const paid = doc.paymentType === '01' ? Math.ceil(totalCents / 500) * 500 : totalCents;
  const change = paid > totalCents ? `<vTroco>${money(paid - totalCents)}</vTroco>` : '';
  return `<pag><detPag><indPag>0</indPag>${el('tPag', doc.paymentType)}<vPag>${money(paid)}</vPag>${card}</detPag>${change}</pag>`;
}

/** QR code v2 online: key, version 2, environment, CSC id and a SHA-1 (here a stand-in). */
function supplXml(doc: StoredNfce): string {
  const [qr, consult] = PORTALS[doc.emitter.uf] ?? SVRS;
  const rng = new Rng(hashString(`qrcode:${doc.accessKey}`));
  const hash = rng.hex(40).toUpperCase();
  return `<infNFeSupl><qrCode>${qr}?p=${doc.accessKey}|2|1|${rng.int(1, 9)}|${hash}</qrCode>${el('urlChave', consult)}</infNFeSupl>`;
}

function taxedLinesOf(doc: StoredNfce): TaxedLines {
  const simples = taxRegimeOf(doc.emitter) === '1';
  const presumed = hashString(`regime:${taxIdOf(doc.emitter)}`) % 2 === 0;
  const rates = {
    icms: icmsRate(doc.emitter.uf, doc.emitter.uf) * 100,
    pis: presumed ? 65 : 165,
    cofins: presumed ? 300 : 760,
  };
  return taxLines(nfceLines(doc.accessKey, doc.itemCount), rates, simples, carriesReform(doc.emissionDate, simples));
}

function protNFeXml(doc: StoredNfce, digest: string): string {
  const received = brt(Date.parse(doc.emissionDate) + (1 + (hashString(doc.accessKey) % 5)) * 1000);
  return (
    `<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb>${el('verAplic', `${doc.emitter.uf}_NFCE_PL009_V4`)}` +
    `${el('chNFe', doc.accessKey)}${el('dhRecbto', received)}${el('nProt', authorizationProtocol(doc.accessKey))}` +
    `<digVal>${digest}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`
  );
}

function renderNfceProc(doc: StoredNfce): string {
  const id = `NFe${doc.accessKey}`;
  const digest = digestOf(id);
  const lines = taxedLinesOf(doc);
  const infNFe =
    `<infNFe Id="${id}" versao="4.00">${ideXml(doc)}${emitXml(doc)}${destXml(doc)}` +
    `${itemsXml(NO_ORDERS as StoredNfe, lines)}${totalXml(lines)}<transp><modFrete>9</modFrete></transp>` +
    `${pagXml(doc, lines.totalCents)}${RESP_TEC}</infNFe>`;
  return (
    `${XML_DECL}<nfeProc xmlns="${NFE_NS}" versao="4.00"><NFe xmlns="${NFE_NS}">${infNFe}${supplXml(doc)}` +
    `${signatureXml(id, taxIdOf(doc.emitter), digest)}</NFe>${protNFeXml(doc, digest)}</nfeProc>`
  );
}

/** The nfeProc XML of an NFC-e: its own when it has one (uploads), else rendered from metadata. */
export function nfceXml(doc: StoredNfce): string {
  return doc.xml ?? renderNfceProc(doc);
}

/** The procEventoNFe of an NFC-e event (only cancellation, 110111), rendered by the NF-e event renderer. */
export function nfceEventXml(doc: StoredNfce, event: DocEvent): string {
  if (event.xml !== undefined) return event.xml;
  const rng = new Rng(hashString(`event-text:${doc.accessKey}:${event.type}:${event.seq}`));
  return nfeEventXml({
    accessKey: doc.accessKey,
    type: event.type,
    seq: event.seq,
    date: event.createdAt,
    authorCnpj: taxIdOf(doc.emitter),
    cuf: stateOf(doc.emitter.uf).cuf,
    justification: event.type === '110111' ? rng.pick(CANCEL_REASONS) : undefined,
  });
}
