// nfeProc 4.00 of a generated NF-e: the signed NFe and its authorization (protNFe), valid against
// procNFe_v4.00.xsd of PL_009_V4. Rendered on demand from the metadata: the same document always
// gives the same bytes, and nothing but the metadata is kept in memory.
import { buildAccessKey } from '../../fiscal/access-key.js';
import { cnpjCheckDigits } from '../../fiscal/tax-id.js';
import type { Party, StoredNfe } from '../model.js';
import { invoiceLines } from './amounts.js';
import { itemsXml, taxLines, totalXml, type TaxedLines } from './nfe-xml-items.js';
import { carriesReform } from './reform.js';
import { paymentXml, transpXml } from './nfe-xml-payment.js';
import { addressOf, taxIdOf, taxRegimeOf } from './parties.js';
import { icmsRate, stateOf } from './places.js';
import { hashString, Rng } from './random.js';
import { authorizationProtocol, brt, digestOf, el, flat, kept, NFE_NS, signatureXml, XML_DECL } from './xml-util.js';

/** The software house named in infRespTec; a fixed, valid CNPJ. */
const RESP_TEC_CNPJ = '112223330001' + cnpjCheckDigits('112223330001');

function addressXml(tag: 'enderEmit' | 'enderDest', party: Party): string {
  const a = addressOf(party);
  return (
    `<${tag}>${el('xLgr', a.street)}${el('nro', a.number)}${el('xBairro', a.district)}${el('cMun', a.city.code)}` +
    `${el('xMun', a.city.name)}${el('UF', a.uf)}${el('CEP', a.cep)}<cPais>1058</cPais><xPais>BRASIL</xPais>` +
    `${el('fone', a.phone)}</${tag}>`
  );
}

const idXml = (taxId: string): string => (taxId.length === 11 ? el('CPF', taxId) : el('CNPJ', taxId));

/** NFref: complementary invoices refer to the emitter's own invoice, returns to the original sale. */
function referenceXml(rng: Rng, doc: StoredNfe): string {
  if (doc.finNFe !== '2' && doc.finNFe !== '4') return '';
  const seller = doc.finNFe === '4' && doc.receiver.cnpj ? doc.receiver : doc.emitter;
  const month = doc.emissionDate.slice(2, 4) + doc.emissionDate.slice(5, 7);
  const key = buildAccessKey({
    uf: stateOf(seller.uf).cuf,
    yymm: month,
    issuer: taxIdOf(seller),
    model: '55',
    series: '1',
    number: String(rng.int(1, 99_999)),
    emissionType: '1',
    code: rng.digits(8),
  });
  return `<NFref><refNFe>${key}</refNFe></NFref>`;
}

function ideXml(rng: Rng, doc: StoredNfe): string {
  const consumer = doc.receiver.cpf !== undefined;
  const sameState = doc.emitter.uf === doc.receiver.uf;
  const key = doc.accessKey;
  return (
    `<ide>${el('cUF', key.slice(0, 2))}${el('cNF', key.slice(35, 43))}${el('natOp', doc.natOp)}<mod>55</mod>` +
    `${el('serie', doc.series)}${el('nNF', doc.number)}${el('dhEmi', doc.emissionDate)}` +
    `${doc.operation === '1' ? el('dhSaiEnt', doc.emissionDate) : ''}${el('tpNF', doc.operation)}` +
    `<idDest>${sameState ? 1 : 2}</idDest>${el('cMunFG', addressOf(doc.emitter).city.code)}<tpImp>1</tpImp>` +
    `<tpEmis>1</tpEmis>${el('cDV', key.slice(43))}<tpAmb>1</tpAmb>${el('finNFe', doc.finNFe)}` +
    `<indFinal>${consumer ? 1 : 0}</indFinal><indPres>${consumer ? 2 : 9}</indPres><indIntermed>0</indIntermed>` +
    `<procEmi>0</procEmi><verProc>fiscal-emulator 1.0</verProc>${referenceXml(rng, doc)}</ide>`
  );
}

const emitBlocks = new WeakMap<Party, string>();
const destBlocks = new WeakMap<Party, string>();

/** emit and dest follow from the party alone: rendered once a party (see `kept`). */
const emitXml = (doc: StoredNfe): string => kept(emitBlocks, doc.emitter, emitBlock);
const destXml = (doc: StoredNfe): string => kept(destBlocks, doc.receiver, destBlock);

function emitBlock(e: Party): string {
  return (
    `<emit>${idXml(taxIdOf(e))}${el('xNome', e.name)}${e.tradingName ? el('xFant', e.tradingName) : ''}` +
    `${addressXml('enderEmit', e)}${el('IE', e.ie ?? 'ISENTO')}<CRT>${taxRegimeOf(e)}</CRT></emit>`
  );
}

function destBlock(r: Party): string {
  const ie = r.ie ? `<indIEDest>1</indIEDest>${el('IE', r.ie)}` : '<indIEDest>9</indIEDest>';
  return `<dest>${idXml(taxIdOf(r))}${el('xNome', r.name)}${addressXml('enderDest', r)}${ie}</dest>`;
}

function infAdicXml(doc: StoredNfe, simples: boolean): string {
  const notes = [`Documento ${doc.series}-${doc.number} emitido em ambiente de producao.`];
  if (simples)
    notes.push(
      'Documento emitido por ME ou EPP optante pelo Simples Nacional. Nao gera direito a credito fiscal de IPI.',
    );
  if (doc.xPeds.length) notes.push(`Pedido(s) de compra: ${doc.xPeds.join(', ')}.`);
  return `<infAdic>${el('infCpl', notes.join(' '))}</infAdic>`;
}

const compraXml = (doc: StoredNfe): string => (doc.xPeds.length ? `<compra>${el('xPed', doc.xPeds[0]!)}</compra>` : '');

// The fixed text of every document, each made a single piece (xml-util.ts `flat`).
const RESP_TEC = flat(
  `<infRespTec><CNPJ>${RESP_TEC_CNPJ}</CNPJ><xContato>Suporte Fiscal</xContato>` +
    '<email>suporte@emissorfiscal.com.br</email><fone>1130000000</fone></infRespTec>',
);
const NFE_PROC_OPEN = flat(`${XML_DECL}<nfeProc xmlns="${NFE_NS}" versao="4.00"><NFe xmlns="${NFE_NS}">`);

/** protNFe to its verAplic, by the emitter's state: a piece for each. */
const protOpenings = new Map<string, string>();

function protOpening(uf: string): string {
  let opening = protOpenings.get(uf);
  if (opening === undefined) {
    opening = flat(`<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb>${el('verAplic', `${uf}_NFE_PL009_V4`)}`);
    protOpenings.set(uf, opening);
  }
  return opening;
}

function protNFeXml(doc: StoredNfe, digest: string): string {
  const received = brt(Date.parse(doc.emissionDate) + (1 + (hashString(doc.accessKey) % 30)) * 1000);
  return (
    `${protOpening(doc.emitter.uf)}${el('chNFe', doc.accessKey)}${el('dhRecbto', received)}${el('nProt', authorizationProtocol(doc.accessKey))}` +
    `<digVal>${digest}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`
  );
}

/** Rates of the operation: ICMS by the states involved; PIS/COFINS non-cumulative or presumed. */
function taxedLinesOf(doc: StoredNfe): TaxedLines {
  const simples = taxRegimeOf(doc.emitter) === '1';
  const presumed = hashString(`regime:${taxIdOf(doc.emitter)}`) % 2 === 0;
  const rates = {
    icms: icmsRate(doc.emitter.uf, doc.receiver.uf) * 100,
    pis: presumed ? 65 : 165,
    cofins: presumed ? 300 : 760,
  };
  const lines = invoiceLines(doc.accessKey, doc.itemCount, doc.cfops);
  return taxLines(lines, rates, simples, carriesReform(doc.emissionDate, simples));
}

/** The cobr and pag of a generated document as its XML has them, without rendering the rest. */
export function nfePaymentXml(doc: StoredNfe): { cobr: string; pag: string } {
  return paymentXml(new Rng(hashString(`xml:${doc.accessKey}`)), doc, taxedLinesOf(doc));
}

export function renderNfeProc(doc: StoredNfe): string {
  const rng = new Rng(hashString(`xml:${doc.accessKey}`));
  const id = `NFe${doc.accessKey}`;
  // protNFe's digVal repeats the signature's DigestValue, as the tax authority's does.
  const digest = digestOf(id);
  const lines = taxedLinesOf(doc);
  const { cobr, pag } = paymentXml(rng, doc, lines);
  const infNFe =
    `<infNFe Id="${id}" versao="4.00">${ideXml(rng, doc)}${emitXml(doc)}${destXml(doc)}` +
    `${doc.authorized.map((a) => `<autXML>${idXml(a)}</autXML>`).join('')}${itemsXml(doc, lines)}${totalXml(lines)}` +
    `${transpXml(rng, doc, lines)}${cobr}${pag}${infAdicXml(doc, lines.simples)}${compraXml(doc)}${RESP_TEC}</infNFe>`;
  return (
    `${NFE_PROC_OPEN}${infNFe}` +
    `${signatureXml(id, taxIdOf(doc.emitter), digest)}</NFe>${protNFeXml(doc, digest)}</nfeProc>`
  );
}
