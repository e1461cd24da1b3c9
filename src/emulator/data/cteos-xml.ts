// cteOSProc 4.00 of a generated CT-e OS (model 67, modal rodoviário): the signed CTeOS and its
// authorization, valid against procCTeOS_v4.00.xsd (and its rodoOS group against
// cteModalRodoviarioOS_v4.00.xsd, which the envelope leaves unchecked). Rendered on demand.
import type { StoredCteOs } from '../model-docs.js';
import {
  cityOf,
  CTE_NS,
  CTE_RESP_TEC,
  emitXml,
  impXml,
  indIEToma,
  partyXml,
  plateOf,
  protCTeXml,
  qrCodeXml,
  serviceIcmsRate,
  vPrestXml,
} from './cte-xml-parts.js';
import { addressOf, taxIdOf } from './parties.js';
import { hashString, Rng } from './random.js';
import { digestOf, el, signatureXml, XML_DECL } from './xml-util.js';

const DESCRIPTIONS = {
  '6': ['FRETAMENTO EVENTUAL', 'TRANSPORTE DE FUNCIONARIOS'],
  '7': ['TRANSPORTE DE VALORES'],
  '8': ['EXCESSO DE BAGAGEM'],
} as const;

const cents = (value: string): number => Math.round(Number(value) * 100);

function ideXml(doc: StoredCteOs): string {
  const key = doc.accessKey;
  const env = addressOf(doc.emitter).city;
  const start = cityOf(doc.startUf, doc.startCity);
  const end = cityOf(doc.endUf, doc.endCity);
  return (
    `<ide>${el('cUF', key.slice(0, 2))}${el('cCT', key.slice(35, 43))}${el('CFOP', doc.cfop)}${el('natOp', doc.natOp)}` +
    `<mod>67</mod>${el('serie', doc.series)}${el('nCT', doc.number)}${el('dhEmi', doc.emissionDate)}<tpImp>1</tpImp>` +
    `<tpEmis>1</tpEmis>${el('cDV', key.slice(43))}<tpAmb>1</tpAmb><tpCTe>0</tpCTe><procEmi>0</procEmi>` +
    `<verProc>fiscal-emulator 1.0</verProc>${el('cMunEnv', env.code)}${el('xMunEnv', env.name)}${el('UFEnv', doc.emitter.uf)}` +
    `<modal>01</modal>${el('tpServ', doc.serviceType)}${el('indIEToma', indIEToma(doc.taker))}` +
    `${el('cMunIni', start.code)}${el('xMunIni', start.name)}${el('UFIni', doc.startUf)}` +
    `${el('cMunFim', end.code)}${el('xMunFim', end.name)}${el('UFFim', doc.endUf)}</ide>`
  );
}

/** rodoOS: the carrier's authorization (TAF, twelve digits that follow from its CNPJ) and the vehicle. */
function rodoOSXml(doc: StoredCteOs): string {
  const id = taxIdOf(doc.emitter);
  const taf = String(hashString(`taf:${id}`))
    .padStart(12, '0')
    .slice(-12);
  const plate = plateOf(`${id}:${hashString(doc.accessKey) % 12}`);
  return `<rodoOS>${el('TAF', taf)}<veic>${el('placa', plate)}${el('UF', doc.emitter.uf)}</veic></rodoOS>`;
}

function normalXml(rng: Rng, doc: StoredCteOs): string {
  const quantity = doc.serviceType === '6' ? `<infQ><qCarga>${doc.quantity}.0000</qCarga></infQ>` : '';
  return (
    `<infCTeNorm><infServico>${el('xDescServ', rng.pick(DESCRIPTIONS[doc.serviceType]))}${quantity}</infServico>` +
    `<infModal versaoModal="4.00">${rodoOSXml(doc)}</infModal></infCTeNorm>`
  );
}

function renderCteOsProc(doc: StoredCteOs): string {
  const rng = new Rng(hashString(`xml:${doc.accessKey}`));
  const id = `CTe${doc.accessKey}`;
  const digest = digestOf(id);
  const total = cents(doc.totalValue);
  const infCte =
    `<infCte versao="4.00" Id="${id}">${ideXml(doc)}${emitXml(doc.emitter)}<toma>${partyXml(doc.taker, 'enderToma')}</toma>` +
    `${vPrestXml(rng, total, cents(doc.receivableValue), doc.serviceType === '6' && rng.chance(0.4) ? ['VALOR SERVICO', 'PEDAGIO'] : ['VALOR SERVICO'])}` +
    `${impXml(doc.emitter, total, serviceIcmsRate(doc.startUf, doc.endUf), doc.emissionDate)}${normalXml(rng, doc)}` +
    `${CTE_RESP_TEC}</infCte>`;
  return (
    `${XML_DECL}<cteOSProc xmlns="${CTE_NS}" versao="4.00"><CTeOS xmlns="${CTE_NS}" versao="4.00">${infCte}` +
    `${qrCodeXml(doc.accessKey)}${signatureXml(id, taxIdOf(doc.emitter), digest)}</CTeOS>` +
    `${protCTeXml(doc.accessKey, doc.emissionDate, doc.emitter.uf, digest)}</cteOSProc>`
  );
}

/** The cteOSProc XML of a CT-e OS: its own when it has one (uploads), else rendered from metadata. */
export function cteOsXml(doc: StoredCteOs): string {
  return doc.xml ?? renderCteOsProc(doc);
}
