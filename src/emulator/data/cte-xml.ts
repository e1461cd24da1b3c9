// cteProc 4.00 of a generated CT-e (model 57, modal rodoviário): the signed CTe and its
// authorization, valid against procCTe_v4.00.xsd (and its rodo group against
// cteModalRodoviario_v4.00.xsd, which procCTe leaves unchecked). Rendered on demand from the metadata: same document, same bytes.
import type { StoredCte } from '../model-docs.js';
import {
  autXmlOf,
  CTE_NS,
  CTE_RESP_TEC,
  emitXml,
  impXml,
  indIEToma,
  partyXml,
  protCTeXml,
  qrCodeXml,
  rntrcOf,
  serviceIcmsRate,
  vPrestXml,
} from './cte-xml-parts.js';
import { addressOf, taxIdOf } from './parties.js';
import { hashString, Rng } from './random.js';
import { digestOf, el, signatureXml, XML_DECL } from './xml-util.js';

const PRODUCTS = [
  'MERCADORIAS DIVERSAS',
  'MATERIAL DE CONSTRUCAO',
  'ALIMENTOS',
  'ELETRONICOS',
  'PAPEL E EMBALAGENS',
  'AUTOPECAS',
] as const;
const NOTES = [
  'Mercadoria transportada conforme notas fiscais relacionadas.',
  'Entrega agendada com o destinatario. Descarga por conta do destinatario.',
  'Frete conforme tabela vigente. Seguro pela apolice do transportador.',
] as const;

/** Components of the price (vPrest/Comp, 15 characters at most). */
const FREIGHT_PARTS = [['FRETE PESO', 'FRETE VALOR', 'PEDAGIO'], ['FRETE PESO', 'GRIS'], ['FRETE VALOR']] as const;

const cents = (value: string): number => Math.round(Number(value) * 100);

function takerXml(doc: StoredCte): string {
  if (doc.takerKind !== '4') return `<toma3><toma>${doc.takerKind}</toma></toma3>`;
  return `<toma4><toma>4</toma>${partyXml(doc.taker, 'enderToma')}</toma4>`;
}

function ideXml(doc: StoredCte): string {
  const key = doc.accessKey;
  const env = addressOf(doc.emitter).city;
  const start = addressOf(doc.sender).city;
  const end = addressOf(doc.addressee).city;
  return (
    `<ide>${el('cUF', key.slice(0, 2))}${el('cCT', key.slice(35, 43))}${el('CFOP', doc.cfop)}${el('natOp', doc.natOp)}` +
    `<mod>57</mod>${el('serie', doc.series)}${el('nCT', doc.number)}${el('dhEmi', doc.emissionDate)}<tpImp>1</tpImp>` +
    `<tpEmis>1</tpEmis>${el('cDV', key.slice(43))}<tpAmb>1</tpAmb>${el('tpCTe', doc.cteType)}<procEmi>0</procEmi>` +
    `<verProc>fiscal-emulator 1.0</verProc>${el('cMunEnv', env.code)}${el('xMunEnv', env.name)}${el('UFEnv', doc.emitter.uf)}` +
    `<modal>01</modal><tpServ>0</tpServ>${el('cMunIni', doc.startCity)}${el('xMunIni', start.name)}${el('UFIni', doc.startUf)}` +
    `${el('cMunFim', doc.endCity)}${el('xMunFim', end.name)}${el('UFFim', doc.endUf)}<retira>1</retira>` +
    `${el('indIEToma', indIEToma(doc.taker))}${takerXml(doc)}</ide>`
  );
}

function partiesXml(doc: StoredCte): string {
  return (
    `<rem>${partyXml(doc.sender, 'enderReme')}</rem>` +
    `${doc.dispatcher ? `<exped>${partyXml(doc.dispatcher, 'enderExped')}</exped>` : ''}` +
    `${doc.receiver ? `<receb>${partyXml(doc.receiver, 'enderReceb')}</receb>` : ''}` +
    `<dest>${partyXml(doc.addressee, 'enderDest')}</dest>`
  );
}

/** The kilograms carried, four places; a tonne per R$ 10k of goods, give or take. */
function weightOf(rng: Rng, doc: StoredCte): string {
  const kg = Math.max(5, Math.round((cents(doc.cargoValue) / 1_000_000) * rng.int(300, 1500)));
  return `${kg}.${String(rng.int(0, 999)).padStart(3, '0')}0`;
}

function normalXml(rng: Rng, doc: StoredCte): string {
  const infQ =
    `<infQ><cUnid>01</cUnid><tpMed>PESO BRUTO</tpMed><qCarga>${weightOf(rng, doc)}</qCarga></infQ>` +
    `<infQ><cUnid>03</cUnid><tpMed>VOLUMES</tpMed><qCarga>${rng.int(1, 300)}.0000</qCarga></infQ>`;
  const docs = doc.nfeKeys.map((k) => `<infNFe>${el('chave', k)}</infNFe>`).join('');
  const sub = doc.cteType === '3' ? `<infCteSub>${el('chCte', doc.referencedKeys[0]!)}</infCteSub>` : '';
  return (
    `<infCTeNorm><infCarga><vCarga>${doc.cargoValue}</vCarga>${el('proPred', rng.pick(PRODUCTS))}${infQ}</infCarga>` +
    `<infDoc>${docs}</infDoc><infModal versaoModal="4.00"><rodo>${el('RNTRC', rntrcOf(doc.emitter))}</rodo></infModal>${sub}</infCTeNorm>`
  );
}

function renderCteProc(doc: StoredCte): string {
  const rng = new Rng(hashString(`xml:${doc.accessKey}`));
  const id = `CTe${doc.accessKey}`;
  const digest = digestOf(id);
  const total = cents(doc.totalValue);
  const compl = rng.chance(0.3) ? `<compl>${el('xObs', rng.pick(NOTES))}</compl>` : '';
  const body =
    doc.cteType === '1'
      ? doc.referencedKeys.map((k) => `<infCteComp>${el('chCTe', k)}</infCteComp>`).join('')
      : normalXml(rng, doc);
  const infCte =
    `<infCte versao="4.00" Id="${id}">${ideXml(doc)}${compl}${emitXml(doc.emitter)}${partiesXml(doc)}` +
    `${vPrestXml(rng, total, cents(doc.receivableValue), doc.cteType === '1' ? ['DIF FRETE'] : rng.pick(FREIGHT_PARTS))}` +
    `${impXml(doc.emitter, total, serviceIcmsRate(doc.startUf, doc.endUf), doc.emissionDate)}${body}` +
    `${autXmlOf(doc.authorized)}${CTE_RESP_TEC}</infCte>`;
  return (
    `${XML_DECL}<cteProc xmlns="${CTE_NS}" versao="4.00"><CTe xmlns="${CTE_NS}">${infCte}${qrCodeXml(doc.accessKey)}` +
    `${signatureXml(id, taxIdOf(doc.emitter), digest)}</CTe>${protCTeXml(doc.accessKey, doc.emissionDate, doc.emitter.uf, digest)}</cteProc>`
  );
}

/** The cteProc XML of a CT-e: its own when it has one (uploads), else rendered from metadata. */
export function cteXml(doc: StoredCte): string {
  return doc.xml ?? renderCteProc(doc);
}
