// Which endpoint answers a `search nfse`, and the request it gets. Pure.
//
// POST /v1/dfe/nfse has every filter but no property expression; GET /v1/nfse/{role} has the
// expression (R17) but one role, owners and reception dates only. --filter picks the listing.
import { NFSE_DEFAULT_FIELDS, NFSE_LIMIT_MAX, OWNER_ROLE_OF, type NfseField, type NfseFilters, type NfseRole, type NfseSearchRequest, type NfseV1Query } from '../../api/wire/nfse.js';
import type { NfseSearchOptions } from './nfse-options.js';
import { createdToValue } from './body-filters.js';
import { roleListingQuery } from './role-listing.js';

export const DEFAULT_LIMIT = 50;
/** Fields the listing can give: read from the XML it returns. */
export const NFSE_V1_FIELDS: NfseField[] = ['document', 'xmlAbrasf'];

export type NfseSearchPlan =
  | { api: 'search'; request: NfseSearchRequest; limit: number | undefined }
  | { api: 'v1'; role: NfseRole; query: NfseV1Query; limit: number | undefined; fields: NfseField[] };

const SEARCH_ONLY: (keyof NfseSearchOptions)[] = ['competence', 'canceled', 'taker', 'emitter', 'id', 'from', 'to', 'origin', 'prop'];

export function planNfseSearch(o: NfseSearchOptions, now: Date): NfseSearchPlan {
  const limit = o.all ? undefined : (o.limit ?? DEFAULT_LIMIT);
  if (o.filter !== undefined) return planV1(o, limit, now);
  const f: NfseFilters = {};
  if (o.createdFrom || o.createdTo) f.createdAt = range(o.createdFrom, createdToValue(o.createdTo, now));
  if (o.from || o.to) f.emissionDate = range(o.from, o.to);
  if (o.id) f.documentIdentifier = o.id;
  if (o.owner) f.owners = o.owner;
  if (o.emitter) f.emitterCnpj = o.emitter;
  if (o.taker) f.takerCnpj = o.taker;
  if (o.origin) f.origin = o.origin;
  // R22: the string "true" or "false".
  if (o.canceled !== undefined) f.isCanceled = o.canceled ? 'true' : 'false';
  if (o.role) f.ownerRoles = [...new Set(o.role.map((r) => OWNER_ROLE_OF[r]))];
  if (o.competence) f.competence = o.competence;
  if (o.prop) f.customData = o.prop;
  return {
    api: 'search',
    request: { fields: o.fields ?? NFSE_DEFAULT_FIELDS, filters: f, limit: Math.min(limit ?? NFSE_LIMIT_MAX, NFSE_LIMIT_MAX) },
    limit,
  };
}

function planV1(o: NfseSearchOptions, limit: number | undefined, now: Date): NfseSearchPlan {
  const { role, query } = roleListingQuery(o, { searchOnly: SEARCH_ONLY, fields: NFSE_V1_FIELDS }, limit, now);
  return { api: 'v1', role: role as NfseRole, query, limit, fields: o.fields ?? ['document'] };
}

function range(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
