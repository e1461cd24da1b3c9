// GET /v1/nfse/events (R37): with `id`, one note's events (designed, as the other per-document
// event endpoints); without it, the listing real clients call: the account's NFS-e events in the
// order the service received them (the stream of /v1/events/nfse), by `type[]`, `cnpj[]`,
// `created_at`, `limit`, cursor, and `id[]` (any id form of the note). A parameter it does not
// read is a 400 naming it (R36).
import { docEventsEndpoint } from '../../../api/wire/events.js';
import { nfseId } from '../../data/nfse.js';
import type { StreamEvent } from '../../event-index.js';
import type { StoredNfse } from '../../model-docs.js';
import { HttpError, v1FieldErrors, type Reply } from '../../respond.js';
import type { RequestContext } from '../../router.js';
import { documentEvents } from '../events/documents.js';
import { eventStreamPage, parseStreamQuery } from '../events/stream.js';
import { arrayParam } from '../listing/v1-listing.js';
import { nfseAnyIdProblem } from './query.js';
import { nfseV2Id } from './records.js';

const LISTING_PARAMS = ['type[]', 'limit', 'cursor', 'id[]', 'cnpj[]', 'created_at[from]', 'created_at[to]'];

export function nfseEvents(ctx: RequestContext): Reply {
  const params = ctx.url.searchParams;
  if (params.has('id')) return documentEvents(ctx, docEventsEndpoint('nfse'));
  const problems: Record<string, string[]> = {};
  for (const key of new Set(params.keys()))
    if (!LISTING_PARAMS.includes(key.replace(/\[\d*\]$/, '[]')))
      (problems[key] ??= []).push(
        `is not a parameter of /v1/nfse/events; it reads id (one note) or ${LISTING_PARAMS.join(', ')}`,
      );
  const ids = arrayParam(params, 'id');
  for (const id of ids ?? []) {
    const why = nfseAnyIdProblem(id);
    if (why) (problems['id[]'] ??= []).push(why);
  }
  if (Object.keys(problems).length > 0) throw new HttpError(v1FieldErrors(400, problems));
  const q = parseStreamQuery(ctx, 'nfse');
  return eventStreamPage(ctx, q, ids ? hasId(new Set(ids)) : undefined);
}

/** Whether an event's note has one of `ids`, as any of its owners names it. */
function hasId(ids: Set<string>): (e: StreamEvent) => boolean {
  return ({ doc }) => {
    const note = doc as StoredNfse;
    if (ids.has(note.documentId)) return true;
    return note.roles.some((r) => ids.has(nfseId(r.owner, note)) || ids.has(nfseV2Id(nfseId(r.owner, note))));
  };
}
