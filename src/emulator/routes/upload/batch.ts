// POST /v1/nfe/upload (R26): NF-e batch, answered at once with a request_id; GET
// /v1/nfe/upload/status?request_id= (4.9): the per-invoice results so far (designed shape).
import {
  BATCH_STATUS_PATH,
  BATCH_UPLOAD_PATH,
  batchStatusResponseSchema,
  batchUploadRequestSchema,
  batchUploadResponseSchema,
} from '../../../api/wire/upload.js';
import { HttpError, badRequest, okAs, v1Error, v1FieldErrors, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { findBatch, startBatch } from '../../upload/batches.js';

export function registerBatchUpload(router: Router): void {
  router.add('POST', BATCH_UPLOAD_PATH, upload, { errors: 'v1' });
  router.add('GET', BATCH_STATUS_PATH, status, { errors: 'v1' });
}

function upload(ctx: RequestContext): Reply {
  const parsed = batchUploadRequestSchema.safeParse(ctx.json() ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
    throw new HttpError(v1FieldErrors(400, errors));
  }
  const id = startBatch(
    ctx.store,
    ctx.account,
    { xmls: parsed.data.invoices.map((i) => i.xml), callbackUrl: parsed.data.callback_url },
    ctx.now,
  );
  return okAs(batchUploadResponseSchema, { request_id: id });
}

function status(ctx: RequestContext): Reply {
  const id = ctx.url.searchParams.get('request_id');
  if (!id) throw badRequest('v1', 'request_id is required', 'request_id');
  const data = findBatch(ctx.store, ctx.account.id, id);
  if (!data) throw new HttpError(v1Error(404, `no upload request ${id}`));
  return okAs(batchStatusResponseSchema, { data: structuredClone(data) });
}
