// Manifestação do Destinatário (spec 4.10-4.14, R29): one function per endpoint. The POSTs are not
// retried (a repeated manifestation would be answered as a duplicate); the GETs are.
import type { HttpClient } from './http.js';
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
  const res = await http.request({ ...manifestRequest(false), body: { manifests }, schema: manifestAcceptedSchema });
  return res.body.data.request_id;
}

/** 4.13: one manifest, answered by the tax authority at once. */
export async function manifestSync(http: HttpClient, manifest: ManifestItem): Promise<SefazResponse> {
  const res = await http.request({
    ...manifestRequest(true),
    body: { manifests: [manifest] },
    schema: manifestSyncSchema,
  });
  return res.body.data.sefaz_response;
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
  const res = await http.request({ method: 'GET', path: MANIFEST_STATUS_PATH, query, schema: manifestStatusSchema });
  return res.body.data;
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
    const res = await http.request({
      method: 'GET',
      path: MANIFEST_PATH,
      query: { 'access_key[]': accessKeys },
      schema: manifestLatestV1Schema,
    });
    return res.body.data.map((item) => ({ access_key: item.access_key, code: String(item.code) }));
  }
  const res = await http.request({
    method: 'GET',
    path: MANIFEST_V2_PATH,
    query: { 'access_key[]': accessKeys, origin },
    schema: manifestLatestV2Schema,
  });
  return res.body.data;
}
