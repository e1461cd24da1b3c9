// Labels (Etiquetas), all designed: the account's labels are the `Tags` of its documents.
// GET /v1/labels lists them with how many documents carry each; POST /v1/labels/apply and
// /v1/labels/remove change the labels of documents named like flagerp names them, one result
// per document (one the account does not hold fails alone, R3).
import {
  LABEL_BATCH_MAX,
  LABEL_DOC_TYPES,
  LABEL_MAX,
  LABELS_APPLY_PATH,
  LABELS_PATH,
  LABELS_REMOVE_PATH,
  labelChangeResponseSchema,
  labelsResponseSchema,
  type LabelChangeRequest,
  type LabelResult,
} from '../../api/wire/labels.js';
import { annotatablesOf, countNames, findAnnotatable } from '../annotations.js';
import { HttpError, okAs, v1FieldErrors, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';

export function registerLabels(router: Router): void {
  router.add('GET', LABELS_PATH, listLabels, { errors: 'v1' });
  router.add('POST', LABELS_APPLY_PATH, (ctx) => change(ctx, 'apply'), { errors: 'v1' });
  router.add('POST', LABELS_REMOVE_PATH, (ctx) => change(ctx, 'remove'), { errors: 'v1' });
}

function listLabels(ctx: RequestContext): Reply {
  const names = function* () {
    for (const doc of annotatablesOf(ctx.store, ctx.account.id)) yield* doc.tags;
  };
  return okAs(labelsResponseSchema, {
    data: [...countNames(names())].map(([name, documents]) => ({ name, documents })),
  });
}

function change(ctx: RequestContext, how: 'apply' | 'remove'): Reply {
  const body = readChange(ctx.json());
  const data = body.ids.map((id): LabelResult => {
    const doc = findAnnotatable(ctx.store, ctx.account.id, body.doc_type, id);
    if (!doc) return { id, success: false, message: `no ${body.doc_type} "${id}"`, labels: [] };
    // Replaced, not changed in place: generated documents share their tag lists.
    doc.tags =
      how === 'apply' ? [...new Set([...doc.tags, ...body.labels])] : doc.tags.filter((t) => !body.labels.includes(t));
    return { id, success: true, message: 'OK', labels: [...doc.tags] };
  });
  return okAs(labelChangeResponseSchema, { data });
}

function readChange(raw: unknown): LabelChangeRequest {
  const errors: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (errors[field] ??= []).push(message);
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (!(LABEL_DOC_TYPES as readonly unknown[]).includes(body.doc_type))
    problem('doc_type', `The doc_type must be one of ${LABEL_DOC_TYPES.join(', ')}.`);
  const ids = body.ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string' || id === '')) {
    problem('ids', 'The ids field is required: a non-empty array of document ids.');
  } else if (ids.length > LABEL_BATCH_MAX) problem('ids', `The ids may not have more than ${LABEL_BATCH_MAX} items.`);
  const labels = body.labels;
  if (!Array.isArray(labels) || labels.length === 0)
    problem('labels', 'The labels field is required: a non-empty array of labels.');
  else {
    labels.forEach((label: unknown, i) => {
      if (typeof label !== 'string' || label.trim() !== label || label === '' || label.length > LABEL_MAX) {
        problem(`labels.${i}`, `A label is 1 to ${LABEL_MAX} characters without leading or trailing blanks.`);
      }
    });
  }
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  return body as unknown as LabelChangeRequest;
}
