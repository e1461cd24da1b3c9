// mdfeProc 3.00 of a generated MDF-e (modal rodoviário): the signed MDFe and its authorization,
// valid against procMDFe_v3.00.xsd (and its rodo group against mdfeModalRodoviario_v3.00.xsd,
// which the envelope leaves unchecked). Rendered on demand from the metadata.
import { cnpjCheckDigits, cpfCheckDigits } from '../../fiscal/tax-id.js';
import type { Party } from '../model.js';
import type { StoredMdfe } from '../model-docs.js';
import { cityOf, idXml, rntrcOf } from './cte-xml-parts.js';
import { personName } from './names.js';
import { addressOf, taxIdOf } from './parties.js';
import { hashString, Rng } from './random.js';
import { authorizationProtocol, brt, digestOf, el, signatureXml, XML_DECL } from './xml-util.js';

export const MDFE_NS = 'http://www.portalfiscal.inf.br/mdfe';

const INSURER_CNPJ = '334445550001' + cnpjCheckDigits('334445550001');
const RESP_TEC_CNPJ = '223334440001' + cnpjCheckDigits('223334440001');
const RESP_TEC =
  `<infRespTec><CNPJ>${RESP_TEC_CNPJ}</CNPJ><xContato>Suporte Transportes</xContato>` +
  '<email>suporte@emissortransporte.com.br</email><fone>1140000000</fone></infRespTec>';

function ideXml(doc: StoredMdfe): string {
  const key = doc.accessKey;
  const load = addressOf(doc.emitter).city;
  return (
    `<ide>${el('cUF', key.slice(0, 2))}<tpAmb>1</tpAmb>${el('tpEmit', doc.emitterType)}<mod>58</mod>` +
    `${el('serie', doc.series)}${el('nMDF', doc.number)}${el('cMDF', key.slice(35, 43))}${el('cDV', key.slice(43))}` +
    `<modal>1</modal>${el('dhEmi', doc.emissionDate)}<tpEmis>1</tpEmis><procEmi>0</procEmi>` +
    `<verProc>fiscal-emulator 1.0</verProc>${el('UFIni', doc.startUf)}${el('UFFim', doc.endUf)}` +
    `<infMunCarrega>${el('cMunCarrega', load.code)}${el('xMunCarrega', load.name)}</infMunCarrega></ide>`
  );
}

function emitXml(e: Party): string {
  const a = addressOf(e);
  return (
    `<emit>${el('CNPJ', e.cnpj ?? '')}${e.ie ? el('IE', e.ie) : ''}${el('xNome', e.name)}${e.tradingName ? el('xFant', e.tradingName) : ''}` +
    `<enderEmit>${el('xLgr', a.street)}${el('nro', a.number)}${el('xBairro', a.district)}${el('cMun', a.city.code)}` +
    `${el('xMun', a.city.name)}${el('CEP', a.cep)}${el('UF', a.uf)}${el('fone', a.phone)}</enderEmit></emit>`
  );
}

/** The truck (a tractor unit with a trailer, or a rigid truck) and its driver, from the plate. */
function vehiclesXml(doc: StoredMdfe): string {
  const rng = new Rng(hashString(`vehicle:${doc.plate}`));
  const driver = rng.digits(9);
  const condutor = `<condutor>${el('xNome', personName(rng))}${el('CPF', driver + cpfCheckDigits(driver))}</condutor>`;
  if (rng.chance(0.5)) {
    return (
      `<veicTracao>${el('placa', doc.plate)}<tara>${rng.int(6000, 9000)}</tara><capKG>${rng.int(8000, 14000)}</capKG>${condutor}` +
      `<tpRod>01</tpRod><tpCar>02</tpCar>${el('UF', doc.emitter.uf)}</veicTracao>`
    );
  }
  const trailer = doc.plate.slice(0, 3).split('').reverse().join('') + doc.plate.slice(3);
  return (
    `<veicTracao>${el('placa', doc.plate)}<tara>${rng.int(7000, 9500)}</tara>${condutor}<tpRod>03</tpRod><tpCar>00</tpCar>` +
    `${el('UF', doc.emitter.uf)}</veicTracao><veicReboque>${el('placa', trailer)}<tara>${rng.int(6000, 8000)}</tara>` +
    `<capKG>${rng.int(25000, 33000)}</capKG><tpCar>${rng.pick(['02', '03', '05'] as const)}</tpCar>${el('UF', doc.emitter.uf)}</veicReboque>`
  );
}

/** infModal/rodo: the carrier's RNTRC and contractors (infANTT), the vehicles. */
function rodoXml(doc: StoredMdfe): string {
  const contractors = doc.contractors
    .map((c) => `<infContratante>${el('xNome', c.name)}${idXml(taxIdOf(c))}</infContratante>`)
    .join('');
  const antt = doc.emitterType === '1' ? `<infANTT>${el('RNTRC', rntrcOf(doc.emitter))}${contractors}</infANTT>` : '';
  return `<rodo>${antt}${vehiclesXml(doc)}</rodo>`;
}

function infDocXml(doc: StoredMdfe): string {
  const [group, tag] = doc.emitterType === '1' ? ['infCTe', 'chCTe'] : ['infNFe', 'chNFe'];
  const all = doc.emitterType === '1' ? doc.cteKeys : doc.nfeKeys;
  let first = 0;
  const unloads = doc.unloads.map((u) => {
    const city = cityOf(doc.endUf, u.city);
    const keys = all
      .slice(first, (first += u.count))
      .map((k) => `<${group}>${el(tag, k)}</${group}>`)
      .join('');
    return `<infMunDescarga>${el('cMunDescarga', city.code)}${el('xMunDescarga', city.name)}${keys}</infMunDescarga>`;
  });
  return `<infDoc>${unloads.join('')}</infDoc>`;
}

function segXml(doc: StoredMdfe): string {
  const rng = new Rng(hashString(`insurance:${taxIdOf(doc.emitter)}`));
  return (
    `<seg><infResp><respSeg>1</respSeg>${el('CNPJ', taxIdOf(doc.emitter))}</infResp><infSeg><xSeg>SEGURADORA NACIONAL S.A.</xSeg>` +
    `${el('CNPJ', INSURER_CNPJ)}</infSeg>${el('nApol', `APL${rng.digits(9)}`)}${el('nAver', doc.accessKey.slice(25, 34) + rng.digits(6))}</seg>`
  );
}

function totXml(doc: StoredMdfe): string {
  const count = doc.emitterType === '1' ? `<qCTe>${doc.cteKeys.length}</qCTe>` : `<qNFe>${doc.nfeKeys.length}</qNFe>`;
  return `<tot>${count}<vCarga>${doc.cargoValue}</vCarga><cUnid>01</cUnid><qCarga>${doc.cargoWeight}</qCarga></tot>`;
}

function protXml(doc: StoredMdfe, digest: string): string {
  const received = brt(Date.parse(doc.emissionDate) + (1 + (hashString(doc.accessKey) % 30)) * 1000);
  return (
    `<protMDFe versao="3.00"><infProt><tpAmb>1</tpAmb><verAplic>SVRS_MDFE_300</verAplic>${el('chMDFe', doc.accessKey)}` +
    `${el('dhRecbto', received)}${el('nProt', authorizationProtocol(doc.accessKey))}<digVal>${digest}</digVal>` +
    '<cStat>100</cStat><xMotivo>Autorizado o uso do MDF-e</xMotivo></infProt></protMDFe>'
  );
}

function renderMdfeProc(doc: StoredMdfe): string {
  const id = `MDFe${doc.accessKey}`;
  const digest = digestOf(id);
  const autXml = doc.authorized.map((a) => `<autXML>${idXml(a)}</autXML>`).join('');
  const infMDFe =
    `<infMDFe versao="3.00" Id="${id}">${ideXml(doc)}${emitXml(doc.emitter)}<infModal versaoModal="3.00">${rodoXml(doc)}</infModal>` +
    `${infDocXml(doc)}${doc.emitterType === '1' ? segXml(doc) : ''}<prodPred><tpCarga>05</tpCarga><xProd>MERCADORIAS DIVERSAS</xProd></prodPred>` +
    `${totXml(doc)}${autXml}${RESP_TEC}</infMDFe>`;
  const qr = `<infMDFeSupl><qrCodMDFe>https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=${doc.accessKey}&amp;tpAmb=1</qrCodMDFe></infMDFeSupl>`;
  return (
    `${XML_DECL}<mdfeProc xmlns="${MDFE_NS}" versao="3.00"><MDFe xmlns="${MDFE_NS}">${infMDFe}${qr}` +
    `${signatureXml(id, taxIdOf(doc.emitter), digest)}</MDFe>${protXml(doc, digest)}</mdfeProc>`
  );
}

/** The mdfeProc XML of an MDF-e: its own when it has one (uploads), else rendered from metadata. */
export function mdfeXml(doc: StoredMdfe): string {
  return doc.xml ?? renderMdfeProc(doc);
}
