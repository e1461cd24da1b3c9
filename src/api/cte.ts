// CT-e and CT-e OS endpoints: POST /v1/dfe/cte (R21), POST /v1/dfe/cteos (R24) and the v1 role
// listings GET /v1/cte/{role}, /v1/cte-os/{role} (R11-R17), one typed function each, plus their
// page iterators. Commands call these and never build URLs themselves.
import {
  commonBodyFilters,
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
import {
  cteResponseSchema,
  cteV1PageSchema,
  type CteOsRequest,
  type CteOsRole,
  type CteRecord,
  type CteRequest,
  type CteResponse,
  type CteRole,
  type CteV1Item,
  type CteFilters,
  type CteTypeCode,
  type CteV1Query,
} from './wire/cte.js';

export type CteKind = 'cte' | 'cteos';

/** POST /v1/dfe/cte or /v1/dfe/cteos, the body search. */
export function cteSearch(kind: CteKind): Endpoint {
  return searchEndpoint(kind);
}

/** GET /v1/cte/{role} or /v1/cte-os/{role}, the role listing. */
export function cteV1Listing(kind: CteKind, role: CteRole | CteOsRole): Endpoint {
  return listingEndpoint(kind, role);
}

/** A CT-e (OS) search in the client's words: the checked values of the flags of the same names. */
export interface CteSearchFilters extends DocumentFilters {
  status?: 'authorized' | 'canceled' | undefined;
  /** Access keys: the body search takes the first (DocumentIdentifier). */
  key?: string[] | undefined;
  cteType?: CteTypeCode[] | undefined;
  nfe?: string[] | undefined;
  cfop?: string[] | undefined;
  tag?: string[] | undefined;
  origin?: string[] | undefined;
  hasCce?: boolean | undefined;
  hasManifestation?: boolean | undefined;
  prop?: PropertyFilter[] | undefined;
  /** R21: the taker's documents, or every other; CT-e only (R24). */
  isTaker?: boolean | undefined;
}

/** The `Filters` of POST /v1/dfe/cte(os) for `o` (R21, R23, R24). */
export function cteFilters(o: CteSearchFilters, now: Date): CteFilters {
  const f: CteFilters = commonBodyFilters(o, now);
  if (o.key?.[0]) f.DocumentIdentifier = o.key[0];
  if (o.status) f.Status = o.status;
  // Spec 4.2 gives Origin as an array.
  if (o.origin) f.Origin = o.origin;
  if (o.hasCce !== undefined) f.HasCCE = o.hasCce;
  if (o.hasManifestation !== undefined) f.HasManifestation = o.hasManifestation;
  if (o.cfop) f.Cfops = o.cfop;
  if (o.nfe) f.Nfes = o.nfe;
  if (o.tag) f.Tags = o.tag;
  if (o.cteType) f.Types = o.cteType;
  if (o.prop) f.CustomData = o.prop;
  if (o.isTaker !== undefined) f.IsTaker = o.isTaker;
  return f;
}

/** One page of POST /v1/dfe/cte. A list read, so it is retried although it is a POST. */
async function searchCte(http: HttpClient, req: CteRequest): Promise<CteResponse> {
  const res = await http.request({ ...cteSearch('cte'), body: req, schema: cteResponseSchema, retry: true });
  return res.body;
}

/** One page of POST /v1/dfe/cteos: every role of the Owners (R24). */
async function searchCteOs(http: HttpClient, req: CteOsRequest): Promise<CteResponse> {
  const res = await http.request({ ...cteSearch('cteos'), body: req, schema: cteResponseSchema, retry: true });
  return res.body;
}

function tokenPages<R extends CteRequest | CteOsRequest>(
  search: (http: HttpClient, req: R) => Promise<CteResponse>,
  http: HttpClient,
  req: R,
  opts: { signal?: AbortSignal },
): AsyncIterable<TokenPage<CteRecord>> {
  const { Paginator: start, ...rest } = req;
  return paginateToken(
    async (token) => {
      const page = await search(http, (token === undefined ? rest : { ...rest, Paginator: token }) as R);
      return { items: page.Ctes, token: page.Paginator, total: page.Total };
    },
    { ...(start ? { start } : {}), ...opts },
  );
}

/** Every page of a CT-e search, following `Paginator` from `req.Paginator` (or the start). */
export function ctePages(
  http: HttpClient,
  req: CteRequest,
  opts: { signal?: AbortSignal } = {},
): AsyncIterable<TokenPage<CteRecord>> {
  return tokenPages(searchCte, http, req, opts);
}

export function cteOsPages(
  http: HttpClient,
  req: CteOsRequest,
  opts: { signal?: AbortSignal } = {},
): AsyncIterable<TokenPage<CteRecord>> {
  return tokenPages(searchCteOs, http, req, opts);
}

async function listV1(http: HttpClient, endpoint: Endpoint, q: CteV1Query): Promise<V1Page<CteV1Item>> {
  // The query is the NF-e listing's (R11, R15-R17); the signature is checked so a damaged page is fetched again (R14).
  const res = await http.request({
    ...endpoint,
    query: nfeV1QueryParams(q),
    schema: cteV1PageSchema,
    verifySignature: true,
  });
  return res.body;
}

/** One page of GET /v1/cte/{role}. */
function listCteV1(http: HttpClient, role: CteRole, q: CteV1Query): Promise<V1Page<CteV1Item>> {
  return listV1(http, cteV1Listing('cte', role), q);
}

/** One page of GET /v1/cte-os/{role}. */
function listCteOsV1(http: HttpClient, role: CteOsRole, q: CteV1Query): Promise<V1Page<CteV1Item>> {
  return listV1(http, cteV1Listing('cteos', role), q);
}

/** Every page from `q.cursor` (default 0) to the end of the stream (R12, R13). */
export const cteV1Pages = listingPages(listCteV1);

export const cteOsV1Pages = listingPages(listCteOsV1);
