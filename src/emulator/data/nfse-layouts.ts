// The layouts an NFS-e is issued in, and the XML "as issued" (`originalXml`). Real accounts hold
// notes of several municipal ABRASF versions and of the national system (NFS-e Nacional); the
// service normalizes every one to an ABRASF 2.02 CompNfse for its listings (nfse-xml.ts).
// Designed: which layout a generated note has follows from its origin and its city, so that a
// municipality always issues in the same one. The national NFSe validates against
// NFSe_v1.00.xsd of the national system.
import type { Party } from '../model.js';
import type { StoredNfse } from '../model-docs.js';
import { money } from './amounts.js';
import { serviceOf, withheldTaxes } from './nfse.js';
import { municipalRegistration, NFSE_XML_DECL, renderCompNfse } from './nfse-xml.js';
import { addressOf, taxIdOf, taxRegimeOf } from './parties.js';
import { hashString } from './random.js';
import { el, signatureXml } from './xml-util.js';

export const NFSE_LAYOUTS = ['abrasf-2.02', 'abrasf-2.04', 'nacional-1.00'] as const;
export type NfseLayout = (typeof NFSE_LAYOUTS)[number];

const NFSE_NATIONAL_NS = 'http://www.sped.fazenda.gov.br/nfse';

/** Notes of the national system came from it (origin `nacional`); the others from a city's own system. */
export function layoutOf(doc: Pick<StoredNfse, 'origin' | 'cityCode'>): NfseLayout {
  if (doc.origin === 'nacional') return 'nacional-1.00';
  return hashString(`layout:${doc.cityCode}`) % 3 === 0 ? 'abrasf-2.04' : 'abrasf-2.02';
}

/** The XML of an NFS-e as its municipality (or the national system) issued it. */
export function nfseOriginalXml(doc: StoredNfse): string {
  if (doc.xml !== undefined) return doc.xml;
  switch (layoutOf(doc)) {
    case 'nacional-1.00':
      return renderNationalNfse(doc);
    case 'abrasf-2.04':
      return renderCompNfse(doc, '2.04');
    default:
      return renderCompNfse(doc, '2.02');
  }
}

const cents = (value: string): number => Math.round(Number(value) * 100);
const digits = (text: string, length: number): string => text.replace(/\D/g, '').padStart(length, '0').slice(-length);
const taxIdTag = (p: Party): string => (p.cnpj ? el('CNPJ', p.cnpj) : el('CPF', p.cpf ?? ''));

/** cTribNac: item and subitem of LC 116 and a two-digit breakdown, `17.19` -> `171901`. */
const nationalServiceCode = (item: string): string => `${item.replace('.', '')}01`;

/**
 * The national key (Id `NFS` + 50 digits): municipality (7), generating environment (1), kind of
 * tax id (1: 1 CPF, 2 CNPJ), tax id (14), number (13), year and month (4), code (9), check digit.
 */
function nationalKey(doc: StoredNfse): string {
  const e = doc.emitter;
  const yymm = doc.emissionDate.slice(2, 4) + doc.emissionDate.slice(5, 7);
  const code = digits(String(hashString(`nfse-code:${doc.documentId}`)), 9);
  const body = `${doc.cityCode}2${e.cnpj ? 2 : 1}${digits(taxIdOf(e), 14)}${digits(doc.number, 13)}${yymm}${code}`;
  return body + String(hashString(body) % 10);
}

function personXml(p: Party, withName: boolean): string {
  const a = addressOf(p);
  const address =
    `<end><endNac>${el('cMun', a.city.code)}${el('CEP', a.cep)}</endNac>` +
    `${el('xLgr', a.street)}${el('nro', a.number)}${el('xBairro', a.district)}</end>`;
  return `${taxIdTag(p)}${withName ? el('xNome', p.name) : ''}${address}`;
}

function dpsXml(doc: StoredNfse): string {
  const e = doc.emitter;
  const s = serviceOf(doc.serviceCode);
  const t = withheldTaxes(cents(doc.serviceValue), doc.withholding);
  const day = doc.emissionDate.slice(0, 10);
  const competence = doc.competence === day.slice(0, 7) ? day : `${doc.competence}-01`;
  const id = `DPS${doc.cityCode}${e.cnpj ? 2 : 1}${digits(taxIdOf(e), 14)}${digits('1', 5)}${digits(doc.number, 15)}`;
  const federal =
    t.ir || t.csll
      ? `<tribFed>${t.ir ? el('vRetIRRF', money(t.ir)) : ''}${t.csll ? el('vRetCSLL', money(t.csll)) : ''}</tribFed>`
      : '';
  return (
    `<DPS versao="1.00"><infDPS Id="${id}"><tpAmb>1</tpAmb>${el('dhEmi', doc.emissionDate)}<verAplic>EmissorWeb_1.0</verAplic>` +
    `<serie>1</serie>${el('nDPS', doc.number)}${el('dCompet', competence)}<tpEmit>1</tpEmit>${el('cLocEmi', doc.cityCode)}` +
    `<prest>${taxIdTag(e)}${el('IM', municipalRegistration(e))}<regTrib><opSimpNac>${taxRegimeOf(e) === '1' ? 3 : 1}</opSimpNac>` +
    '<regEspTrib>0</regEspTrib></regTrib></prest>' +
    `${doc.taker ? `<toma>${personXml(doc.taker, true)}</toma>` : ''}` +
    `${doc.intermediary ? `<interm>${personXml(doc.intermediary, true)}</interm>` : ''}` +
    `<serv><locPrest>${el('cLocPrestacao', doc.cityCode)}</locPrest><cServ>${el('cTribNac', nationalServiceCode(s.item))}` +
    `${el('xDescServ', `${s.description}. Competencia ${doc.competence}.`)}</cServ></serv>` +
    `<valores><vServPrest>${el('vServ', doc.serviceValue)}</vServPrest><trib><tribMun><tribISSQN>1</tribISSQN>` +
    `${el('pAliq', doc.issRate)}<tpRetISSQN>${doc.issWithheld ? 2 : 1}</tpRetISSQN></tribMun>${federal}` +
    '<totTrib><indTotTrib>0</indTotTrib></totTrib></trib></valores></infDPS></DPS>'
  );
}

/** NFSe (national layout 1.00): the note the national system generated from the provider's DPS. */
function renderNationalNfse(doc: StoredNfse): string {
  const e = doc.emitter;
  const a = addressOf(e);
  const s = serviceOf(doc.serviceCode);
  const id = `NFS${nationalKey(doc)}`;
  const withheld = cents(doc.serviceValue) - cents(doc.netValue);
  const inf =
    `<infNFSe Id="${id}">${el('xLocEmi', a.city.name)}${el('xLocPrestacao', a.city.name)}${el('nNFSe', doc.number)}` +
    `${el('cLocIncid', doc.cityCode)}${el('xLocIncid', a.city.name)}${el('xTribNac', s.description)}` +
    `<verAplic>SefinNac_1.0</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><procEmi>1</procEmi><cStat>100</cStat>` +
    `${el('dhProc', doc.emissionDate)}${el('nDFSe', doc.number)}` +
    `<emit>${taxIdTag(e)}${el('IM', municipalRegistration(e))}${el('xNome', e.name)}<enderNac>${el('xLgr', a.street)}` +
    `${el('nro', a.number)}${el('xBairro', a.district)}${el('cMun', a.city.code)}${el('UF', a.uf)}${el('CEP', a.cep)}</enderNac></emit>` +
    `<valores>${el('vBC', doc.serviceValue)}${el('pAliqAplic', doc.issRate)}${el('vISSQN', doc.issValue)}` +
    `${withheld ? el('vTotalRet', money(withheld)) : ''}${el('vLiq', doc.netValue)}</valores>${dpsXml(doc)}</infNFSe>`;
  return `${NFSE_XML_DECL}<NFSe versao="1.00" xmlns="${NFSE_NATIONAL_NS}">${inf}${signatureXml(id, taxIdOf(e))}</NFSe>`;
}
