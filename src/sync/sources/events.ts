// The account's stream of events of one document type (GET /v1/events/{type}, designed, v1 cursor
// paging) as a stream of the pull engine's events phase. Each event is written beside the copies
// of its document already in the folder; its own checkpoint makes the next run read only the
// events that arrived since (R13). A first pull whose document listings say which documents are
// canceled or manifested (NF-e) takes the statuses from them and starts the stream at the present
// instead of reading years of events (docs/catalog.md); `--event-history` reads the whole history.
import { eventStreamPages } from '../../api/events.js';
import { InterruptedError } from '../../errors.js';
import { brasiliaDateTime, brasiliaDayStart } from '../../fiscal/dates.js';
import type { HttpClient } from '../../api/http.js';
import type { EventDocType, StreamEventItem } from '../../api/wire/events.js';
import type { StreamKey } from '../checkpoint.js';
import { canonicalJson } from '../checkpoint.js';
import {
  fromBase64,
  pageClient,
  type ListedStatuses,
  type PulledDocument,
  type ResumePoint,
  type StreamSource,
} from '../source.js';

/** The role of an events stream in its checkpoint key: one stream per document type and owner. */
export const EVENTS_ROLE = 'events';

/** The key the document was filed under: the access key, or the NFS-e R10 id without the owner. */
function eventDocumentKey(item: StreamEventItem): string {
  if (item.access_key) return item.access_key;
  const parts = (item.id ?? '').split(':');
  return parts.length === 4 ? parts.slice(1).join(':') : parts.join(':');
}

function eventDocument(type: EventDocType, item: StreamEventItem, owner: string, bytesOf = fromBase64): PulledDocument {
  return {
    key: eventDocumentKey(item),
    type,
    role: '',
    owner,
    xml: bytesOf(item.xml),
    status: null,
    createdAt: item.created_at,
    emissionDate: '',
    number: '',
    emitter: '',
    event: { type: item.type, seq: item.seq, createdAt: item.created_at },
  };
}

/**
 * A stream started at the present reads the events the service received from the start of the day
 * this long before the listing's statuses were taken: an event the listing had not counted yet is
 * read, never lost (reading one twice is harmless: the index has it once). A whole day, so that
 * the same first pull run twice the same day (or resumed after a crash) starts at the same instant.
 */
const PRESENT_MARGIN_MS = 3600_000;

/** The listings' statuses; undefined when one cannot be read (an account without v2): the history is read then. */
async function listedOrNone(
  canceled: readonly ((signal: AbortSignal) => Promise<ListedStatuses>)[],
  signal: AbortSignal,
): Promise<ListedStatuses[] | undefined> {
  try {
    return await Promise.all(canceled.map((list) => list(signal)));
  } catch (error) {
    if (error instanceof InterruptedError || signal.aborted) throw error;
    return undefined;
  }
}

/** The far end of the stream's created_at range: fixed, since the next run continues the same query. */
const OPEN_END = '2099-12-31 23:59:59';

/**
 * A document stream an events stream covers: its id (streamId of its key), and where its listing
 * can say which of its documents are canceled or manifested now (NF-e), the listing's statuses.
 */
interface CoveredStream {
  id: string;
  listed?: ((signal: AbortSignal) => Promise<ListedStatuses>) | undefined;
}

/**
 * The events of `type` (of the stream owner's documents when `key.owner` is set), from where the
 * checkpoint stopped. Its checkpoint says which document streams' past it has taken (`covers`):
 * a document stream new to it (a first pull, or a role pulled for the first time into a folder
 * that had others) has its documents' past statuses taken first, from its listing where it has
 * one, else from the type's whole history of events; only then does the stream go on from where
 * it was (a first pull's stream starts at the present when the listings said).
 */
export function eventsSource(
  http: HttpClient,
  key: StreamKey,
  type: EventDocType,
  documents: readonly CoveredStream[],
): StreamSource {
  const cnpjs = key.owner ? [key.owner] : undefined;
  return {
    key,
    endpoint: 'v1',
    filters: canonicalJson({ events: type, cnpjs }),
    label: `${type} events${key.owner ? ` ${key.owner}` : ''}`,
    phase: 'events',
    async *pages(start, signal) {
      // A checkpoint that never moved (a run stopped within the listing's statuses, or before the
      // stream's first page) starts over: the listing is read again (a status learnt twice is once).
      const fresh = !start || (start.pages === 0 && start.createdHighWater === null);
      const position: ResumePoint = {
        cursor: fresh ? 0 : start.cursor,
        paginator: null,
        createdHighWater: fresh ? null : start.createdHighWater,
      };
      // A checkpoint of a fiscal that did not say what it covers covers nothing: its past is taken
      // once (docs/pull.md, "A role added later").
      const covered = new Set(fresh ? [] : (start.covers ?? []));
      const missing = documents.filter((d) => !covered.has(d.id));
      const covers = [...new Set([...covered, ...documents.map((d) => d.id)])].sort();
      // Where the stream starts in time (ISO 8601): the checkpoint's, since the cursor continues
      // that query; null for the whole history.
      let since = position.createdHighWater;
      let taken = missing.length === 0;
      const listings = missing.every((d) => d.listed) ? missing.map((d) => d.listed!) : [];
      const listed = listings.length ? await listedOrNone(listings, signal) : undefined;
      if (listed) {
        const at = new Date(brasiliaDayStart(Math.min(...listed.map((l) => l.at)) - PRESENT_MARGIN_MS)).toISOString();
        // A first pull's stream then starts at the present; another goes on where it was.
        const resume = fresh ? { cursor: 0, paginator: null, createdHighWater: at } : position;
        const from = "the listings' statuses";
        // Each page of statuses journaled with the commit that takes it, parts of one page whose
        // position moves with the last: what is held does not grow with the account.
        try {
          for (const l of listed)
            for await (const statuses of l.pages) yield { docs: [], statuses, from, resume, continued: true };
          taken = true;
        } catch (error) {
          if (error instanceof InterruptedError || signal.aborted) throw error;
          // Cut short: the history is read instead, as when the listing cannot be read at all.
        }
        if (taken) {
          if (fresh) since = at;
          // Committed before the stream is read: a run stopped after it goes on from here.
          yield { docs: [], statuses: [], from, resume: { ...resume, covers } };
        }
      }
      const h = pageClient(http, signal);
      const base = { limit: 50, ...(cnpjs ? { cnpjs } : {}) };
      if (!taken && !fresh) {
        // The whole history, for the documents of the streams new to this one: parts that leave the
        // position where it was, until the last, which says they are covered. Stopped within, the
        // next run reads it again (an event read twice is in the index once).
        const from = 'the history of events';
        for await (const page of eventStreamPages(h, type, { ...base, cursor: 0 }, { signal }))
          yield {
            docs: page.items.map((item) => eventDocument(type, item, key.owner, h.bytesOf)),
            from,
            resume: position,
            continued: true,
          };
        taken = true;
        yield { docs: [], from, resume: { ...position, covers } };
      }
      // A first pull that read no listing reads the whole history here: it covers its streams.
      const coversNow = taken ? {} : { covers };
      const created = since ? { createdFrom: brasiliaDateTime(new Date(since)), createdTo: OPEN_END } : {};
      const q = { ...base, cursor: position.cursor, ...created };
      for await (const page of eventStreamPages(h, type, q, { signal })) {
        yield {
          docs: page.items.map((item) => eventDocument(type, item, key.owner, h.bytesOf)),
          from: `cursor ${page.cursor}`,
          resume: { cursor: page.next, paginator: null, createdHighWater: since, ...coversNow },
        };
      }
    },
  };
}
