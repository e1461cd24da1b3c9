// The event routes: the events of one document, the account's event streams and the event batches.
import type { Router } from '../../router.js';
import { registerEventBatch } from './batch.js';
import { registerDocumentEvents } from './documents.js';
import { registerEventStream } from './stream.js';

export function registerEvents(router: Router): void {
  registerDocumentEvents(router);
  registerEventStream(router);
  registerEventBatch(router);
}
