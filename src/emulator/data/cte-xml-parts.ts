// Groups the CT-e and the CT-e OS (layout 4.00) write alike: parties and their addresses, the
// emitter, ICMS of the service, the authorization (protCTe), the QR code and infRespTec.
import { cnpjCheckDigits } from '../../fiscal/tax-id.js';
import type { Party } from '../model.js';
import { money } from './amounts.js';
import { addressOf, taxIdOf, taxRegimeOf } from './parties.js';
import { stateOf, type City } from './places.js';
import { carriesReform, reformOf, reformXml } from './reform.js';
import { hashString, Rng } from './random.js';
import { authorizationProtocol, brt, el } from './xml-util.js';

export const CTE_NS = 'http://www.portalfiscal.inf.br/cte';

/** The software house named in infRespTec; a fixed, valid CNPJ. */
const RESP_TEC_CNPJ = '223334440001' + cnpjCheckDigits('223334440001');
export const CTE_RESP_TEC =
  `<infRespTec><CNPJ>${RESP_TEC_CNPJ}</CNPJ><xContato>Suporte Transportes</xContato>` +
  '<email>suporte@emissortransporte.com.br</email><fone>1140000000</fone></infRespTec>';

export const idXml = (taxId: string): string => (taxId.length === 11 ? el('CPF', taxId) : el('CNPJ', taxId));

/** TEndereco (rem, exped, receb, dest, toma). */
function enderXml(tag: string, party: Party): string {
  const a = addressOf(party);
  return (
    `<${tag}>${el('xLgr', a.street)}${el('nro', a.number)}${el('xBairro', a.district)}${el('cMun', a.city.code)}` +
    `${el('xMun', a.city.name)}${el('CEP', a.cep)}${el('UF', a.uf)}<cPais>1058</cPais><xPais>BRASIL</xPais></${tag}>`
  );
}

/** The identification of a party other than the emitter: CNPJ/CPF, IE, name, phone, address. */
export function partyXml(party: Party, enderTag: string): string {
  return (
    `${idXml(taxIdOf(party))}${party.ie ? el('IE', party.ie) : ''}${el('xNome', party.name)}` +
    `${el('fone', addressOf(party).phone)}${enderXml(enderTag, party)}`
  );
}

/** indIEToma: 1 the taker pays ICMS (has an IE), 9 it does not. */
export const indIEToma = (taker: Party): string => (taker.ie ? '1' : '9');

export function emitXml(e: Party): string {
  const a = addressOf(e);
  return (
    `<emit>${el('CNPJ', e.cnpj ?? '')}${el('IE', e.ie ?? '')}${el('xNome', e.name)}${e.tradingName ? el('xFant', e.tradingName) : ''}` +
    `<enderEmit>${el('xLgr', a.street)}${el('nro', a.number)}${el('xBairro', a.district)}${el('cMun', a.city.code)}` +
    `${el('xMun', a.city.name)}${el('CEP', a.cep)}${el('UF', a.uf)}${el('fone', a.phone)}</enderEmit>` +
    `<CRT>${taxRegimeOf(e)}</CRT></emit>`
  );
}

/** ICMS of the service: in the Simples Nacional by indSN, else CST 00 on the whole price. */
function icmsXml(emitter: Party, totalCents: number, ratePercent: number): string {
  if (taxRegimeOf(emitter) === '1') return '<ICMS><ICMSSN><CST>90</CST><indSN>1</indSN></ICMSSN></ICMS>';
  const icms = Math.round((totalCents * ratePercent) / 100);
  return `<ICMS><ICMS00><CST>00</CST><vBC>${money(totalCents)}</vBC><pICMS>${money(ratePercent * 100)}</pICMS><vICMS>${money(icms)}</vICMS></ICMS00></ICMS>`;
}

/**
 * The imp group of a CT-e or CT-e OS: its ICMS, and where it carries the tax reform (reform.ts)
 * its IBSCBS on the service's value and vTotDFe, which in 2026 is that value.
 */
export function impXml(emitter: Party, totalCents: number, ratePercent: number, emittedAt: string): string {
  const reform = carriesReform(emittedAt, taxRegimeOf(emitter) === '1')
    ? `${reformXml(reformOf(totalCents))}<vTotDFe>${money(totalCents)}</vTotDFe>`
    : '';
  return `<imp>${icmsXml(emitter, totalCents, ratePercent)}${reform}</imp>`;
}

/** ICMS rate of a transport service: 12% within a state, 7% or 12% between states as for goods. */
export function serviceIcmsRate(startUf: string, endUf: string): number {
  if (startUf === endUf) return 12;
  const south = new Set(['SP', 'RJ', 'MG', 'PR', 'SC', 'RS']);
  return south.has(startUf) && !south.has(endUf) ? 7 : 12;
}

/** vPrest: the price split into components that add up to it; the last takes the rounding. */
export function vPrestXml(rng: Rng, totalCents: number, receivableCents: number, names: readonly string[]): string {
  let left = totalCents;
  const comps = names.map((name, i) => {
    const share = i === names.length - 1 ? left : Math.floor((left * rng.int(10, 30)) / (i === 0 ? 40 : 100));
    left -= share;
    return `<Comp>${el('xNome', name)}<vComp>${money(share)}</vComp></Comp>`;
  });
  return `<vPrest><vTPrest>${money(totalCents)}</vTPrest><vRec>${money(receivableCents)}</vRec>${comps.join('')}</vPrest>`;
}

export function qrCodeXml(accessKey: string): string {
  return `<infCTeSupl><qrCodCTe>https://dfe-portal.svrs.rs.gov.br/cte/qrCode?chCTe=${accessKey}&amp;tpAmb=1</qrCodCTe></infCTeSupl>`;
}

/** protCTe of an authorized CT-e or CT-e OS: received a few seconds after emission. */
export function protCTeXml(accessKey: string, emissionDate: string, uf: string, digest: string): string {
  const received = brt(Date.parse(emissionDate) + (1 + (hashString(accessKey) % 30)) * 1000);
  return (
    `<protCTe versao="4.00"><infProt><tpAmb>1</tpAmb>${el('verAplic', `${uf}_CTE_PL400`)}${el('chCTe', accessKey)}` +
    `${el('dhRecbto', received)}${el('nProt', authorizationProtocol(accessKey))}<digVal>${digest}</digVal>` +
    '<cStat>100</cStat><xMotivo>Autorizado o uso do CT-e</xMotivo></infProt></protCTe>'
  );
}

export function autXmlOf(authorized: readonly string[]): string {
  return authorized.map((a) => `<autXML>${idXml(a)}</autXML>`).join('');
}

/** RNTRC (the carrier's registration at ANTT): eight digits that follow from its CNPJ. */
export const rntrcOf = (carrier: Party): string =>
  String(hashString(`rntrc:${taxIdOf(carrier)}`) % 100_000_000).padStart(8, '0');

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A Mercosul plate (ABC1D23) that follows from `seed` (a carrier's CNPJ and a vehicle number). */
export function plateOf(seed: string): string {
  const rng = new Rng(hashString(`plate:${seed}`));
  const letter = () => LETTERS[rng.int(0, 25)];
  return `${letter()}${letter()}${letter()}${rng.int(0, 9)}${letter()}${rng.digits(2)}`;
}

/** The city of an IBGE code the generators took from `uf`'s list. */
export function cityOf(uf: string, code: string): City {
  const city = stateOf(uf).cities.find((c) => c.code === code);
  if (!city) throw new Error(`no city ${code} in ${uf}`);
  return city;
}
