// `pull --with-events`: the account's stream of events of one document type (GET /v1/events/{type},
// designed, v1 cursor paging) as a stream of the pull engine's events phase. Each event is written
// beside the copies of its document already in the folder; its own checkpoint makes the next run
// read only the events that arrived since (R13).
import { eventStreamPages } from '../../api/events.js';
import type { HttpClient } from '../../api/http.js';
import type { EventDocType, StreamEventItem } from '../../api/wire/events.js';
import type { StreamKey } from '../checkpoint.js';
import { canonicalJson } from '../checkpoint.js';
import { fromBase64, pageClient, type PulledDocument, type StreamSource } from '../source.js';

/** The role of an events stream in its checkpoint key: one stream per document type and owner. */
export const EVENTS_ROLE = 'events';

/** The key the document was filed under: the access key, or the NFS-e R10 id without the owner. */
export function eventDocumentKey(item: StreamEventItem): string {
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

/** The events of `type` (of the stream owner's documents when `key.owner` is set), from where the checkpoint stopped. */
export function eventsSource(http: HttpClient, key: StreamKey, type: EventDocType): StreamSource {
  const cnpjs = key.owner ? [key.owner] : undefined;
  return {
    key,
    endpoint: 'v1',
    filters: canonicalJson({ events: type, cnpjs }),
    label: `${type} events${key.owner ? ` ${key.owner}` : ''}`,
    phase: 'events',
    async *pages(start, signal) {
      const q = { cursor: start?.cursor ?? 0, limit: 50, ...(cnpjs ? { cnpjs } : {}) };
      const h = pageClient(http, signal);
      for await (const page of eventStreamPages(h, type, q, { signal })) {
        yield {
          docs: page.items.map((item) => eventDocument(type, item, key.owner, h.bytesOf)),
          from: `cursor ${page.cursor}`,
          resume: { cursor: page.next, paginator: null, createdHighWater: null },
        };
      }
    },
  };
}
