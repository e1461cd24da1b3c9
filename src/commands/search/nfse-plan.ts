// Which endpoint answers a `search nfse`, and the request it gets. Pure.
//
// POST /v1/dfe/nfse has every filter but no property expression; GET /v1/nfse/{role} has the
// expression (R17) but one role, owners and reception dates only. --filter picks the listing.
import { NFSE_DEFAULT_FIELDS, NFSE_LIMIT_MAX, OWNER_ROLE_OF, type NfseField, type NfseFilters, type NfseRole, type NfseSearchRequest, type NfseV1Query } from '../../api/wire/nfse.js';
import { V1_LIMIT_MAX } from '../../api/wire/nfe.js';
import { UsageError } from '../../errors.js';
import { brasiliaDateTime } from '../../fiscal/dates.js';
import type { NfseSearchOptions } from './nfse-options.js';
import { flagOf } from './write-records.js';

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
  if (o.createdFrom || o.createdTo) f.createdAt = range(o.createdFrom, o.createdTo);
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
  const other = SEARCH_ONLY.find((k) => o[k] !== undefined);
  if (other) {
    throw new UsageError(`--filter needs the role listing, which has no ${flagOf(other)} filter`, {
      details: ['run two searches, or express the condition as a custom property (--filter)'],
    });
  }
  const roles = [...new Set(o.role ?? [])];
  if (roles.length !== 1) throw new UsageError(`--role: --filter lists one role at a time, got ${roles.length ? roles.join(',') : 'none'}`);
  const cpf = o.owner?.find((v) => v.length !== 14);
  if (cpf) throw new UsageError(`--owner: the role listing takes 14-digit CNPJs only, got "${cpf}"`);
  const unavailable = o.fields?.find((f) => !NFSE_V1_FIELDS.includes(f));
  if (unavailable) throw new UsageError(`--fields: ${unavailable} is not available with --filter; the role listing gives ${NFSE_V1_FIELDS.join(', ')}`);
  const query: NfseV1Query = { limit: Math.min(limit ?? V1_LIMIT_MAX, V1_LIMIT_MAX), filter: o.filter! };
  if (o.owner) query.cnpjs = o.owner;
  // R15: the two created_at bounds go together; an open side becomes the epoch or now.
  if (o.createdFrom || o.createdTo) {
    query.createdFrom = o.createdFrom ?? '2000-01-01';
    query.createdTo = o.createdTo ?? brasiliaDateTime(now);
  }
  return { api: 'v1', role: roles[0]!, query, limit, fields: o.fields ?? ['document'] };
}

function range(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
