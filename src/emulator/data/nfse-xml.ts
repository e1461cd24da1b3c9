// CompNfse (ABRASF 2.02 or 2.04) of a generated NFS-e: the municipality's Nfse/InfNfse with the
// provider's DeclaracaoPrestacaoServico, and NfseCancelamento when it was cancelled. CompNfse is
// a global element of nfse_v2_02.xsd and nfse_v2-04.xsd, which validate it. 2.02 is what the
// service's listings carry (observed: `<Nfse versao="2.02">`, the taker as `<Tomador>`, the
// provider's id in PrestadorServico/IdentificacaoPrestador); 2.04 names the taker
// `<TomadorServico>` and leaves the provider's id to the declaration. The cancellation event
// (101101) is designed as the municipality's answer to the request,
// CancelarNfseResposta/RetCancelamento of nfse_v2-04.xsd. Rendered on demand from the metadata.
import type { Party } from '../model.js';
import type { DocEvent, StoredNfse } from '../model-docs.js';
import { money } from './amounts.js';
import { serviceOf, withheldTaxes } from './nfse.js';
import { addressOf, taxIdOf, taxRegimeOf } from './parties.js';
import { hashString, Rng } from './random.js';
import { el, signatureXml, XML_DECL } from './xml-util.js';

const NFSE_NS = 'http://www.abrasf.org.br/nfse.xsd';
/** The ABRASF versions rendered: 2.02 (the service's listings and many cities) and 2.04. */
type AbrasfVersion = '2.02' | '2.04';
/** Observed: the service's NFS-e XML starts with a declaration on a line of its own. */
export const NFSE_XML_DECL = `${XML_DECL}\n`;

const cents = (value: string): number => Math.round(Number(value) * 100);
const cpfCnpjXml = (p: Party): string => `<CpfCnpj>${p.cnpj ? el('Cnpj', p.cnpj) : el('Cpf', p.cpf ?? '')}</CpfCnpj>`;

/** The municipal registration (InscricaoMunicipal) of a company: digits that follow from its CNPJ. */
export const municipalRegistration = (p: Party): string =>
  String((hashString(`im:${taxIdOf(p)}`) % 90_000_000) + 10_000_000);

/** CodigoVerificacao: nine characters the municipality gives each NFS-e. */
const verificationCode = (doc: StoredNfse): string =>
  new Rng(hashString(`verif:${doc.documentId}`)).alnum(9).toUpperCase();

function enderecoXml(p: Party): string {
  const a = addressOf(p);
  return (
    `<Endereco>${el('Endereco', a.street)}${el('Numero', a.number)}${el('Bairro', a.district)}` +
    `${el('CodigoMunicipio', a.city.code)}${el('Uf', a.uf)}${el('Cep', a.cep)}</Endereco>`
  );
}

const contatoXml = (p: Party): string => `<Contato>${el('Telefone', addressOf(p).phone)}</Contato>`;

function valoresXml(doc: StoredNfse): string {
  const t = withheldTaxes(cents(doc.serviceValue), doc.withholding);
  const opt = (tag: string, c: number) => (c ? `<${tag}>${money(c)}</${tag}>` : '');
  return (
    `<Valores><ValorServicos>${doc.serviceValue}</ValorServicos>${opt('ValorPis', t.pis)}${opt('ValorCofins', t.cofins)}` +
    `${opt('ValorIr', t.ir)}${opt('ValorCsll', t.csll)}<ValorIss>${doc.issValue}</ValorIss><Aliquota>${doc.issRate}</Aliquota></Valores>`
  );
}

function servicoXml(doc: StoredNfse): string {
  const s = serviceOf(doc.serviceCode);
  return (
    `<Servico>${valoresXml(doc)}<IssRetido>${doc.issWithheld ? 1 : 2}</IssRetido>` +
    `${doc.issWithheld ? '<ResponsavelRetencao>1</ResponsavelRetencao>' : ''}${el('ItemListaServico', s.item)}` +
    `${el('CodigoCnae', s.cnae)}${el('Discriminacao', `${s.description}. Competencia ${doc.competence}.`)}` +
    `${el('CodigoMunicipio', doc.cityCode)}<ExigibilidadeISS>1</ExigibilidadeISS>${el('MunicipioIncidencia', doc.cityCode)}</Servico>`
  );
}

function tomadorXml(t: Party | undefined, version: AbrasfVersion): string {
  if (!t) return '';
  const tag = version === '2.02' ? 'Tomador' : 'TomadorServico';
  const im = t.cnpj && t.ie ? el('InscricaoMunicipal', municipalRegistration(t)) : '';
  return `<${tag}><IdentificacaoTomador>${cpfCnpjXml(t)}${im}</IdentificacaoTomador>${el('RazaoSocial', t.name)}${enderecoXml(t)}${contatoXml(t)}</${tag}>`;
}

function intermediarioXml(i: Party | undefined, version: AbrasfVersion): string {
  if (!i) return '';
  // 2.02 has no CodigoMunicipio for the intermediary.
  const city = version === '2.02' ? '' : el('CodigoMunicipio', addressOf(i).city.code);
  return (
    `<Intermediario><IdentificacaoIntermediario>${cpfCnpjXml(i)}${el('InscricaoMunicipal', municipalRegistration(i))}</IdentificacaoIntermediario>` +
    `${el('RazaoSocial', i.name)}${city}</Intermediario>`
  );
}

/** The provider's declaration (the RPS turned into an NFS-e). */
function declaracaoXml(doc: StoredNfse, version: AbrasfVersion): string {
  const e = doc.emitter;
  const day = doc.emissionDate.slice(0, 10);
  const competence = doc.competence === day.slice(0, 7) ? day : `${doc.competence}-01`;
  return (
    `<DeclaracaoPrestacaoServico><InfDeclaracaoPrestacaoServico Id="rps${doc.number}"><Rps><IdentificacaoRps>` +
    `${el('Numero', doc.number)}<Serie>1</Serie><Tipo>1</Tipo></IdentificacaoRps>${el('DataEmissao', day)}<Status>1</Status></Rps>` +
    `${el('Competencia', competence)}${servicoXml(doc)}<Prestador>${cpfCnpjXml(e)}${el('InscricaoMunicipal', municipalRegistration(e))}</Prestador>` +
    `${tomadorXml(doc.taker, version)}${intermediarioXml(doc.intermediary, version)}` +
    `<OptanteSimplesNacional>${taxRegimeOf(e) === '1' ? 1 : 2}</OptanteSimplesNacional><IncentivoFiscal>2</IncentivoFiscal>` +
    '</InfDeclaracaoPrestacaoServico></DeclaracaoPrestacaoServico>'
  );
}

/** NfseCancelamento: the provider's request, confirmed by the municipality at the event's time. */
function cancelamentoXml(doc: StoredNfse, event: DocEvent, version: AbrasfVersion): string {
  const e = doc.emitter;
  const code = 1 + (hashString(`cancel:${doc.documentId}`) % 2);
  return (
    `<NfseCancelamento versao="${version}"><Confirmacao Id="canc${doc.number}"><Pedido><InfPedidoCancelamento Id="pedcanc${doc.number}">` +
    `<IdentificacaoNfse>${el('Numero', doc.number)}${cpfCnpjXml(e)}${el('InscricaoMunicipal', municipalRegistration(e))}` +
    `${el('CodigoMunicipio', doc.cityCode)}</IdentificacaoNfse><CodigoCancelamento>${code}</CodigoCancelamento>` +
    `</InfPedidoCancelamento></Pedido>${el('DataHora', event.createdAt)}</Confirmacao></NfseCancelamento>`
  );
}

/** 2.02 names the provider in PrestadorServico; 2.04 only in the declaration. */
const identificacaoPrestadorXml = (e: Party, version: AbrasfVersion): string =>
  version === '2.02'
    ? `<IdentificacaoPrestador>${cpfCnpjXml(e)}${el('InscricaoMunicipal', municipalRegistration(e))}</IdentificacaoPrestador>`
    : '';

export function renderCompNfse(doc: StoredNfse, version: AbrasfVersion = '2.02'): string {
  const e = doc.emitter;
  const a = addressOf(e);
  const id = `nfse${doc.cityCode}${doc.number}`;
  const infNfse =
    `<InfNfse Id="${id}">${el('Numero', doc.number)}${el('CodigoVerificacao', verificationCode(doc))}` +
    `${el('DataEmissao', doc.emissionDate)}<ValoresNfse><BaseCalculo>${doc.serviceValue}</BaseCalculo>` +
    `<Aliquota>${doc.issRate}</Aliquota><ValorIss>${doc.issValue}</ValorIss><ValorLiquidoNfse>${doc.netValue}</ValorLiquidoNfse></ValoresNfse>` +
    `<PrestadorServico>${identificacaoPrestadorXml(e, version)}${el('RazaoSocial', e.name)}${e.tradingName ? el('NomeFantasia', e.tradingName) : ''}${enderecoXml(e)}${contatoXml(e)}</PrestadorServico>` +
    `<OrgaoGerador>${el('CodigoMunicipio', doc.cityCode)}${el('Uf', a.uf)}</OrgaoGerador>${declaracaoXml(doc, version)}</InfNfse>`;
  const cancellation = doc.events.find((ev) => ev.type === '101101');
  return (
    `${NFSE_XML_DECL}<CompNfse xmlns="${NFSE_NS}"><Nfse versao="${version}">${infNfse}${signatureXml(id, taxIdOf(e))}</Nfse>` +
    `${cancellation ? cancelamentoXml(doc, cancellation, version) : ''}</CompNfse>`
  );
}

/**
 * The XML the listings serve (`xmlAbrasf`): its own when it has one (uploads), else the ABRASF
 * 2.02 CompNfse the service normalizes every layout to (see nfse-layouts.ts for the originals).
 */
export function nfseXml(doc: StoredNfse): string {
  return doc.xml ?? renderCompNfse(doc, '2.02');
}

/** The XML of an NFS-e event: its own, or for a generated cancellation (101101) CancelarNfseResposta. */
export function nfseEventXml(doc: StoredNfse, event: DocEvent): string {
  if (event.xml !== undefined) return event.xml;
  if (event.type !== '101101') throw new Error(`no NFS-e layout for event ${event.type}`);
  return `${XML_DECL}<CancelarNfseResposta xmlns="${NFSE_NS}"><RetCancelamento>${cancelamentoXml(doc, event, '2.04')}</RetCancelamento></CancelarNfseResposta>`;
}
