// What the tax authority says to one event of a batch (designed, R32): the document must be the
// account's, the account's role on it must be the event's author (emitter, receiver, taker), the
// document must not be canceled, and (seq) must be new. A registered event goes into the store
// (store.addEvent), so it shows on the events endpoints and a cancellation cancels the document.
// Manifestations go through the same rules as POST /v1/nfe/manifest (manifest-rules.ts).
import type { BatchDocType, BatchEvent, BatchEventCode } from '../api/wire/events.js';
import { isManifestCode } from '../api/wire/manifest.js';
import { docType } from '../fiscal/doc-types.js';
import {
  cteEventProcXml,
  disagreementProtocol,
  eventEnvelopeXml,
  type CteEventArgs,
  type EventLayout,
} from './data/cte-events-xml.js';
import { nfeEventXml } from './data/events-xml.js';
import { stateOf } from './data/places.js';
import { brt, el, eventProtocol, NFE_NS } from './data/xml-util.js';
import { EventInputError, type EventDoc } from './event-index.js';
import { manifest } from './manifest-rules.js';
import type { StoredNfe } from './model.js';
import type { Store } from './store.js';

interface Rejection {
  cStat: number;
  xMotivo: string;
}

type EventOutcome = { seq: number; protocol: string; message: string } | { rejected: Rejection };

const ROLE_OF_AUTHOR: Record<string, string> = { emitter: 'emitted', receiver: 'received', taker: 'taker' };
const DISAGREEMENT = '610110';
const DISAGREEMENT_CANCEL = '610111';

const reject = (cStat: number, xMotivo: string): { rejected: Rejection } => ({ rejected: { cStat, xMotivo } });

export function registerEvent(
  store: Store,
  accountId: string,
  type: BatchDocType,
  event: BatchEvent,
  code: BatchEventCode,
  nowMs: number,
): EventOutcome {
  const label = docType(type).name;
  const doc: EventDoc | undefined =
    type === 'nfe' ? store.findNfe(accountId, event.access_key) : store.findDoc(accountId, type, event.access_key);
  if (!doc) return reject(217, `Rejeicao: ${label} nao consta na base de dados`);
  const author = authorOf(doc, code);
  if (author === undefined) return reject(574, `Rejeicao: o autor do evento nao e o ${code.author} do ${label}`);
  if (type === 'nfe' && isManifestCode(event.tp_evento)) {
    const answer = manifest(store, doc as StoredNfe, event.tp_evento, nowMs);
    if (answer.cStat !== 135) return reject(answer.cStat, answer.xMotivo);
    return { seq: answer.nSeqEvento!, protocol: answer.nProt!, message: answer.xMotivo };
  }
  if (isCanceled(doc))
    return event.tp_evento === '110111'
      ? reject(218, `Rejeicao: ${label} ja esta cancelada na base de dados`)
      : reject(650, `Rejeicao: evento para ${label} cancelado`);
  if (event.tp_evento === DISAGREEMENT_CANCEL && !doc.events.some((e) => e.type === DISAGREEMENT)) {
    return reject(632, `Rejeicao: nao existe evento de Prestacao do Servico em Desacordo para o ${label}`);
  }
  const seq =
    event.n_seq_evento ??
    doc.events.filter((e) => e.type === event.tp_evento).reduce((max, e) => Math.max(max, e.seq), 0) + 1;
  if (doc.events.some((e) => e.type === event.tp_evento && e.seq === seq))
    return reject(573, 'Rejeicao: Duplicidade de evento');
  const createdAt = brt(nowMs);
  const xml = eventXml(type, doc, event, code, { seq, createdAt, author });
  try {
    store.addEvent(accountId, type, event.access_key, { type: event.tp_evento, seq, createdAt, xml });
  } catch (error) {
    if (error instanceof EventInputError) return reject(489, `Rejeicao: ${error.message}`);
    throw error;
  }
  return {
    seq,
    protocol: eventProtocol(event.access_key, event.tp_evento, seq, createdAt),
    message: `Evento registrado e vinculado ${type === 'nfe' ? 'a' : 'ao'} ${label}`,
  };
}

/** The CNPJ/CPF of the account's company that may author the event, if any. */
function authorOf(doc: EventDoc, code: BatchEventCode): string | undefined {
  const roles = doc.roles as { owner: string; role: string }[];
  const role = ROLE_OF_AUTHOR[code.author];
  return roles.find((r) => role === undefined || r.role === role)?.owner;
}

function isCanceled(doc: EventDoc): boolean {
  return 'isCanceled' in doc ? Boolean(doc.isCanceled) : (doc as { status: string }).status === 'canceled';
}

const NFE_LAYOUT: EventLayout = {
  ns: NFE_NS,
  doc: 'NFe',
  keyTag: 'chNFe',
  version: '1.00',
  seqDigits: 2,
  verAplic: 'SVRS202401091043',
  label: 'NF-e',
};

/**
 * The procEvento of a batch event: the NF-e cancellation in its own layout, the CT-e events as
 * the generated ones are written (cte-events-xml.ts), the other NF-e events in the common envelope.
 */
function eventXml(
  type: BatchDocType,
  doc: EventDoc,
  event: BatchEvent,
  code: BatchEventCode,
  at: { seq: number; createdAt: string; author: string },
): string {
  if (type !== 'nfe') {
    return cteEventProcXml({
      accessKey: event.access_key,
      type: event.tp_evento as CteEventArgs['type'],
      seq: at.seq,
      date: at.createdAt,
      author: at.author,
      text: event.justification?.trim(),
      canceledProtocol:
        event.tp_evento === DISAGREEMENT_CANCEL ? disagreementProtocol(event.access_key, doc.events) : undefined,
    });
  }
  const core = {
    accessKey: event.access_key,
    type: event.tp_evento,
    seq: at.seq,
    date: at.createdAt,
    author: at.author,
    description: code.description,
  };
  if (event.tp_evento === '110111') {
    const nfe = doc as StoredNfe;
    return nfeEventXml({
      ...core,
      authorCnpj: at.author,
      cuf: stateOf(nfe.emitter.uf).cuf,
      justification: event.justification!.trim(),
    });
  }
  let details = el('descEvento', code.description);
  if (event.justification !== undefined) details += el('xJust', event.justification.trim());
  return eventEnvelopeXml(NFE_LAYOUT, core, details);
}
