// NFS-e endpoints: POST /v1/dfe/nfse (R22), GET /v1/nfse/{role} (R11-R17), GET
// /v2/nfse/received (R16), and the manual listing, properties and events listing (R37), one typed
// function each, plus their page iterators.
import {
  createdToValue,
  listingEndpoint,
  searchEndpoint,
  type DocumentFilters,
  type Endpoint,
  type PropertyFilter,
} from './document-filters.js';
import type { HttpClient } from './http.js';
import { nfeV1QueryParams } from './nfe.js';
import { listingPages, paginateToken, type TokenPage } from './paginate.js';
import type { V1Page } from './wire/common.js';
import { propertyPath } from './wire/props.js';
import {
  NFSE_EVENTS_PATH,
  NFSE_MANUAL_PATH,
  OWNER_ROLE_OF,
  nfseEventsPageSchema,
  nfseManualPageSchema,
  nfsePropertyResponseSchema,
  nfseSearchResponseSchema,
  nfseV1PageSchema,
  nfseV2PageSchema,
  type NfseFilters,
  type NfsePropertyRequest,
  type NfsePropertyResponse,
  type NfseRecord,
  type NfseRole,
  type NfseSearchRequest,
  type NfseSearchResponse,
  type NfseV1Item,
  type NfseV1Query,
} from './wire/nfse.js';

/** POST /v1/dfe/nfse, the body search. */
export const NFSE_SEARCH: Endpoint = searchEndpoint('nfse');

/** GET /v1/nfse/{role}, the role listing. */
function nfseV1Listing(role: NfseRole): Endpoint {
  return listingEndpoint('nfse', role);
}

/** An NFS-e search in the client's words: the checked values of the flags of the same names. */
export interface NfseSearchFilters extends DocumentFilters {
  role?: NfseRole[] | undefined;
  competence?: string[] | undefined;
  canceled?: boolean | undefined;
  taker?: string[] | undefined;
  /** R10: `<owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>`. */
  id?: string | undefined;
  origin?: string | undefined;
  prop?: PropertyFilter[] | undefined;
}

/** The `filters` of POST /v1/dfe/nfse for `o`, lower camel case (R22, R23). */
export function nfseFilters(o: NfseSearchFilters, now: Date): NfseFilters {
  const f: NfseFilters = {};
  if (o.createdFrom || o.createdTo) f.createdAt = lowerRange(o.createdFrom, createdToValue(o.createdTo, now));
  if (o.from || o.to) f.emissionDate = lowerRange(o.from, o.to);
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
  return f;
}

function lowerRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** One page of POST /v1/dfe/nfse. A list read, so it is retried although it is a POST. */
async function searchNfse(http: HttpClient, req: NfseSearchRequest): Promise<NfseSearchResponse> {
  const res = await http.request({ ...NFSE_SEARCH, body: req, schema: nfseSearchResponseSchema, retry: true });
  return res.body;
}

/** Every page of a body search, following `paginator` (R19a loop guards in paginateToken). */
export function nfseSearchPages(
  http: HttpClient,
  req: NfseSearchRequest,
  opts: { signal?: AbortSignal } = {},
): AsyncIterable<TokenPage<NfseRecord>> {
  const { paginator: start, ...rest } = req;
  return paginateToken(
    async (token) => {
      const page = await searchNfse(http, token === undefined ? rest : { ...rest, paginator: token });
      return { items: page.nfses, token: page.paginator, total: page.total };
    },
    { ...(start ? { start } : {}), ...opts },
  );
}

/** One page of GET /v1/nfse/{role}; the signature is checked (R14). */
async function listNfseV1(http: HttpClient, role: NfseRole, q: NfseV1Query): Promise<V1Page<NfseV1Item>> {
  const res = await http.request({
    ...nfseV1Listing(role),
    query: nfeV1QueryParams(q),
    schema: nfseV1PageSchema,
    verifySignature: true,
  });
  return res.body;
}

export const nfseV1Pages = listingPages(listNfseV1);

/** One page of GET /v1/nfse/received/manual, the notes ingested manually (R37). */
export async function listNfseManual(http: HttpClient, q: NfseV1Query): Promise<V1Page<NfseV1Item>> {
  const res = await http.request({
    method: 'GET',
    path: NFSE_MANUAL_PATH,
    query: nfeV1QueryParams(q),
    schema: nfseManualPageSchema,
    verifySignature: true,
  });
  return res.body;
}

/** PUT /v1/nfse/{role}/{property}: one value on at most 50 notes (R37). */
export async function setNfseProperty(
  http: HttpClient,
  role: NfseRole,
  property: string,
  data: NfsePropertyRequest['data'],
): Promise<NfsePropertyResponse['data']['result']> {
  const res = await http.request({
    method: 'PUT',
    path: propertyPath('nfse', role, property),
    body: { data },
    schema: nfsePropertyResponseSchema,
    // The same values set twice leave the same state, so it may be retried.
    retry: true,
  });
  return res.body.data.result;
}

/** The query of the NFS-e events listing (R37). */
interface NfseEventsQuery {
  cursor?: number;
  limit?: number;
  types?: string[];
  ids?: string[];
  cnpjs?: string[];
}

/** One page of GET /v1/nfse/events as a listing (R37). */
export async function listNfseEvents(http: HttpClient, q: NfseEventsQuery) {
  const res = await http.request({
    method: 'GET',
    path: NFSE_EVENTS_PATH,
    query: {
      cursor: q.cursor,
      limit: q.limit,
      'type[]': q.types?.length ? q.types : undefined,
      'id[]': q.ids?.length ? q.ids : undefined,
      'cnpj[]': q.cnpjs?.length ? q.cnpjs : undefined,
    },
    schema: nfseEventsPageSchema,
    verifySignature: true,
  });
  return res.body;
}
