// NF-e endpoints: POST /v2/dfe/nfe (R18-R20) and GET /v1/nfe/{role} (R11-R17), one typed function
// each, plus their page iterators. Commands call these and never build URLs themselves.
import type { HttpClient, QueryValue } from './http.js';
import { paginateCursor, paginateToken, type CursorPage, type TokenPage } from './paginate.js';
import type { V1Page } from './wire/common.js';
import {
  nfeV1PageSchema,
  nfeV2ResponseSchema,
  type NfeRole,
  type NfeV1Item,
  type NfeV1Query,
  type NfeV2Record,
  type NfeV2Request,
  type NfeV2Response,
} from './wire/nfe.js';

/** One page of POST /v2/dfe/nfe. A list read, so it is retried although it is a POST. */
export async function searchNfeV2(http: HttpClient, req: NfeV2Request): Promise<NfeV2Response> {
  const res = await http.request({ method: 'POST', path: '/v2/dfe/nfe', body: req, schema: nfeV2ResponseSchema, retry: true });
  return res.body;
}

/** Every page of a v2 search, following `Paginator` from `req.Paginator` (or the start). */
export function nfeV2Pages(http: HttpClient, req: NfeV2Request, opts: { signal?: AbortSignal } = {}): AsyncIterable<TokenPage<NfeV2Record>> {
  const { Paginator: start, ...rest } = req;
  return paginateToken(
    async (token) => {
      const page = await searchNfeV2(http, token === undefined ? rest : { ...rest, Paginator: token });
      return { items: page.Nfes, token: page.Paginator, total: page.Total };
    },
    { ...(start ? { start } : {}), ...opts },
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
    method: 'GET',
    path: `/v1/nfe/${encodeURIComponent(role)}`,
    query: nfeV1QueryParams(q),
    schema: nfeV1PageSchema,
    verifySignature: true,
  });
  return res.body;
}

/** Every page from `q.cursor` (default 0) to the end of the stream (R12, R13). */
export function nfeV1Pages(http: HttpClient, role: NfeRole, q: NfeV1Query, opts: { signal?: AbortSignal } = {}): AsyncIterable<CursorPage<NfeV1Item>> {
  return paginateCursor((cursor) => listNfeV1(http, role, { ...q, cursor }), { start: q.cursor ?? 0, ...opts });
}
