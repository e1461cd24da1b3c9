// The upload routes: one document (spec 4.4, R25) and the asynchronous NF-e batches (4.8, 4.9, R26).
import type { Router } from '../../router.js';
import { registerBatchUpload } from './batch.js';
import { registerDocumentUpload } from './document.js';

export function registerUpload(router: Router): void {
  registerDocumentUpload(router);
  registerBatchUpload(router);
}
