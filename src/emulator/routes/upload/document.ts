// POST /v1/dfe/upload (spec 4.4, R25): 200 with `upload.success` for every XML that was read,
// valid or not; 400 for a body that is not an upload request; 403 for an owner that is not one of
// the account's companies (R3).
import { uploadRequestSchema, uploadResponseSchema, UPLOAD_PATH } from '../../../api/wire/upload.js';
import { HttpError, okAs, v1Error, v1FieldErrors, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { ingestUpload } from '../../upload/ingest.js';

export function registerDocumentUpload(router: Router): void {
  router.add('POST', UPLOAD_PATH, upload, { errors: 'v1' });
}

function upload(ctx: RequestContext): Reply {
  const parsed = uploadRequestSchema.safeParse(ctx.json() ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'body')] ??= []).push(issue.message);
    throw new HttpError(v1FieldErrors(400, errors));
  }
  const owners = parsed.data.owner ?? [];
  const foreign = owners.filter((o) => !ctx.account.companies.some((c) => c.cnpj === o));
  if (foreign.length > 0)
    throw new HttpError(v1Error(403, `owner ${foreign.join(', ')} is not a company of this account`));
  return okAs(uploadResponseSchema, {
    upload: ingestUpload(ctx.store, ctx.account, { xml: parsed.data.xml, owners }, ctx.now()),
  });
}
