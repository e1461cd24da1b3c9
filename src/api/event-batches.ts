// Event batches (R32, designed: docs/event-batches.md): one function per endpoint. The submit is
// not retried (a repeated batch would be processed twice); the status read is.
import type { HttpClient } from './http.js';
import { EVENT_BATCH_PATH, batchAcceptedSchema, batchStatusSchema, eventBatchStatusPath, type BatchAccepted, type BatchData, type BatchEvent } from './wire/event-batches.js';

export async function submitEventBatch(http: HttpClient, events: BatchEvent[]): Promise<BatchAccepted> {
  const res = await http.request({ method: 'POST', path: EVENT_BATCH_PATH, body: { events }, schema: batchAcceptedSchema });
  return res.body.data;
}

export async function eventBatchStatus(http: HttpClient, batchId: string): Promise<BatchData> {
  const res = await http.request({ method: 'GET', path: eventBatchStatusPath(batchId), schema: batchStatusSchema });
  return res.body.data;
}
