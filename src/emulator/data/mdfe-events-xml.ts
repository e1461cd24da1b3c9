// procEventoMDFe 3.00 of the MDF-e events: closing (110112, evEncMDFe) and cancellation
// (110111, evCancMDFe). Valid against procEventoMDFe_v3.00.xsd; detEvento's content against
// evEncMDFe_v3.00.xsd and evCancMDFe_v3.00.xsd.
import type { DocEvent, StoredMdfe } from '../model-docs.js';
import { eventEnvelopeXml, type EventLayout } from './cte-events-xml.js';
import { MDFE_NS } from './mdfe-xml.js';
import { taxIdOf } from './parties.js';
import { stateOf } from './places.js';
import { hashString, Rng } from './random.js';
import { authorizationProtocol, el, toBrt } from './xml-util.js';

interface MdfeEventArgs {
  accessKey: string;
  type: '110111' | '110112';
  seq: number;
  /** dhEvento; any ISO date-time, written in Brasília time. */
  date: string;
  /** CNPJ/CPF of the emitter. */
  author: string;
  /** 110111: xJust, 15 to 255 characters. */
  justification?: string;
  /** 110112: where the trip ended (cUF and cMun). */
  closedAt?: { cuf: string; city: string };
}

const DESCRIPTIONS: Record<MdfeEventArgs['type'], string> = { '110111': 'Cancelamento', '110112': 'Encerramento' };

const MDFE_CANCEL_REASONS = [
  'Viagem cancelada antes do inicio do transporte',
  'Veiculo informado incorretamente no manifesto',
  'Manifesto emitido em duplicidade por falha no sistema',
] as const;

function detailsXml(a: MdfeEventArgs, when: string): string {
  const head = el('descEvento', DESCRIPTIONS[a.type]) + el('nProt', authorizationProtocol(a.accessKey));
  if (a.type === '110111')
    return `<evCancMDFe>${head}${el('xJust', a.justification ?? MDFE_CANCEL_REASONS[0])}</evCancMDFe>`;
  const place = a.closedAt;
  if (!place) throw new Error('an MDF-e closing (110112) needs closedAt');
  return `<evEncMDFe>${head}${el('dtEnc', when.slice(0, 10))}${el('cUF', place.cuf)}${el('cMun', place.city)}</evEncMDFe>`;
}

const MDFE_LAYOUT: EventLayout = {
  ns: MDFE_NS,
  doc: 'MDFe',
  keyTag: 'chMDFe',
  version: '3.00',
  seqDigits: 2,
  verAplic: 'SVRS_MDFE_300',
  label: 'MDF-e',
};

/** procEventoMDFe of one event: deterministic from the arguments. */
export function mdfeEventProcXml(a: MdfeEventArgs): string {
  return eventEnvelopeXml(MDFE_LAYOUT, { ...a, description: DESCRIPTIONS[a.type] }, detailsXml(a, toBrt(a.date)));
}

/** The arguments that render a generated event of `doc`: closed at its last unloading city. */
function mdfeEventArgsOf(doc: StoredMdfe, event: DocEvent): MdfeEventArgs {
  const type = event.type as MdfeEventArgs['type'];
  if (!(type in DESCRIPTIONS)) throw new Error(`no procEventoMDFe layout for event ${event.type}`);
  const rng = new Rng(hashString(`event-text:${doc.accessKey}:${type}:${event.seq}`));
  const last = doc.unloads[doc.unloads.length - 1]!;
  return {
    accessKey: doc.accessKey,
    type,
    seq: event.seq,
    date: event.createdAt,
    author: taxIdOf(doc.emitter),
    justification: type === '110111' ? rng.pick(MDFE_CANCEL_REASONS) : undefined,
    closedAt: type === '110112' ? { cuf: stateOf(doc.endUf).cuf, city: last.city } : undefined,
  };
}

/** The procEventoMDFe of a stored event: its own XML when it has one, else rendered from `doc`. */
export function mdfeEventXml(doc: StoredMdfe, event: DocEvent): string {
  return event.xml ?? mdfeEventProcXml(mdfeEventArgsOf(doc, event));
}
