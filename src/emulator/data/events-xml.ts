// procEventoNFe (versao 1.00): the signed event and the tax authority's answer (retEvento), as
// the service hands them out on /v2/nfe/events (R30). Valid against procEventoCancNFe (110111),
// procCCeNFe (110110) and procConfRecebtoNFe (2102xx) of PL_009_V4.
import type { NfeEvent, StoredNfe } from '../model.js';
import { stateOf } from './places.js';
import { hashString, Rng } from './random.js';
import { authorizationProtocol, brt, el, eventProtocol, NFE_NS, signatureXml, toBrt, XML_DECL } from './xml-util.js';

export interface NfeEventArgs {
  accessKey: string;
  /** 6-digit event code. */
  type: string;
  seq: number;
  /** dhEvento; any ISO date-time, written in Brasília time. */
  date: string;
  /** CNPJ (or an 11-digit CPF) of the author: the emitter for 110111/110110, the receiver for 2102xx. */
  authorCnpj: string;
  /** cUF of the emitter. Manifestations (2102xx) are registered nationally (cOrgao 91) whatever this says. */
  cuf: string;
  /** xJust of a cancellation or of 210240 (15 to 255 characters). */
  justification?: string;
  /** xCorrecao of a correction letter (15 to 1000 characters). */
  correction?: string;
}

/** The schema accepts the conditions of use of a CC-e only word for word. */
const CCE_CONDITIONS =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

const DESCRIPTIONS: Record<string, string> = {
  '110111': 'Cancelamento',
  '110110': 'Carta de Correcao',
  '210200': 'Confirmacao da Operacao',
  '210210': 'Ciencia da Operacao',
  '210220': 'Desconhecimento da Operacao',
  '210240': 'Operacao nao Realizada',
};

export const CANCEL_REASONS = [
  'Erro na digitacao dos valores da nota fiscal',
  'Pedido cancelado pelo cliente antes da saida da mercadoria',
  'Nota emitida em duplicidade por falha no sistema',
  'Destinatario informado incorretamente na emissao',
] as const;

const CORRECTIONS = [
  'Correcao do endereco de entrega: considerar o numero 1250 em vez de 125.',
  'Onde se le volumes 2, leia-se volumes 3. Peso bruto permanece o informado.',
  'Inclusao do numero do pedido de compra nas informacoes complementares.',
  'Correcao da descricao do produto do item 1 conforme pedido do cliente.',
] as const;

const NOT_PERFORMED_REASONS = [
  'Mercadoria nao entregue pelo transportador no prazo combinado',
  'Operacao desfeita antes da entrega da mercadoria',
] as const;

function detailsXml(a: NfeEventArgs): string {
  const desc = DESCRIPTIONS[a.type];
  if (!desc) throw new Error(`no procEventoNFe layout for event ${a.type}`);
  let body = el('descEvento', desc);
  if (a.type === '110111')
    body += el('nProt', authorizationProtocol(a.accessKey)) + el('xJust', a.justification ?? CANCEL_REASONS[0]);
  else if (a.type === '110110')
    body += el('xCorrecao', a.correction ?? CORRECTIONS[0]) + el('xCondUso', CCE_CONDITIONS);
  else if (a.type === '210240') body += el('xJust', a.justification ?? NOT_PERFORMED_REASONS[0]);
  return `<detEvento versao="1.00">${body}</detEvento>`;
}

const authorXml = (taxId: string, suffix = ''): string =>
  taxId.length === 11 ? el(`CPF${suffix}`, taxId) : el(`CNPJ${suffix}`, taxId);

/** procEventoNFe of one event: deterministic from the arguments. */
export function nfeEventXml(a: NfeEventArgs): string {
  const organ = a.type.startsWith('2102') ? '91' : a.cuf;
  const id = `ID${a.type}${a.accessKey}${String(a.seq).padStart(2, '0')}`;
  const when = toBrt(a.date);
  const registered = brt(Date.parse(when) + (hashString(id) % 40) * 1000 + 1000);
  const infEvento =
    `<infEvento Id="${id}">${el('cOrgao', organ)}<tpAmb>1</tpAmb>${authorXml(a.authorCnpj)}${el('chNFe', a.accessKey)}` +
    `${el('dhEvento', when)}${el('tpEvento', a.type)}<nSeqEvento>${a.seq}</nSeqEvento><verEvento>1.00</verEvento>` +
    `${detailsXml(a)}</infEvento>`;
  const retEvento =
    `<retEvento versao="1.00"><infEvento><tpAmb>1</tpAmb><verAplic>${organ === '91' ? 'AN_1.5.0' : 'SVRS202401091043'}</verAplic>` +
    `${el('cOrgao', organ)}<cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo>` +
    `${el('chNFe', a.accessKey)}${el('tpEvento', a.type)}${el('xEvento', DESCRIPTIONS[a.type]!)}<nSeqEvento>${a.seq}</nSeqEvento>` +
    `${el('dhRegEvento', registered)}${el('nProt', eventProtocol(a.accessKey, a.type, a.seq, when))}</infEvento></retEvento>`;
  return (
    `${XML_DECL}<procEventoNFe xmlns="${NFE_NS}" versao="1.00"><evento xmlns="${NFE_NS}" versao="1.00">` +
    `${infEvento}${signatureXml(id, a.authorCnpj)}</evento>${retEvento}</procEventoNFe>`
  );
}

/** The arguments that render a generated event of `doc`; texts are picked by the event's own hash. */
function eventArgsOf(doc: StoredNfe, event: NfeEvent): NfeEventArgs {
  const rng = new Rng(hashString(`event-text:${doc.accessKey}:${event.type}:${event.seq}`));
  const manifest = event.type.startsWith('2102');
  const author = manifest ? doc.receiver : doc.emitter;
  return {
    accessKey: doc.accessKey,
    type: event.type,
    seq: event.seq,
    date: event.createdAt,
    authorCnpj: author.cnpj ?? author.cpf ?? '',
    cuf: stateOf(doc.emitter.uf).cuf,
    justification:
      event.type === '110111'
        ? rng.pick(CANCEL_REASONS)
        : event.type === '210240'
          ? rng.pick(NOT_PERFORMED_REASONS)
          : undefined,
    correction: event.type === '110110' ? rng.pick(CORRECTIONS) : undefined,
  };
}

/** The procEventoNFe of a stored event: its own XML when it has one, else rendered from `doc`. */
export function storedEventXml(doc: StoredNfe, event: NfeEvent): string {
  return event.xml ?? nfeEventXml(eventArgsOf(doc, event));
}
