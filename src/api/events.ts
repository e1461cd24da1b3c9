// Event endpoints: the events of one document (GET /v2/nfe/events, R30, and the designed
// per-document endpoints) and the account-wide streams /v1/events/{type} with their page iterator.
import type { HttpClient, QueryValue } from './http.js';
import { paginateCursor, type CursorPage } from './paginate.js';
import {
  DOC_EVENTS_ENDPOINTS,
  docEventsResponseSchema,
  eventStreamPageSchema,
  eventStreamPath,
  type DocEventItem,
  type DocEventsEndpointName,
  type EventDocType,
  type EventStreamPage,
  type EventStreamQuery,
  type StreamEventItem,
} from './wire/events.js';

/** The events of one document from one endpoint, optionally only some codes (`type[]`). */
export async function documentEvents(http: HttpClient, endpoint: DocEventsEndpointName, id: string, types?: readonly string[]): Promise<DocEventItem[]> {
  const { path, param } = DOC_EVENTS_ENDPOINTS[endpoint];
  const res = await http.request({
    method: 'GET',
    path,
    query: { [param]: id, 'type[]': types?.length ? types : undefined },
    schema: docEventsResponseSchema,
  });
  return res.body.data;
}

/** GET /v2/nfe/events (spec 4.15, R30): one NF-e or NFC-e, items `{type, xml}`. */
export const nfeEventsV2 = (http: HttpClient, accessKey: string, types?: readonly string[]) => documentEvents(http, 'nfeV2', accessKey, types);
/** GET /v1/dfe/nfe/events (designed): items also carry `seq` and `created_at`. */
export const nfeEventsV1 = (http: HttpClient, accessKey: string, types?: readonly string[]) => documentEvents(http, 'nfeV1', accessKey, types);
/** GET /v1/cte/events (designed). */
export const cteEventsV1 = (http: HttpClient, accessKey: string, types?: readonly string[]) => documentEvents(http, 'cteV1', accessKey, types);
/** GET /v2/cte/events (designed like /v2/nfe/events). */
export const cteEventsV2 = (http: HttpClient, accessKey: string, types?: readonly string[]) => documentEvents(http, 'cteV2', accessKey, types);
/** GET /v1/cte-os/events (designed). */
export const cteOsEvents = (http: HttpClient, accessKey: string, types?: readonly string[]) => documentEvents(http, 'cteosV1', accessKey, types);
/** GET /v1/mdfe/events (designed). */
export const mdfeEvents = (http: HttpClient, accessKey: string, types?: readonly string[]) => documentEvents(http, 'mdfeV1', accessKey, types);
/** GET /v1/nfse/events?id= (designed): the NFS-e by its R10 id. */
export const nfseEvents = (http: HttpClient, id: string, types?: readonly string[]) => documentEvents(http, 'nfseV1', id, types);

/** The query string of a stream, names as the service spells them (R11, R15). */
export function eventStreamQueryParams(q: EventStreamQuery): Record<string, QueryValue> {
  return {
    cursor: q.cursor,
    limit: q.limit,
    'type[]': q.types?.length ? q.types : undefined,
    'cnpj[]': q.cnpjs?.length ? q.cnpjs : undefined,
    'created_at[from]': q.createdFrom,
    'created_at[to]': q.createdTo,
  };
}

/** One page of GET /v1/events/{type}; the signature is checked so a damaged page is fetched again (R14). */
export async function listEventStream(http: HttpClient, type: EventDocType, q: EventStreamQuery): Promise<EventStreamPage> {
  const res = await http.request({
    method: 'GET',
    path: eventStreamPath(type),
    query: eventStreamQueryParams(q),
    schema: eventStreamPageSchema,
    verifySignature: true,
  });
  return res.body;
}

/** Every page from `q.cursor` (default 0) to the end of the stream; `next` of the last page resumes (R13). */
export function eventStreamPages(
  http: HttpClient,
  type: EventDocType,
  q: EventStreamQuery,
  opts: { signal?: AbortSignal } = {},
): AsyncIterable<CursorPage<StreamEventItem>> {
  return paginateCursor((cursor) => listEventStream(http, type, { ...q, cursor }), { start: q.cursor ?? 0, ...opts });
}
