// procEventoCTe 4.00 of the CT-e and CT-e OS events: cancellation (110111, evCancCTe),
// correction letter (110110, evCCeCTe), the taker's disagreement (610110, evPrestDesacordo) and
// its cancellation (610111, evCancPrestDesacordo). Valid against procEventoCTe_v4.00.xsd;
// detEvento's content against the ev*_v4.00.xsd schemas. Generated events and those an event
// batch registers (event-batch-rules.ts) are both written here. The envelope (eventEnvelopeXml)
// is the MDF-e's too, with its own names and versions.
import type { DocEvent, StoredCte, StoredCteOs } from '../model-docs.js';
import { CTE_NS, idXml } from './cte-xml-parts.js';
import { taxIdOf } from './parties.js';
import { hashString, Rng } from './random.js';
import { authorizationProtocol, brt, el, eventProtocol, signatureXml, toBrt, XML_DECL } from './xml-util.js';

export interface CteEventArgs {
  accessKey: string;
  type: '110111' | '110110' | '610110' | '610111';
  seq: number;
  /** dhEvento; any ISO date-time, written in Brasília time. */
  date: string;
  /** CNPJ/CPF of the author: the emitter, or the taker for 610110. */
  author: string;
  /** xJust (110111) or xObs (610110), 15 to 255 characters. */
  text?: string;
  /** 110110: the group, field and new value corrected. */
  correction?: { group: string; field: string; value: string };
  /** 610111: the nProt of the 610110 it cancels. */
  canceledProtocol?: string;
}

const DESCRIPTIONS: Record<CteEventArgs['type'], string> = {
  '110111': 'Cancelamento',
  '110110': 'Carta de Correcao',
  '610110': 'Prestacao do Servico em Desacordo',
  '610111': 'Cancelamento Prestacao do Servico em Desacordo',
};

/** The schema accepts the conditions of use of a CC-e only word for word. */
const CCE_CONDITIONS =
  'A Carta de Correcao e disciplinada pelo Art. 58-B do CONVENIO/SINIEF 06/89: Fica permitida a utilizacao de carta de correcao, para regularizacao de erro ocorrido na emissao de documentos fiscais relativos a prestacao de servico de transporte, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da prestacao;II - a correcao de dados cadastrais que implique mudanca do emitente, tomador, remetente ou do destinatario;III - a data de emissao ou de saida.';

const CTE_CANCEL_REASONS = [
  'Servico de transporte nao realizado a pedido do cliente',
  'Erro na digitacao do valor da prestacao do servico',
  'Conhecimento emitido em duplicidade por falha no sistema',
] as const;

const DISAGREEMENTS = [
  'Valor do frete cobrado diverge do valor contratado com o transportador',
  'Servico de transporte nao foi prestado conforme contratado',
] as const;

const CORRECTIONS = [
  { group: 'compl', field: 'xObs', value: 'Entrega realizada no endereco alternativo informado pelo destinatario' },
  { group: 'infCarga', field: 'proPred', value: 'MERCADORIAS DIVERSAS' },
  { group: 'ide', field: 'xDetRetira', value: 'Retirada no terminal de cargas do destino' },
] as const;

function detailsXml(a: CteEventArgs): string {
  const desc = el('descEvento', DESCRIPTIONS[a.type]);
  if (a.type === '110111') {
    return `<evCancCTe>${desc}${el('nProt', authorizationProtocol(a.accessKey))}${el('xJust', a.text ?? CTE_CANCEL_REASONS[0])}</evCancCTe>`;
  }
  if (a.type === '110110') {
    const c = a.correction ?? CORRECTIONS[0];
    return (
      `<evCCeCTe>${desc}<infCorrecao>${el('grupoAlterado', c.group)}${el('campoAlterado', c.field)}` +
      `${el('valorAlterado', c.value)}</infCorrecao>${el('xCondUso', CCE_CONDITIONS)}</evCCeCTe>`
    );
  }
  if (a.type === '610111') {
    if (!a.canceledProtocol) throw new Error(`610111 of ${a.accessKey}: no 610110 protocol to cancel`);
    return `<evCancPrestDesacordo>${desc}${el('nProtEvPrestDes', a.canceledProtocol)}</evCancPrestDesacordo>`;
  }
  return `<evPrestDesacordo>${desc}<indDesacordoOper>1</indDesacordoOper>${el('xObs', a.text ?? DISAGREEMENTS[0])}</evPrestDesacordo>`;
}

/** The nProt of the latest disagreement (610110) among a CT-e's `events`: what a 610111 after them cancels. */
export function disagreementProtocol(accessKey: string, events: readonly DocEvent[]): string | undefined {
  const last = events.filter((e) => e.type === '610110').at(-1);
  return last && eventProtocol(accessKey, last.type, last.seq, last.createdAt);
}

/** What tells the CT-e family's event envelopes apart (procEventoCTe 4.00, procEventoMDFe 3.00). */
export interface EventLayout {
  ns: string;
  /** Suffix of procEvento*, evento* and retEvento*: CTe, MDFe. */
  doc: string;
  /** The key's tag: chCTe, chMDFe. */
  keyTag: string;
  version: string;
  /** Digits of nSeqEvento in the event's Id. */
  seqDigits: number;
  verAplic: string;
  /** The document's name in xMotivo: CT-e, MDF-e. */
  label: string;
}

interface EventCore {
  accessKey: string;
  type: string;
  seq: number;
  date: string;
  author: string;
  /** xEvento of the answer. */
  description: string;
}

const CTE_LAYOUT: EventLayout = {
  ns: CTE_NS,
  doc: 'CTe',
  keyTag: 'chCTe',
  version: '4.00',
  seqDigits: 3,
  verAplic: 'SVRS_CTE_PL400',
  label: 'CT-e',
};

/**
 * proc<Evento> of one event: the signed event with `details` in detEvento, and the authority's
 * answer (cStat 135). Deterministic from the arguments.
 */
export function eventEnvelopeXml(l: EventLayout, a: EventCore, details: string): string {
  const organ = a.accessKey.slice(0, 2);
  const id = `ID${a.type}${a.accessKey}${String(a.seq).padStart(l.seqDigits, '0')}`;
  const when = toBrt(a.date);
  const registered = brt(Date.parse(when) + (hashString(id) % 40) * 1000 + 1000);
  const infEvento =
    `<infEvento Id="${id}">${el('cOrgao', organ)}<tpAmb>1</tpAmb>${idXml(a.author)}${el(l.keyTag, a.accessKey)}` +
    `${el('dhEvento', when)}${el('tpEvento', a.type)}<nSeqEvento>${a.seq}</nSeqEvento>` +
    `<detEvento versaoEvento="${l.version}">${details}</detEvento></infEvento>`;
  const retEvento =
    `<retEvento${l.doc} versao="${l.version}"><infEvento><tpAmb>1</tpAmb>${el('verAplic', l.verAplic)}${el('cOrgao', organ)}` +
    `<cStat>135</cStat><xMotivo>Evento registrado e vinculado ao ${l.label}</xMotivo>${el(l.keyTag, a.accessKey)}` +
    `${el('tpEvento', a.type)}${el('xEvento', a.description)}<nSeqEvento>${a.seq}</nSeqEvento>` +
    `${el('dhRegEvento', registered)}${el('nProt', eventProtocol(a.accessKey, a.type, a.seq, when))}</infEvento></retEvento${l.doc}>`;
  return (
    `${XML_DECL}<procEvento${l.doc} xmlns="${l.ns}" versao="${l.version}"><evento${l.doc} xmlns="${l.ns}" versao="${l.version}">` +
    `${infEvento}${signatureXml(id, a.author)}</evento${l.doc}>${retEvento}</procEvento${l.doc}>`
  );
}

/** procEventoCTe of one event of a CT-e or CT-e OS: deterministic from the arguments. */
export function cteEventProcXml(a: CteEventArgs): string {
  return eventEnvelopeXml(CTE_LAYOUT, { ...a, description: DESCRIPTIONS[a.type] }, detailsXml(a));
}

/** The arguments that render a generated event of `doc`; texts are picked by the event's own hash. */
function cteEventArgsOf(doc: StoredCte | StoredCteOs, event: DocEvent): CteEventArgs {
  const type = event.type as CteEventArgs['type'];
  if (!(type in DESCRIPTIONS)) throw new Error(`no procEventoCTe layout for event ${event.type}`);
  const rng = new Rng(hashString(`event-text:${doc.accessKey}:${type}:${event.seq}`));
  return {
    accessKey: doc.accessKey,
    type,
    seq: event.seq,
    date: event.createdAt,
    author: taxIdOf(type.startsWith('6101') ? doc.taker : doc.emitter),
    text: type === '110111' ? rng.pick(CTE_CANCEL_REASONS) : type === '610110' ? rng.pick(DISAGREEMENTS) : undefined,
    correction: type === '110110' ? rng.pick(CORRECTIONS) : undefined,
    canceledProtocol:
      type === '610111'
        ? disagreementProtocol(doc.accessKey, doc.events.slice(0, doc.events.indexOf(event)))
        : undefined,
  };
}

/** The procEventoCTe of a stored event of a CT-e or CT-e OS: its own XML, else rendered. */
export function cteEventXml(doc: StoredCte | StoredCteOs, event: DocEvent): string {
  return event.xml ?? cteEventProcXml(cteEventArgsOf(doc, event));
}
