// MDF-e endpoints (designed): POST /v1/dfe/mdfe and GET /v1/mdfe/{role}, plus their page iterators.
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
  mdfeSearchResponseSchema,
  mdfeV1PageSchema,
  type MdfeFilters,
  type MdfeRecord,
  type MdfeRole,
  type MdfeSearchRequest,
  type MdfeSearchResponse,
  type MdfeStatus,
  type MdfeV1Item,
  type MdfeV1Query,
} from './wire/mdfe.js';

/** POST /v1/dfe/mdfe, the body search. */
const MDFE_SEARCH: Endpoint = searchEndpoint('mdfe');

/** GET /v1/mdfe/{role}, the role listing. */
function mdfeV1Listing(role: MdfeRole): Endpoint {
  return listingEndpoint('mdfe', role);
}

/** An MDF-e search in the client's words: the checked values of the flags of the same names. */
export interface MdfeSearchFilters extends DocumentFilters {
  role?: MdfeRole[] | undefined;
  status?: MdfeStatus | undefined;
  uf?: string[] | undefined;
  plate?: string[] | undefined;
  cte?: string[] | undefined;
  nfe?: string[] | undefined;
  tag?: string[] | undefined;
  prop?: PropertyFilter[] | undefined;
}

/** The `Filters` of POST /v1/dfe/mdfe for `o` (R23). */
export function mdfeFilters(o: MdfeSearchFilters, now: Date): MdfeFilters {
  const f: MdfeFilters = commonBodyFilters(o, now);
  if (o.role) f.OwnerRoles = [...new Set(o.role)];
  if (o.status) f.Status = o.status;
  if (o.uf) f.Ufs = o.uf;
  if (o.plate) f.Plate = o.plate;
  if (o.cte) f.Ctes = o.cte;
  if (o.nfe) f.Nfes = o.nfe;
  if (o.tag) f.Tags = o.tag;
  if (o.prop) f.CustomData = o.prop;
  return f;
}

async function searchMdfe(http: HttpClient, req: MdfeSearchRequest): Promise<MdfeSearchResponse> {
  const res = await http.request({ ...MDFE_SEARCH, body: req, schema: mdfeSearchResponseSchema, retry: true });
  return res.body;
}

export function mdfeSearchPages(
  http: HttpClient,
  req: MdfeSearchRequest,
  opts: { signal?: AbortSignal } = {},
): AsyncIterable<TokenPage<MdfeRecord>> {
  const { Paginator: start, ...rest } = req;
  return paginateToken(
    async (token) => {
      const page = await searchMdfe(http, token === undefined ? rest : { ...rest, Paginator: token });
      return { items: page.Mdfes, token: page.Paginator, total: page.Total };
    },
    { ...(start ? { start } : {}), ...opts },
  );
}

async function listMdfeV1(http: HttpClient, role: MdfeRole, q: MdfeV1Query): Promise<V1Page<MdfeV1Item>> {
  const res = await http.request({
    ...mdfeV1Listing(role),
    query: nfeV1QueryParams(q),
    schema: mdfeV1PageSchema,
    verifySignature: true,
  });
  return res.body;
}

export const mdfeV1Pages = listingPages(listMdfeV1);
