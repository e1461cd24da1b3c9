// POST /v1/nfe/manifest (4.11, asynchronous: `data.request_id`) and POST /v1/nfe/manifest/sync
// (4.13: the tax authority's answer in `sefaz_response`, designed shape). Both check the body
// first (R29: codes, 44-digit NF-e keys, a 15-255 character justification for 210240) and answer
// 400 `{status, errors}` naming each bad field. Sync takes one manifest; a key the account does
// not hold is a 404 and one it does not receive a 403 (designed, see docs/manifest.md).
import {
  MANIFEST_PATH,
  MANIFEST_SYNC_PATH,
  manifestAcceptedSchema,
  manifestSyncSchema,
  isManifestCode,
  JUSTIFIED_CODE,
  justificationProblem,
  type ManifestCode,
  type ManifestItem,
} from '../../../api/wire/manifest.js';
import { HttpError, okAs, v1Error, v1FieldErrors, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { manifestRequestsOf } from '../../manifest-requests.js';
import { holderProblem, manifest } from '../../manifest-rules.js';
import { keyProblemFor } from '../pdf/route.js';

/** Designed: manifests per asynchronous request. */
const MAX_MANIFESTS = 100;

const nfeKeyProblem = keyProblemFor('55');

type CheckedManifest = ManifestItem & { code: ManifestCode };

export function registerManifestSubmit(router: Router): void {
  router.add('POST', MANIFEST_PATH, submit, { errors: 'v1' });
  router.add('POST', MANIFEST_SYNC_PATH, submitSync, { errors: 'v1' });
}

function submit(ctx: RequestContext): Reply {
  const manifests = checkedBody(ctx.json(), MAX_MANIFESTS);
  const requests = manifestRequestsOf(ctx.store, ctx.now);
  requests.settle();
  const request = requests.submit(ctx.account.id, manifests);
  return okAs(manifestAcceptedSchema, { data: { request_id: request.id } });
}

function submitSync(ctx: RequestContext): Reply {
  const [item] = checkedBody(ctx.json(), 1);
  manifestRequestsOf(ctx.store, ctx.now).settle();
  const problem = holderProblem(ctx.store, ctx.account.id, item!.access_key);
  if (problem) throw new HttpError(v1Error(problem.code, problem.message));
  const doc = ctx.store.findNfe(ctx.account.id, item!.access_key)!;
  return okAs(manifestSyncSchema, {
    data: { access_key: item!.access_key, sefaz_response: manifest(ctx.store, doc, item!.code, ctx.now()) },
  });
}

/** The manifests of a body, or a 400 listing every problem by field. */
function checkedBody(body: unknown, max: number): CheckedManifest[] {
  const list = body && typeof body === 'object' ? (body as { manifests?: unknown }).manifests : undefined;
  if (!Array.isArray(list) || list.length === 0)
    throw fieldError('manifests', 'a non-empty array of {access_key, code, justification?} is required');
  if (list.length > max)
    throw fieldError('manifests', `at most ${max} manifest${max === 1 ? '' : 's'} per request, got ${list.length}`);
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  list.forEach((raw: unknown, i) => {
    const at = `manifests[${i}]`;
    const m = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    if (typeof m.access_key !== 'string') add(`${at}.access_key`, 'access_key is required');
    else {
      const problem = nfeKeyProblem(m.access_key);
      if (problem) add(`${at}.access_key`, `${problem}: "${m.access_key}"`);
    }
    if (typeof m.code === 'number' && isManifestCode(String(m.code)))
      add(`${at}.code`, `code is a string ("${m.code}"), got the number ${m.code}`);
    else if (typeof m.code !== 'string' || !isManifestCode(m.code))
      add(`${at}.code`, `code is one of 210200, 210210, 210220, 210240, got ${JSON.stringify(m.code)}`);
    if (m.justification !== undefined && typeof m.justification !== 'string')
      add(`${at}.justification`, 'justification is a string');
    else if (m.code === JUSTIFIED_CODE) {
      const problem = justificationProblem(m.justification as string | undefined);
      if (problem) add(`${at}.justification`, problem);
    }
  });
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  return list as CheckedManifest[];
}

function fieldError(field: string, message: string): HttpError {
  return new HttpError(v1FieldErrors(400, { [field]: [message] }));
}
