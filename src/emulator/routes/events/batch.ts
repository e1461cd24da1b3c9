// POST /v1/events/batch and GET /v1/events/batch/:id (R32, designed: docs/events.md). A
// batch is checked whole before it is accepted (the first problem is a 400 naming its item and
// field, R32: mixing document types is one); its events are then processed asynchronously and an
// event whose document the account does not hold is a rejected result, not a 404 of the batch.
import {
  EVENT_BATCH_PATH,
  EVENT_BATCH_STATUS_PATH,
  batchAcceptedSchema,
  batchProblem,
  batchStatusSchema,
  type BatchEvent,
} from '../../../api/wire/events.js';
import { eventBatchesOf } from '../../event-batches.js';
import { HttpError, okAs, v1Error, v1FieldErrors, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';

export function registerEventBatch(router: Router): void {
  router.add('POST', EVENT_BATCH_PATH, submit, { errors: 'v1' });
  router.add('GET', EVENT_BATCH_STATUS_PATH, status, { errors: 'v1' });
}

function submit(ctx: RequestContext): Reply {
  const body = ctx.json();
  const events = body && typeof body === 'object' ? (body as { events?: unknown }).events : undefined;
  if (!Array.isArray(events))
    throw new HttpError(
      v1FieldErrors(400, {
        events: ['an array of {access_key, tp_evento, n_seq_evento?, justification?} is required'],
      }),
    );
  const problem = batchProblem(events);
  if (problem) throw new HttpError(v1FieldErrors(400, { [problem.field]: [problem.message] }));
  const data = eventBatchesOf(ctx.store, ctx.now).submit(ctx.account.id, events as BatchEvent[]);
  return okAs(batchAcceptedSchema, {
    data: { batch_id: data.batch_id, status: data.status, document_type: data.document_type, count: data.count },
  });
}

function status(ctx: RequestContext): Reply {
  const id = ctx.params.id!;
  const data = eventBatchesOf(ctx.store, ctx.now).find(ctx.account.id, id);
  if (!data) throw new HttpError(v1Error(404, `no event batch ${id}`));
  return okAs(batchStatusSchema, { data: structuredClone(data) });
}
