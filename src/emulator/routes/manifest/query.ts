// GET /v1/nfe/manifest/status (4.14): the account's manifestation requests by `access_key[]`
// and/or `request_id[]` (64 characters); GET /v1/nfe/manifest and /v2/nfe/manifest (4.10): the
// latest manifestation of each key, code integer in v1, string in v2 with an `origin` filter.
// Keys and ids the account does not know are left out of `data` (R3), not answered with 404.
import {
  MANIFEST_ORIGINS,
  MANIFEST_PATH,
  MANIFEST_STATUS_PATH,
  MANIFEST_V2_PATH,
  REQUEST_ID_LENGTH,
  manifestLatestV1Schema,
  manifestLatestV2Schema,
  manifestStatusSchema,
  type ManifestOrigin,
  type ManifestStatusItem,
} from '../../../api/wire/manifest.js';
import { HttpError, okAs, v1FieldErrors, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { manifestRequestsOf, type ManifestRequest, type RequestItem } from '../../manifest-requests.js';
import { keyProblemFor } from '../pdf/route.js';

const nfeKeyProblem = keyProblemFor('55');

export function registerManifestQuery(router: Router): void {
  router.add('GET', MANIFEST_STATUS_PATH, status, { errors: 'v1' });
  router.add('GET', MANIFEST_PATH, (ctx) => latest(ctx, 'v1'), { errors: 'v1' });
  router.add('GET', MANIFEST_V2_PATH, (ctx) => latest(ctx, 'v2'), { errors: 'v1' });
}

function status(ctx: RequestContext): Reply {
  const errors: Record<string, string[]> = {};
  const keys = keysOf(ctx, errors, false);
  const ids = valuesOf(ctx, 'request_id');
  for (const id of ids) {
    if (id.length !== REQUEST_ID_LENGTH)
      (errors['request_id[]'] ??= []).push(
        `a request_id has ${REQUEST_ID_LENGTH} characters, "${id}" has ${id.length}`,
      );
  }
  if (keys.length === 0 && ids.length === 0) errors['access_key[]'] = ['give access_key[] and/or request_id[]'];
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  const requests = manifestRequestsOf(ctx.store, ctx.now);
  requests.settle();
  const data: ManifestStatusItem[] = [];
  const seen = new Set<RequestItem>();
  const push = (request: ManifestRequest, item: RequestItem) => {
    if (seen.has(item)) return;
    seen.add(item);
    data.push({
      access_key: item.accessKey,
      code: Number(item.code),
      status: { ...item.status },
      request_id: request.id,
    });
  };
  for (const id of ids) {
    const request = requests.request(ctx.account.id, id);
    for (const item of request?.items ?? []) push(request!, item);
  }
  for (const key of keys) {
    const found = requests.latestOf(ctx.account.id, key);
    if (found) push(found.request, found.item);
  }
  return okAs(manifestStatusSchema, { data });
}

function latest(ctx: RequestContext, version: 'v1' | 'v2'): Reply {
  const errors: Record<string, string[]> = {};
  const keys = keysOf(ctx, errors, true);
  const origin = version === 'v2' ? (ctx.url.searchParams.get('origin') ?? undefined) : undefined;
  if (origin !== undefined && !MANIFEST_ORIGINS.includes(origin as ManifestOrigin))
    errors.origin = [`origin is app or api, got "${origin}"`];
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  manifestRequestsOf(ctx.store, ctx.now).settle();
  const data: { access_key: string; code: string }[] = [];
  for (const key of new Set(keys)) {
    const doc = ctx.store.findNfe(ctx.account.id, key);
    const made = doc?.manifestations.filter((m) => origin === undefined || m.origin === origin) ?? [];
    const last = made[made.length - 1];
    if (last) data.push({ access_key: key, code: last.Type });
  }
  // 4.10: the code is an integer in v1, a string in v2.
  if (version === 'v1')
    return okAs(manifestLatestV1Schema, {
      data: data.map((d) => ({ access_key: d.access_key, code: Number(d.code) })),
    });
  return okAs(manifestLatestV2Schema, { data });
}

/** `access_key[]` (or `access_key`), each a valid NF-e key; problems go to `errors`. */
function keysOf(ctx: RequestContext, errors: Record<string, string[]>, required: boolean): string[] {
  const keys = valuesOf(ctx, 'access_key');
  if (required && keys.length === 0) errors['access_key[]'] = ['access_key[] is required'];
  for (const key of keys) {
    const problem = nfeKeyProblem(key);
    if (problem) (errors['access_key[]'] ??= []).push(`${problem}: "${key}"`);
  }
  return keys;
}

function valuesOf(ctx: RequestContext, name: string): string[] {
  return [...ctx.url.searchParams.getAll(`${name}[]`), ...ctx.url.searchParams.getAll(name)];
}
