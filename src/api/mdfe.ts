// MDF-e endpoints (designed): POST /v1/dfe/mdfe and GET /v1/mdfe/{role}, plus their page iterators.
import type { HttpClient } from './http.js';
import { nfeV1QueryParams } from './nfe.js';
import { paginateCursor, paginateToken, type CursorPage, type TokenPage } from './paginate.js';
import type { V1Page } from './wire/common.js';
import {
  mdfeSearchResponseSchema,
  mdfeV1PageSchema,
  type MdfeRecord,
  type MdfeRole,
  type MdfeSearchRequest,
  type MdfeSearchResponse,
  type MdfeV1Item,
  type MdfeV1Query,
} from './wire/mdfe.js';

export async function searchMdfe(http: HttpClient, req: MdfeSearchRequest): Promise<MdfeSearchResponse> {
  const res = await http.request({ method: 'POST', path: '/v1/dfe/mdfe', body: req, schema: mdfeSearchResponseSchema, retry: true });
  return res.body;
}

export function mdfeSearchPages(http: HttpClient, req: MdfeSearchRequest, opts: { signal?: AbortSignal } = {}): AsyncIterable<TokenPage<MdfeRecord>> {
  const { Paginator: start, ...rest } = req;
  return paginateToken(
    async (token) => {
      const page = await searchMdfe(http, token === undefined ? rest : { ...rest, Paginator: token });
      return { items: page.Mdfes, token: page.Paginator, total: page.Total };
    },
    { ...(start ? { start } : {}), ...opts },
  );
}

export async function listMdfeV1(http: HttpClient, role: MdfeRole, q: MdfeV1Query): Promise<V1Page<MdfeV1Item>> {
  const res = await http.request({
    method: 'GET', path: `/v1/mdfe/${encodeURIComponent(role)}`, query: nfeV1QueryParams(q), schema: mdfeV1PageSchema, verifySignature: true,
  });
  return res.body;
}

export function mdfeV1Pages(http: HttpClient, role: MdfeRole, q: MdfeV1Query, opts: { signal?: AbortSignal } = {}): AsyncIterable<CursorPage<MdfeV1Item>> {
  return paginateCursor((cursor) => listMdfeV1(http, role, { ...q, cursor }), { start: q.cursor ?? 0, ...opts });
}
