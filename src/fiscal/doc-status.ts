// A document's status, decided from every piece of evidence there is about it. The XML of an NF-e
// keeps the authorization protocol it was issued with (cStat 100) for ever: a later cancellation
// arrives as an event, and shows only in the API's Status, in the events the API lists with the
// document, in the event files a pull writes beside it and in the pull folder's index.ndjson. So
// every summary (search --summary, inspect, the pull index) asks this one function, giving it all
// it has. Canceling cannot be undone: one piece of evidence of a cancellation is enough.
import { CANCELLING_EVENTS, CLOSING_EVENTS, type EventDocType } from './event-codes.js';

export type DocumentStatus = 'authorized' | 'canceled' | 'closed';

/** The document types that have a status (DPS and events do not). */
export type StatusDocType = EventDocType | 'cfe';

export interface KnownEvent {
  /** tpEvento; `CFeCanc` for a CF-e SAT cancellation. */
  type: string;
  /**
   * False when the event's own XML shows it was not registered (a rejection, a request without
   * its result). An event known only by its code (an API listing, an index line) is registered:
   * the service lists only events the tax authority registered.
   */
  registered?: boolean;
}

interface StatusEvidence {
  type: StatusDocType;
  /** cStat of the document's own authorization protocol (protNFe, protCTe, protMDFe). */
  protocol?: string | undefined;
  /** The XML itself says canceled: an ABRASF NfseCancelamento, a cancellation inside the proc. */
  canceledInXml?: boolean | undefined;
  /** The API's word: its `Status` field (authorized, canceled, closed), or an NFS-e's `isCanceled`. */
  api?: string | boolean | null | undefined;
  /** Events known for the document, from the XML, the API's response or files beside it. */
  events?: readonly KnownEvent[] | undefined;
  /** The status the pull folder's index.ndjson gives the document (its latest line). */
  index?: string | null | undefined;
}

const CANCELED_PROTOCOL = ['101', '135', '151', '155'];
const AUTHORIZED_PROTOCOL = ['100', '150'];
/** An MDF-e's protocol once closed. */
const CLOSED_PROTOCOL = ['132'];
/** cStat of a registered event: 135 registered and linked, 136 registered, 155 canceled late. */
const REGISTERED_EVENT = ['135', '136', '155'];

/** Whether an event of code `event` cancels a document of `type`. */
function isCancellation(type: StatusDocType, event: string): boolean {
  return type === 'cfe' ? event === 'CFeCanc' : CANCELLING_EVENTS[type].includes(event);
}

/**
 * Whether an event read from its XML was registered: its result's cStat says so, or (a national
 * NFS-e event, which has no cStat) it carries the registration's number.
 */
export function eventRegistered(cStat: string | undefined, protocolNumber: string | undefined, nfse: boolean): boolean {
  return cStat ? REGISTERED_EVENT.includes(cStat) : nfse && protocolNumber !== undefined;
}

/** canceled > closed > authorized; null when nothing says anything. */
export function documentStatus(e: StatusEvidence): DocumentStatus | null {
  const events = (e.events ?? []).filter((ev) => ev.registered !== false);
  const closing = e.type === 'cfe' ? [] : CLOSING_EVENTS[e.type];
  const said = [e.index, typeof e.api === 'boolean' ? (e.api ? 'canceled' : 'authorized') : e.api];
  if (
    e.canceledInXml ||
    CANCELED_PROTOCOL.includes(e.protocol ?? '') ||
    said.includes('canceled') ||
    events.some((ev) => isCancellation(e.type, ev.type))
  ) {
    return 'canceled';
  }
  if (
    (e.type === 'mdfe' && CLOSED_PROTOCOL.includes(e.protocol ?? '')) ||
    said.includes('closed') ||
    events.some((ev) => closing.includes(ev.type))
  ) {
    return 'closed';
  }
  if (AUTHORIZED_PROTOCOL.includes(e.protocol ?? '') || said.includes('authorized')) return 'authorized';
  return null;
}
