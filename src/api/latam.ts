// LATAM endpoints (designed, docs/latam.md): upload, the v1 cursor listing and its page iterator,
// a document's XML and its parsed JSON.
import { requestData, type HttpClient } from './http.js';
import { paginateCursor, type CursorPage } from './paginate.js';
import {
  LATAM_PATH,
  LATAM_UPLOAD_PATH,
  latamJsonPath,
  latamJsonResponseSchema,
  latamPageSchema,
  latamQueryParams,
  latamUploadResponseSchema,
  latamXmlPath,
  latamXmlResponseSchema,
  type LatamCountry,
  type LatamDocument,
  type LatamListItem,
  type LatamListQuery,
  type LatamUploadResult,
} from './wire/latam.js';
import type { V1Page } from './wire/common.js';

/** Sends one document's bytes; `country` makes the service refuse a document of another country. */
export async function uploadLatam(
  http: HttpClient,
  xml: Uint8Array,
  country?: LatamCountry,
): Promise<LatamUploadResult> {
  const body = { xml: Buffer.from(xml).toString('base64'), ...(country ? { country } : {}) };
  // A document is stored once by its id, so a lost answer can safely be asked again.
  return requestData(http, {
    method: 'POST',
    path: LATAM_UPLOAD_PATH,
    body,
    schema: latamUploadResponseSchema,
    retry: true,
  });
}

async function listLatam(http: HttpClient, q: LatamListQuery): Promise<V1Page<LatamListItem>> {
  const res = await http.request({
    method: 'GET',
    path: LATAM_PATH,
    query: latamQueryParams(q),
    schema: latamPageSchema,
    verifySignature: true,
  });
  return res.body;
}

export function latamPages(
  http: HttpClient,
  q: LatamListQuery,
  opts: { signal?: AbortSignal } = {},
): AsyncIterable<CursorPage<LatamListItem>> {
  return paginateCursor((cursor) => listLatam(http, { ...q, cursor }), { start: q.cursor ?? 0, ...opts });
}

/** The document's XML, the bytes as stored. */
export async function latamXml(http: HttpClient, id: string): Promise<Buffer> {
  const data = await requestData(http, { method: 'GET', path: latamXmlPath(id), schema: latamXmlResponseSchema });
  return Buffer.from(data.xml, 'base64');
}

export async function latamJson(http: HttpClient, id: string): Promise<LatamDocument> {
  return requestData(http, { method: 'GET', path: latamJsonPath(id), schema: latamJsonResponseSchema });
}
