// POST /_emulator/events (designed): adds an event to a stored document, as if the tax authority
// had just registered it, for the tests of incremental sync and of commands that read events.
import * as z from 'zod';
import { brt } from './data/xml-util.js';
import { EVENT_DOC_TYPES, EventInputError, type EventDocType } from './event-index.js';
import type { Store } from './store.js';

export const addEventRequest = z.strictObject({
  /** Account id; default: the first account that holds the document. */
  account: z.string().min(1).optional(),
  type: z.enum(EVENT_DOC_TYPES),
  /** Access key, or the R10 id of an NFS-e. */
  id: z.string().min(1),
  /** 6-digit event code. */
  event: z.string(),
  seq: z.number().int().optional(),
  /** Default: the emulator's now. */
  created_at: z.string().optional(),
  /** base64 of the event XML; default: rendered by the emulator (known codes only). */
  xml: z.string().optional(),
});
export type AddEventRequest = z.infer<typeof addEventRequest>;

export interface AddedEvent {
  account: string;
  type: EventDocType;
  id: string;
  event: string;
  seq: number;
  created_at: string;
  /** Position of the event in the account's stream of this type (GET /v1/events/{type}). */
  position: number;
}

/** Why the request failed: the account or document is unknown (404), or a field is bad (400). */
export class AddEventError extends Error {
  constructor(
    readonly status: 400 | 404,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const FIELDS: Record<EventInputError['field'], string> = {
  id: 'id',
  type: 'event',
  seq: 'seq',
  createdAt: 'created_at',
};

/** The admin action, bound to the store and the emulator's clock. */
export function eventAdder(store: Store, now: () => number): (req: AddEventRequest) => AddedEvent {
  return (req) => {
    const accounts = req.account === undefined ? store.accounts : store.accounts.filter((a) => a.id === req.account);
    if (accounts.length === 0)
      throw new AddEventError(
        400,
        'account',
        `no account "${req.account}"; accounts are ${store.accounts.map((a) => a.id).join(', ')}`,
      );
    const holder = accounts.find((a) =>
      req.type === 'nfe' ? store.findNfe(a.id, req.id) : store.findDoc(a.id, req.type, req.id),
    );
    if (!holder) throw new AddEventError(404, 'id', `no ${req.type} "${req.id}" in ${req.account ?? 'any account'}`);
    const xml = req.xml === undefined ? undefined : Buffer.from(req.xml, 'base64').toString('utf8');
    try {
      const added = store.addEvent(holder.id, req.type, req.id, {
        type: req.event,
        createdAt: req.created_at ?? brt(now()),
        ...(req.seq !== undefined ? { seq: req.seq } : {}),
        ...(xml !== undefined ? { xml } : {}),
      });
      const { type, seq, createdAt } = added.event;
      return {
        account: holder.id,
        type: req.type,
        id: req.id,
        event: type,
        seq,
        created_at: createdAt,
        position: added.position,
      };
    } catch (error) {
      if (error instanceof EventInputError)
        throw new AddEventError(error.field === 'id' ? 404 : 400, FIELDS[error.field], error.message);
      throw error;
    }
  };
}
