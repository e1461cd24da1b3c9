// GET /v1/nfe/danfe?access_key=<44> (and, designed, POST with `{access_key}`): the account's NF-e
// as a base64 PDF (R30a). 400 for a missing or malformed key, 404 for a key the account does not
// hold (R3: another account's documents do not exist here), 422 when its XML cannot be rendered
// (R6 lists 422 for danfe).
import { accessKeyProblem } from '../../fiscal/access-key.js';
import { DanfeError, renderDanfe } from '../../fiscal/pdf/danfe.js';
import { DANFE_PATH, danfeRequestSchema, type DanfeResponse } from '../../api/wire/pdf.js';
import { nfeXml } from '../data/dataset.js';
import { HttpError, badRequest, ok, v1Error, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';

export function registerNfeDanfe(router: Router): void {
  router.add('GET', DANFE_PATH, (ctx) => danfe(ctx, queryKey(ctx)), { errors: 'v1' });
  router.add('POST', DANFE_PATH, (ctx) => danfe(ctx, bodyKey(ctx)), { errors: 'v1' });
}

function queryKey(ctx: RequestContext): string {
  const keys = ctx.url.searchParams.getAll('access_key');
  if (keys.length === 0) throw badRequest('v1', 'access_key is required', 'access_key');
  if (keys.length > 1) throw badRequest('v1', 'give one access_key per request', 'access_key');
  return keys[0]!;
}

function bodyKey(ctx: RequestContext): string {
  const parsed = danfeRequestSchema.safeParse(ctx.json());
  if (!parsed.success) throw badRequest('v1', 'the body must be {"access_key": "<44 digits>"}', 'access_key');
  return parsed.data.access_key;
}

function danfe(ctx: RequestContext, key: string): Reply {
  const problem = accessKeyProblem(key);
  if (problem) throw badRequest('v1', `${problem}: "${key}"`, 'access_key');
  const doc = ctx.store.findNfe(ctx.account.id, key);
  if (!doc) throw new HttpError(v1Error(404, `NF-e ${key} not found`));
  let pdf: Buffer;
  try {
    pdf = renderDanfe(nfeXml(doc));
  } catch (error) {
    if (!(error instanceof DanfeError)) throw error;
    throw new HttpError(v1Error(422, `cannot render the DANFe of ${key}: ${error.message}`));
  }
  const data: DanfeResponse['data'] = { access_key: key, encoded_pdf: pdf.toString('base64') };
  return ok({ data });
}
