// The emulator's event streams: per account and document type, every event of every document in
// the order the service received it, each at a stable position (R13-like). The stream of stored
// documents is ordered by the events' own dates; events that arrive later (addEvent, documents
// added with their events) are appended, so a saved cursor resumes with exactly what is new.
import { EVENT_DOC_TYPES, type EventDocType } from '../api/wire/events.js';
import { byType } from '../fiscal/doc-types.js';
import { CANCELLING_EVENTS, CLOSING_EVENTS } from '../fiscal/event-codes.js';
import { docEventXml, eventXml } from './data/dataset.js';
import type { AnyStoredDoc, DocType, DocTypes } from './doc-index.js';
import type { DocEvent } from './model-docs.js';
import type { NfeEvent, StoredNfe } from './model.js';

export { EVENT_DOC_TYPES, type EventDocType } from '../api/wire/events.js';

export type EventDoc = StoredNfe | AnyStoredDoc;
type StoredEvent = NfeEvent | DocEvent;

export interface StreamEvent {
  /** Stable position in the account's stream of this type: never changes, new events get higher ones. */
  position: number;
  doc: EventDoc;
  event: StoredEvent;
  /** event.createdAt in ms, for the created_at filter (R15). */
  createdMs: number;
}

function createdMsOf(doc: EventDoc, event: StoredEvent): number {
  const ms = Date.parse(event.createdAt);
  if (Number.isNaN(ms))
    throw new Error(
      `event ${event.type}/${event.seq} of document at position ${doc.position} has an unreadable createdAt`,
    );
  return ms;
}

export class EventIndex {
  private readonly list: StreamEvent[] = [];

  /** The stream of `docs` (in stream-position order): by event date, then document position, then seq. */
  static of(docs: Iterable<EventDoc>): EventIndex {
    const pending: Omit<StreamEvent, 'position'>[] = [];
    for (const doc of docs)
      for (const event of doc.events) pending.push({ doc, event, createdMs: createdMsOf(doc, event) });
    pending.sort((a, b) => a.createdMs - b.createdMs || a.doc.position - b.doc.position || a.event.seq - b.event.seq);
    const index = new EventIndex();
    for (const item of pending) index.list.push({ ...item, position: index.list.length });
    return index;
  }

  get entries(): readonly StreamEvent[] {
    return this.list;
  }

  /** The events at or after `cursor`, in position order (positions are dense: no search needed). */
  *from(cursor: number): Generator<StreamEvent, void, undefined> {
    for (let i = cursor; i < this.list.length; i++) yield this.list[i]!;
  }

  append(doc: EventDoc, event: StoredEvent): StreamEvent {
    const entry: StreamEvent = { position: this.list.length, doc, event, createdMs: createdMsOf(doc, event) };
    this.list.push(entry);
    return entry;
  }
}

/** An event to add to a stored document (admin surface, manifestation, uploads). */
export interface NewEvent {
  /** 6-digit event code. */
  type: string;
  /** Default: one more than the document's last event of this type. */
  seq?: number;
  /** dhEvento, ISO 8601 with offset; also when the service got it. */
  createdAt: string;
  /** The event XML; without it the emulator renders one, which only known codes have. */
  xml?: string;
}

/** Why an event cannot be added: `field` names the bad input (`id` for a document not held, R3). */
export class EventInputError extends Error {
  constructor(
    readonly field: 'id' | 'type' | 'seq' | 'createdAt',
    message: string,
  ) {
    super(message);
  }
}

/** The event as it will be stored on `doc`; throws EventInputError on a bad code, seq or date. */
export function eventFor(doc: EventDoc, input: NewEvent): StoredEvent {
  if (!/^\d{6}$/.test(input.type))
    throw new EventInputError('type', `an event type has exactly 6 digits, got "${input.type}"`);
  if (Number.isNaN(Date.parse(input.createdAt)))
    throw new EventInputError('createdAt', `unreadable date "${input.createdAt}"`);
  const sameType = doc.events.filter((e) => e.type === input.type);
  const seq = input.seq ?? sameType.reduce((max, e) => Math.max(max, e.seq), 0) + 1;
  if (!Number.isInteger(seq) || seq < 1 || seq > 99)
    throw new EventInputError('seq', `seq is a whole number from 1 to 99, got ${seq}`);
  if (sameType.some((e) => e.seq === seq))
    throw new EventInputError('seq', `the document already has event ${input.type} with seq ${seq}`);
  return { type: input.type, seq, createdAt: input.createdAt, ...(input.xml !== undefined ? { xml: input.xml } : {}) };
}

/** Event codes that change the status of the document they are about (R30). */
const STATUS_CHANGES: Record<EventDocType, Record<string, string>> = byType(
  (type) => ({
    ...Object.fromEntries(CLOSING_EVENTS[type].map((code) => [code, 'closed'])),
    ...Object.fromEntries(CANCELLING_EVENTS[type].map((code) => [code, 'canceled'])),
  }),
  EVENT_DOC_TYPES,
);

/** Adds `event` to the document's list (replaced, never changed in place) and lets its status follow. */
export function applyEvent(type: EventDocType, doc: EventDoc, event: StoredEvent): void {
  doc.events = [...doc.events, event];
  const status = STATUS_CHANGES[type][event.type];
  if (!status) return;
  if ('isCanceled' in doc) doc.isCanceled = true;
  // A canceled MDF-e stays canceled whatever comes after.
  else if (!(status === 'closed' && doc.status === 'canceled')) (doc as { status: string }).status = status;
}

/** The XML of a stored event: its own, else rendered from the document (procEvento*, CancelarNfseResposta). */
export function streamEventXml(type: EventDocType, doc: EventDoc, event: StoredEvent): string {
  if (event.xml !== undefined) return event.xml;
  return type === 'nfe' ? eventXml(doc as StoredNfe, event) : docEventXml(type, doc as DocTypes[DocType], event);
}

/** Throws EventInputError when the emulator has no layout to render the event (and none was given). */
export function checkRenderable(type: EventDocType, doc: EventDoc, event: StoredEvent): void {
  try {
    streamEventXml(type, doc, event);
  } catch (error) {
    throw new EventInputError(
      'type',
      `no ${type} XML layout for event ${event.type}: give the event's xml (${(error as Error).message})`,
    );
  }
}
