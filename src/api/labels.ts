// Labels (Etiquetas), designed shapes: list, apply and remove.
import { requestData, type HttpClient } from './http.js';
import {
  LABELS_APPLY_PATH,
  LABELS_PATH,
  LABELS_REMOVE_PATH,
  labelChangeResponseSchema,
  labelsResponseSchema,
  type Label,
  type LabelChangeRequest,
  type LabelResult,
} from './wire/labels.js';

export async function listLabels(http: HttpClient): Promise<Label[]> {
  return requestData(http, { method: 'GET', path: LABELS_PATH, schema: labelsResponseSchema });
}

/** Adds or removes labels on documents; one result per id. Both are idempotent, so retried. */
export async function changeLabels(
  http: HttpClient,
  how: 'apply' | 'remove',
  request: LabelChangeRequest,
): Promise<LabelResult[]> {
  const path = how === 'apply' ? LABELS_APPLY_PATH : LABELS_REMOVE_PATH;
  return requestData(http, {
    method: 'POST',
    path,
    body: request,
    schema: labelChangeResponseSchema,
    retry: true,
  });
}
