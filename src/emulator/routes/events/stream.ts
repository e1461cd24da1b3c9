// GET /v1/events/{type} (designed; the spec names /v1/events/nfe): the account's events of one
// document type in the order the service received them, for incremental sync. v1 cursor paging as
// /v1/nfe/{role} (R11-R14): the cursor is a stable stream position, next is never null, pages are
// signed. Filters: type[] (6 digits), cnpj[] (owners), created_at[from] + [to] (R15, event time;
// `to` may be `now`).
import {
  EVENT_DOC_TYPES,
  EVENT_STREAM_PATH,
  eventStreamPageSchema,
  type EventDocType,
  type StreamEventItem,
} from '../../../api/wire/events.js';
import { V1_LIMIT_MAX } from '../../../api/wire/nfe.js';
import { streamEventXml, type StreamEvent } from '../../event-index.js';
import { badRequest, HttpError, v1FieldErrors, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { addProblem, arrayParam, eventTypes, scalarParam, type Problems } from './query.js';
import { createdRange, pageReply, V1_LIMIT_DEFAULT } from '../listing/v1-listing.js';

export function registerEventStream(router: Router): void {
  router.add('GET', EVENT_STREAM_PATH, listEvents, { errors: 'v1' });
}

interface StreamQuery {
  type: EventDocType;
  limit: number;
  cursor: number;
  types?: Set<string> | undefined;
  cnpjs?: Set<string>;
  created?: { from: number; to: number };
}

export function parseStreamQuery(ctx: RequestContext, type: string): StreamQuery {
  if (!(EVENT_DOC_TYPES as readonly string[]).includes(type)) {
    throw badRequest('v1', `invalid document type "${type}"; expected one of ${EVENT_DOC_TYPES.join(', ')}`);
  }
  const params = ctx.url.searchParams;
  const problems: Problems = {};
  const query: StreamQuery = { type: type as EventDocType, limit: V1_LIMIT_DEFAULT, cursor: 0 };
  const limit = scalarParam(params, 'limit');
  if (limit !== undefined) {
    if (/^\d{1,6}$/.test(limit) && +limit >= 1 && +limit <= V1_LIMIT_MAX) query.limit = +limit;
    else addProblem(problems, 'limit', `must be an integer from 1 to ${V1_LIMIT_MAX}, got "${limit}"`);
  }
  const cursor = scalarParam(params, 'cursor');
  if (cursor !== undefined) {
    if (/^\d{1,15}$/.test(cursor)) query.cursor = +cursor;
    else addProblem(problems, 'cursor', `must be a non-negative integer, got "${cursor}"`);
  }
  query.types = eventTypes(params, problems);
  const cnpjs = arrayParam(params, 'cnpj');
  for (const cnpj of cnpjs ?? [])
    if (!/^\d{14}$|^\d{11}$/.test(cnpj))
      addProblem(problems, 'cnpj', `each item is a CNPJ (14 digits) or CPF (11), got "${cnpj}"`);
  if (cnpjs) query.cnpjs = new Set(cnpjs);
  const created = createdRange(params, (field, message) => addProblem(problems, field, message), ctx.now());
  if (created) query.created = created;
  if (Object.keys(problems).length > 0) throw new HttpError(v1FieldErrors(400, problems));
  return query;
}

function matcher(q: StreamQuery): (e: StreamEvent) => boolean {
  return ({ doc, event, createdMs }) =>
    (!q.types || q.types.has(event.type)) &&
    (!q.cnpjs || doc.roles.some((r) => q.cnpjs!.has(r.owner))) &&
    (!q.created || (createdMs >= q.created.from && createdMs <= q.created.to));
}

function toItem(type: EventDocType, { doc, event }: StreamEvent): StreamEventItem {
  const ref = 'accessKey' in doc ? { access_key: doc.accessKey } : { id: doc.id };
  const xml = Buffer.from(streamEventXml(type, doc, event), 'utf8').toString('base64');
  return { ...ref, type: event.type, seq: event.seq, created_at: event.createdAt, xml };
}

function listEvents(ctx: RequestContext): Reply {
  return eventStreamPage(ctx, parseStreamQuery(ctx, ctx.params.type!));
}

/** One page of the stream of `q.type`; `also` narrows it further (the `id[]` of /v1/nfse/events). */
export function eventStreamPage(ctx: RequestContext, q: StreamQuery, also?: (e: StreamEvent) => boolean): Reply {
  const base = matcher(q);
  const matches = also ? (e: StreamEvent) => base(e) && also(e) : base;
  const data: StreamEventItem[] = [];
  let last: number | undefined;
  // R13: the cursor is a stream position; events at or after it are read in position order.
  for (const entry of ctx.store.eventsOf(ctx.account.id, q.type).from(q.cursor)) {
    if (data.length >= q.limit) break;
    if (!matches(entry)) continue;
    data.push(toItem(q.type, entry));
    last = entry.position;
  }
  return pageReply(ctx, q.cursor, data, last, eventStreamPageSchema);
}
