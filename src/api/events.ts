// Event endpoints: the events of one document (GET /v2/nfe/events, R30, and the designed
// per-document endpoints), the account-wide streams /v1/events/{type} with their page iterator,
// and the event batches (R32, designed: docs/events.md).
import { requestData, type HttpClient, type QueryValue } from './http.js';
import { listingPages } from './paginate.js';
import {
  docEventsEndpoint,
  EVENT_BATCH_PATH,
  batchAcceptedSchema,
  batchStatusSchema,
  docEventsResponseSchema,
  eventBatchStatusPath,
  eventStreamPageSchema,
  eventStreamPath,
  type BatchAccepted,
  type BatchData,
  type BatchEvent,
  type DocEventItem,
  type EventDocType,
  type EventStreamPage,
  type EventStreamQuery,
} from './wire/events.js';

/** The events of one document (an access key, or the R10 id of an NFS-e), optionally only some codes (`type[]`). */
export async function documentEvents(
  http: HttpClient,
  type: EventDocType,
  id: string,
  codes?: readonly string[],
): Promise<DocEventItem[]> {
  const { path, param } = docEventsEndpoint(type);
  return requestData(http, {
    method: 'GET',
    path,
    query: { [param]: id, 'type[]': codes?.length ? codes : undefined },
    schema: docEventsResponseSchema,
  });
}

/** The query string of a stream, names as the service spells them (R11, R15). */
function eventStreamQueryParams(q: EventStreamQuery): Record<string, QueryValue> {
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
async function listEventStream(http: HttpClient, type: EventDocType, q: EventStreamQuery): Promise<EventStreamPage> {
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
export const eventStreamPages = listingPages(listEventStream);

/** Sends a batch of events. Not retried: a repeated batch would be processed twice. */
export async function submitEventBatch(http: HttpClient, events: BatchEvent[]): Promise<BatchAccepted> {
  return requestData(http, {
    method: 'POST',
    path: EVENT_BATCH_PATH,
    body: { events },
    schema: batchAcceptedSchema,
  });
}

/** Where a batch stands and the results of its events so far (retried: a read). */
export async function eventBatchStatus(http: HttpClient, batchId: string): Promise<BatchData> {
  return requestData(http, { method: 'GET', path: eventBatchStatusPath(batchId), schema: batchStatusSchema });
}
