// Manifestação do Destinatário (spec 4.10-4.14, R29): one function per endpoint. The POSTs are not
// retried (a repeated manifestation would be answered as a duplicate); the GETs are.
import { requestData, type HttpClient } from './http.js';
import {
  MANIFEST_PATH,
  MANIFEST_STATUS_PATH,
  MANIFEST_SYNC_PATH,
  MANIFEST_V2_PATH,
  manifestAcceptedSchema,
  manifestLatestV1Schema,
  manifestLatestV2Schema,
  manifestStatusSchema,
  manifestSyncSchema,
  type ManifestItem,
  type ManifestOrigin,
  type ManifestStatusItem,
  type SefazResponse,
} from './wire/manifest.js';

/** The request a manifestation goes in, 4.13 with `sync` else 4.11: what a dry run shows and errors name. */
export function manifestRequest(sync: boolean): { method: 'POST'; path: string } {
  return { method: 'POST', path: sync ? MANIFEST_SYNC_PATH : MANIFEST_PATH };
}

/** 4.11: queues the manifests; answers the request id to follow with `manifestStatus`. */
export async function manifestAsync(http: HttpClient, manifests: ManifestItem[]): Promise<string> {
  const data = await requestData(http, {
    ...manifestRequest(false),
    body: { manifests },
    schema: manifestAcceptedSchema,
  });
  return data.request_id;
}

/** 4.13: one manifest, answered by the tax authority at once. */
export async function manifestSync(http: HttpClient, manifest: ManifestItem): Promise<SefazResponse> {
  const data = await requestData(http, {
    ...manifestRequest(true),
    body: { manifests: [manifest] },
    schema: manifestSyncSchema,
  });
  return data.sefaz_response;
}

/** 4.14: the status of manifestation requests, by key and/or request id. */
export async function manifestStatus(
  http: HttpClient,
  by: { accessKeys?: string[]; requestIds?: string[] },
): Promise<ManifestStatusItem[]> {
  const query = {
    'access_key[]': by.accessKeys?.length ? by.accessKeys : undefined,
    'request_id[]': by.requestIds?.length ? by.requestIds : undefined,
  };
  return requestData(http, { method: 'GET', path: MANIFEST_STATUS_PATH, query, schema: manifestStatusSchema });
}

interface LatestManifestation {
  access_key: string;
  code: string;
}

/** 4.10: the latest manifestation of each key; with `origin`, v2 (codes come back as strings there). */
export async function manifestLatest(
  http: HttpClient,
  accessKeys: string[],
  origin?: ManifestOrigin,
): Promise<LatestManifestation[]> {
  if (origin === undefined) {
    const data = await requestData(http, {
      method: 'GET',
      path: MANIFEST_PATH,
      query: { 'access_key[]': accessKeys },
      schema: manifestLatestV1Schema,
    });
    return data.map((item) => ({ access_key: item.access_key, code: String(item.code) }));
  }
  return requestData(http, {
    method: 'GET',
    path: MANIFEST_V2_PATH,
    query: { 'access_key[]': accessKeys, origin },
    schema: manifestLatestV2Schema,
  });
}
