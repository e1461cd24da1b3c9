// The events of one document: GET /v2/nfe/events (spec 4.15, R30) and, designed the same way,
// /v1/dfe/nfe/events, /v1/cte/events, /v2/cte/events, /v1/cte-os/events, /v1/mdfe/events and
// /v1/nfse/events. One document per call; the key must be valid (R7) and of the path's model
// (the NF-e endpoints also serve NFC-e, model 65); a document the account does not hold is a 404 (R3).
import {
  DOC_EVENTS_ENDPOINTS,
  docEventsEndpoint,
  NFSE_ID,
  docEventsResponseSchema,
  type DocEventItem,
  type DocEventsEndpoint,
  type EventDocType,
} from '../../../api/wire/events.js';
import { accessKeyProblem, parseAccessKey } from '../../../fiscal/access-key.js';
import { typeOfModel } from '../../../fiscal/doc-types.js';
import { streamEventXml, type EventDoc } from '../../event-index.js';
import { HttpError, okAs, v1Error, v1FieldErrors, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { addProblem, arrayParam, eventTypes, type Problems } from './query.js';

export function registerDocumentEvents(router: Router): void {
  for (const endpoint of DOC_EVENTS_ENDPOINTS) {
    // The NFS-e routes serve /v1/nfse/events: one note's events by `id`, and a listing (R37).
    if (endpoint === docEventsEndpoint('nfse')) continue;
    router.add('GET', endpoint.path, (ctx) => documentEvents(ctx, endpoint), { errors: 'v1' });
  }
}

interface DocEventsQuery {
  type: EventDocType;
  id: string;
  types?: Set<string> | undefined;
}

function parseQuery(ctx: RequestContext, endpoint: DocEventsEndpoint): DocEventsQuery {
  const params = ctx.url.searchParams;
  const problems: Problems = {};
  const name = endpoint.param;
  const values = params.getAll(name);
  const id = values[0];
  let type: EventDocType = 'nfse';
  if (values.length > 1 || arrayParam(params, name)) addProblem(problems, name, 'one document per call');
  else if (id === undefined || id === '') addProblem(problems, name, 'is required');
  else if (name === 'id') {
    if (!NFSE_ID.test(id))
      addProblem(
        problems,
        name,
        `an NFS-e id reads <owner>:<emitter>:<yyyy-mm-dd>:<number> (owner optional), got "${id}"`,
      );
  } else if (id.length !== 44) {
    addProblem(problems, name, `an access key has 44 characters, "${id}" has ${id.length}`);
  } else {
    const problem = accessKeyProblem(id);
    const model = parseAccessKey(id).model;
    if (problem) addProblem(problems, name, `invalid access key "${id}": ${problem}`);
    else if (!endpoint.models.includes(model))
      addProblem(
        problems,
        name,
        `"${id}" is a key of model ${model}; ${endpoint.path} takes model ${endpoint.models.join(' or ')}`,
      );
    else type = typeOfModel(model) as EventDocType;
  }
  const types = eventTypes(params, problems);
  if (Object.keys(problems).length > 0) throw new HttpError(v1FieldErrors(400, problems));
  return { type, id: id!, types };
}

function findDocument(ctx: RequestContext, type: EventDocType, id: string): EventDoc | undefined {
  return type === 'nfe' ? ctx.store.findNfe(ctx.account.id, id) : ctx.store.findDoc(ctx.account.id, type, id);
}

export function documentEvents(ctx: RequestContext, endpoint: DocEventsEndpoint): Reply {
  const q = parseQuery(ctx, endpoint);
  const doc = findDocument(ctx, q.type, q.id);
  // R3: another account's document is not found, exactly like one that does not exist.
  if (!doc) throw new HttpError(v1Error(404, `no document with ${endpoint.param} ${q.id}`));
  const data: DocEventItem[] = [];
  for (const event of doc.events) {
    if (q.types && !q.types.has(event.type)) continue;
    const xml = Buffer.from(streamEventXml(q.type, doc, event), 'utf8').toString('base64');
    data.push(
      endpoint.detailed
        ? { type: event.type, seq: event.seq, created_at: event.createdAt, xml }
        : { type: event.type, xml },
    );
  }
  return okAs(docEventsResponseSchema, { data });
}
