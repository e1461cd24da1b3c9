// What event codes (tpEvento) mean, per document type. The same code can mean different things:
// 110112 is a cancellation by substitution on an NF-e and the closing (encerramento) of an MDF-e.

import { DOC_TYPES, typesWith, type EventDocType } from './doc-types.js';

/** The document types with events (kept free of any library: `fiscal events --help` lists them). */
export const EVENT_DOC_TYPES = typesWith('events');
export type { EventDocType };

const eventsOf = <K extends 'codes' | 'cancelling' | 'closing'>(key: K) =>
  Object.fromEntries(EVENT_DOC_TYPES.map((t) => [t, DOC_TYPES[t].events[key]])) as {
    [T in EventDocType]: (typeof DOC_TYPES)[T]['events'][K];
  };

export const EVENT_CODES: Readonly<Record<EventDocType, Readonly<Record<string, string>>>> = eventsOf('codes');

/** The name of an event code for a document type, or undefined for a code this table does not know. */
export function eventDescription(type: EventDocType, code: string): string | undefined {
  return Object.hasOwn(EVENT_CODES[type], code) ? EVENT_CODES[type][code] : undefined;
}

/**
 * Event codes that cancel the document they are about (R30): 110111 everywhere, an NF-e's
 * cancellation by substitution (110112), the NFS-e's 101101 and 105102. An MDF-e's 110112 closes
 * it instead (CLOSING_EVENTS); 110131, 610111 and the like cancel an earlier event, not the document.
 */
export const CANCELLING_EVENTS: Readonly<Record<EventDocType, readonly string[]>> = eventsOf('cancelling');

/** Event codes that close a document without canceling it: the MDF-e's encerramento. */
export const CLOSING_EVENTS: Readonly<Record<EventDocType, readonly string[]>> = eventsOf('closing');
