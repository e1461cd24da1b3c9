// NFS-e endpoints: POST /v1/dfe/nfse (R22), GET /v1/nfse/{role} (R11-R17) and GET
// /v2/nfse/received (R16), one typed function each, plus their page iterators.
import type { HttpClient } from './http.js';
import { nfeV1QueryParams } from './nfe.js';
import { paginateCursor, paginateToken, type CursorPage, type TokenPage } from './paginate.js';
import type { V1Page } from './wire/common.js';
import {
  nfseSearchResponseSchema,
  nfseV1PageSchema,
  nfseV2PageSchema,
  type NfseRecord,
  type NfseRole,
  type NfseSearchRequest,
  type NfseSearchResponse,
  type NfseV1Item,
  type NfseV1Query,
  type NfseV2Item,
} from './wire/nfse.js';

/** One page of POST /v1/dfe/nfse. A list read, so it is retried although it is a POST. */
export async function searchNfse(http: HttpClient, req: NfseSearchRequest): Promise<NfseSearchResponse> {
  const res = await http.request({ method: 'POST', path: '/v1/dfe/nfse', body: req, schema: nfseSearchResponseSchema, retry: true });
  return res.body;
}

/** Every page of a body search, following `paginator` (R19a loop guards in paginateToken). */
export function nfseSearchPages(http: HttpClient, req: NfseSearchRequest, opts: { signal?: AbortSignal } = {}): AsyncIterable<TokenPage<NfseRecord>> {
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
export async function listNfseV1(http: HttpClient, role: NfseRole, q: NfseV1Query): Promise<V1Page<NfseV1Item>> {
  const res = await http.request({
    method: 'GET', path: `/v1/nfse/${encodeURIComponent(role)}`, query: nfeV1QueryParams(q), schema: nfseV1PageSchema, verifySignature: true,
  });
  return res.body;
}

export function nfseV1Pages(http: HttpClient, role: NfseRole, q: NfseV1Query, opts: { signal?: AbortSignal } = {}): AsyncIterable<CursorPage<NfseV1Item>> {
  return paginateCursor((cursor) => listNfseV1(http, role, { ...q, cursor }), { start: q.cursor ?? 0, ...opts });
}

/** One page of GET /v2/nfse/received (items with a 40-hex id and the custom properties). */
export async function listNfseReceivedV2(http: HttpClient, q: NfseV1Query): Promise<V1Page<NfseV2Item>> {
  const res = await http.request({ method: 'GET', path: '/v2/nfse/received', query: nfeV1QueryParams(q), schema: nfseV2PageSchema, verifySignature: true });
  return res.body;
}

export function nfseReceivedV2Pages(http: HttpClient, q: NfseV1Query, opts: { signal?: AbortSignal } = {}): AsyncIterable<CursorPage<NfseV2Item>> {
  return paginateCursor((cursor) => listNfseReceivedV2(http, { ...q, cursor }), { start: q.cursor ?? 0, ...opts });
}
