// The account's stream of events of one document type (GET /v1/events/{type}, designed, v1 cursor
// paging) as a stream of the pull engine's events phase. Each event is written beside the copies
// of its document already in the folder; its own checkpoint makes the next run read only the
// events that arrived since (R13). A first pull whose document listings say which documents are
// canceled (NF-e) takes the statuses from them and starts the stream at the present instead of
// reading years of events (docs/catalog.md); `--with-events` reads the whole history.
import { eventStreamPages } from '../../api/events.js';
import { InterruptedError } from '../../errors.js';
import { brasiliaDateTime, brasiliaDayStart } from '../../fiscal/dates.js';
import type { HttpClient } from '../../api/http.js';
import type { EventDocType, StreamEventItem } from '../../api/wire/events.js';
import type { StreamKey } from '../checkpoint.js';
import { canonicalJson } from '../checkpoint.js';
import { fromBase64, pageClient, type ListedStatuses, type PulledDocument, type StreamSource } from '../source.js';

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
 * The events of `type` (of the stream owner's documents when `key.owner` is set), from where the
 * checkpoint stopped. `canceled`: on a first run, the document listings' statuses instead of the
 * history (each listing of the run's documents of this owner; the stream then starts at the present).
 */
export function eventsSource(
  http: HttpClient,
  key: StreamKey,
  type: EventDocType,
  canceled?: readonly ((signal: AbortSignal) => Promise<ListedStatuses>)[],
): StreamSource {
  const cnpjs = key.owner ? [key.owner] : undefined;
  return {
    key,
    endpoint: 'v1',
    filters: canonicalJson({ events: type, cnpjs }),
    label: `${type} events${key.owner ? ` ${key.owner}` : ''}`,
    phase: 'events',
    async *pages(start, signal) {
      // Where the stream starts in time (ISO 8601): the checkpoint's, since the cursor continues
      // that query; null for the whole history.
      let since = start?.createdHighWater ?? null;
      // A checkpoint that never moved (a run stopped within the listing's statuses, or before the
      // stream's first page) starts over: the listing is read again (a status learnt twice is once).
      const fresh = !start || (start.pages === 0 && start.createdHighWater === null);
      const listed = fresh && canceled?.length ? await listedOrNone(canceled, signal) : undefined;
      if (listed) {
        const at = new Date(brasiliaDayStart(Math.min(...listed.map((l) => l.at)) - PRESENT_MARGIN_MS)).toISOString();
        const resume = { cursor: 0, paginator: null, createdHighWater: at };
        const from = 'the listing of canceled documents';
        // Each page of statuses journaled with the commit that takes it, parts of one page whose
        // position moves with the last: what is held does not grow with the account.
        let whole = true;
        try {
          for (const l of listed)
            for await (const statuses of l.pages) yield { docs: [], statuses, from, resume, continued: true };
        } catch (error) {
          if (error instanceof InterruptedError || signal.aborted) throw error;
          // Cut short: the history is read instead, as when the listing cannot be read at all.
          whole = false;
        }
        if (whole) {
          since = at;
          // Committed before the stream is read: a run stopped after it goes on at the present.
          yield { docs: [], statuses: [], from, resume };
        }
      }
      const created = since ? { createdFrom: brasiliaDateTime(new Date(since)), createdTo: OPEN_END } : {};
      const q = { cursor: start?.cursor ?? 0, limit: 50, ...(cnpjs ? { cnpjs } : {}), ...created };
      const h = pageClient(http, signal);
      for await (const page of eventStreamPages(h, type, q, { signal })) {
        yield {
          docs: page.items.map((item) => eventDocument(type, item, key.owner, h.bytesOf)),
          from: `cursor ${page.cursor}`,
          resume: { cursor: page.next, paginator: null, createdHighWater: since },
        };
      }
    },
  };
}
