// NF-e endpoints: POST /v2/dfe/nfe (R18-R20) and GET /v1/nfe/{role} (R11-R17), one typed function
// each, plus their page iterators. Commands call these and never build URLs themselves.
import {
  commonBodyFilters,
  listingEndpoint,
  searchEndpoint,
  type DocumentFilters,
  type Endpoint,
  type PropertyFilter,
} from './document-filters.js';
import type { HttpClient, QueryValue } from './http.js';
import { ProtocolError, TemporaryError } from '../errors.js';
import { listingPages, paginateToken, type TokenPage } from './paginate.js';
import type { V1Page } from './wire/common.js';
import {
  V2_LIMIT_MAX,
  nfeV1PageSchema,
  nfeV2ResponseSchema,
  type NfeRole,
  type NfeV1Item,
  type NfeV1Query,
  type NfeV2Filters,
  type NfeV2Record,
  type NfeV2Request,
  type NfeV2Response,
} from './wire/nfe.js';

/** POST /v2/dfe/nfe, the body search. */
export const NFE_V2_SEARCH: Endpoint = searchEndpoint('nfe');

/** GET /v1/nfe/{role}, the role listing. */
export function nfeV1Listing(role: NfeRole): Endpoint {
  return listingEndpoint('nfe', role);
}

/** An NF-e search in the client's words: the checked values of the flags of the same names. */
export interface NfeSearchFilters extends DocumentFilters {
  role?: NfeRole[] | undefined;
  receiver?: string[] | undefined;
  transporter?: string[] | undefined;
  status?: 'authorized' | 'canceled' | undefined;
  /** Access keys: the body search takes the first (DocumentIdentifier). */
  key?: string[] | undefined;
  number?: { from: number; to: number } | undefined;
  cfop?: string[] | undefined;
  tag?: string[] | undefined;
  tagsAll?: string[] | undefined;
  origin?: string[] | undefined;
  fin?: string[] | undefined;
  hasCce?: boolean | undefined;
  hasEvent?: boolean | undefined;
  hasManifestation?: boolean | undefined;
  hasXped?: boolean | undefined;
  xped?: string[] | undefined;
  prop?: PropertyFilter[] | undefined;
}

/** The `Filters` of POST /v2/dfe/nfe for `o` (R18, R20, R23). */
export function nfeV2Filters(o: NfeSearchFilters, now: Date): NfeV2Filters {
  const f: NfeV2Filters = commonBodyFilters(o, now);
  if (o.key?.[0]) f.DocumentIdentifier = o.key[0];
  if (o.transporter) f.TransporterCnpj = o.transporter;
  if (o.receiver) f.ReceiverCnpj = o.receiver;
  if (o.role) f.OwnerRoles = [...new Set(o.role)];
  if (o.status) f.Status = o.status;
  if (o.origin) f.Origins = o.origin;
  if (o.hasCce !== undefined) f.HasCCE = o.hasCce;
  if (o.hasEvent !== undefined) f.HasEvent = o.hasEvent;
  if (o.hasManifestation !== undefined) f.HasManifestation = o.hasManifestation;
  if (o.hasXped !== undefined) f.HasXPed = o.hasXped;
  if (o.cfop) f.Cfops = o.cfop;
  if (o.number) f.NfeNumber = { From: o.number.from, To: o.number.to };
  if (o.tag) f.Tags = o.tag;
  if (o.tagsAll) f.TagsAll = o.tagsAll;
  if (o.xped) f.xPeds = o.xped;
  if (o.fin) f.FinNFe = o.fin;
  if (o.prop) f.CustomData = o.prop;
  return f;
}

/** One page of POST /v2/dfe/nfe. A list read, so it is retried although it is a POST. */
export async function searchNfeV2(http: HttpClient, req: NfeV2Request): Promise<NfeV2Response> {
  const res = await http.request({ ...NFE_V2_SEARCH, body: req, schema: nfeV2ResponseSchema, retry: true });
  return res.body;
}

/**
 * A v2 search page with the service's time of its answer (its Date header, to the second;
 * undefined without one): where the client's clock cannot say what "now" is on the service.
 */
export async function searchNfeV2Dated(
  http: HttpClient,
  req: NfeV2Request,
): Promise<{ page: NfeV2Response; at: number | undefined }> {
  const res = await http.request({ ...NFE_V2_SEARCH, body: req, schema: nfeV2ResponseSchema, retry: true });
  const date = Date.parse(res.headers['date'] ?? '');
  return { page: res.body, at: Number.isNaN(date) ? undefined : date };
}

/** The smallest page a v2 search shrinks to when large pages keep arriving cut (R40). */
export const V2_SMALLEST_PAGE = 50;

/** Whether a page kept arriving cut or unparsable after the HTTP core's retries (R40). */
function cutPage(error: unknown): boolean {
  const cause = error instanceof TemporaryError ? (error.cause as { kind?: string } | undefined) : undefined;
  return error instanceof ProtocolError || cause?.kind === 'body' || cause?.kind === 'signature';
}

/**
 * Every page of a v2 search, following `Paginator` from `req.Paginator` (or the start). R40: a page
 * of 500 documents (some 9 MB) has been seen cut short in transit; the HTTP core retries it, and
 * when it keeps failing the same page is asked for in halves (down to V2_SMALLEST_PAGE), so a
 * pull commits whole pages only, each once. `onSmaller` hears of each halving.
 */
export function nfeV2Pages(
  http: HttpClient,
  req: NfeV2Request,
  opts: { signal?: AbortSignal; onSmaller?: (limit: number, error: Error) => void } = {},
): AsyncIterable<TokenPage<NfeV2Record>> {
  const { Paginator: start, ...rest } = req;
  const { onSmaller, ...paging } = opts;
  let limit = rest.Limit;
  return paginateToken(
    async (token) => {
      for (;;) {
        const asked = { ...rest, ...(limit === undefined ? {} : { Limit: limit }) };
        try {
          const page = await searchNfeV2(http, token === undefined ? asked : { ...asked, Paginator: token });
          return { items: page.Nfes, token: page.Paginator, total: page.Total };
        } catch (error) {
          const current = limit ?? V2_LIMIT_MAX;
          if (!cutPage(error) || current <= V2_SMALLEST_PAGE) throw error;
          limit = Math.max(V2_SMALLEST_PAGE, Math.floor(current / 2));
          onSmaller?.(limit, error as Error);
        }
      }
    },
    { ...(start ? { start } : {}), ...paging },
  );
}

/** The query string of GET /v1/nfe/{role}: names as the service spells them (R11, R15-R17). */
export function nfeV1QueryParams(q: NfeV1Query): Record<string, QueryValue> {
  return {
    cursor: q.cursor,
    limit: q.limit,
    'access_key[]': q.accessKeys?.length ? q.accessKeys : undefined,
    'cnpj[]': q.cnpjs?.length ? q.cnpjs : undefined,
    filter: q.filter,
    'created_at[from]': q.createdFrom,
    'created_at[to]': q.createdTo,
    format_type: q.formatType,
  };
}

/** One page of GET /v1/nfe/{role}; the signature is checked so a damaged page is fetched again (R14). */
export async function listNfeV1(http: HttpClient, role: NfeRole, q: NfeV1Query): Promise<V1Page<NfeV1Item>> {
  const res = await http.request({
    ...nfeV1Listing(role),
    query: nfeV1QueryParams(q),
    schema: nfeV1PageSchema,
    verifySignature: true,
  });
  return res.body;
}

/** Every page from `q.cursor` (default 0) to the end of the stream (R12, R13). */
export const nfeV1Pages = listingPages(listNfeV1);
