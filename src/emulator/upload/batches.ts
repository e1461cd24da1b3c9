// Batch NF-e uploads (R26): accepted at once with a request_id, processed afterwards (one invoice
// per turn of the event loop, so a status read can see `processing`), each invoice through the
// same ingestion as /v1/dfe/upload; when done, the result is POSTed to the callback URL if any.
// Requests are kept per emulator (keyed by its store) and per account (R3: another account's
// request_id is not found).
import { randomUUID } from 'node:crypto';
import type { BatchData } from '../../api/wire/upload.js';
import { checkUploadXml } from '../../fiscal/upload-check.js';
import type { Account } from '../model.js';
import type { Store } from '../store.js';
import { ingestUpload } from './ingest.js';

interface Batch {
  accountId: string;
  data: BatchData;
}

const registries = new WeakMap<Store, Map<string, Batch>>();

function registryOf(store: Store): Map<string, Batch> {
  let registry = registries.get(store);
  if (!registry) registries.set(store, (registry = new Map()));
  return registry;
}

interface BatchInput {
  xmls: string[];
  callbackUrl?: string | undefined;
}

export function startBatch(store: Store, account: Account, input: BatchInput, now: () => number): string {
  const id = randomUUID();
  const data: BatchData = {
    request_id: id,
    status: 'processing',
    total: input.xmls.length,
    processed: 0,
    invoices: [],
  };
  registryOf(store).set(id, { accountId: account.id, data });
  const step = (index: number): void => {
    if (index >= input.xmls.length) {
      data.status = 'done';
      if (input.callbackUrl) void sendCallback(input.callbackUrl, data);
      return;
    }
    data.invoices.push({ index, ...processInvoice(store, account, input.xmls[index]!, now()) });
    data.processed = index + 1;
    setImmediate(() => step(index + 1));
  };
  setImmediate(() => step(0));
  return id;
}

/** An invoice of a batch: an NF-e only (R26), else refused with the root it has. */
function processInvoice(
  store: Store,
  account: Account,
  xml: string,
  nowMs: number,
): { success: boolean; message: string; access_key?: string } {
  const check = checkUploadXml(Buffer.from(xml, 'base64'), 'batch');
  const doc = check.ok ? check.documents[0] : undefined;
  if (doc && doc.kind !== 'nfe')
    return { success: false, message: `${doc.root}: the batch upload takes NF-e only, this is ${doc.kind}` };
  const result = ingestUpload(store, account, { xml, owners: [] }, nowMs);
  return { ...result, ...(doc?.key ? { access_key: doc.key } : {}) };
}

export function findBatch(store: Store, accountId: string, requestId: string): BatchData | undefined {
  const batch = registryOf(store).get(requestId);
  return batch && batch.accountId === accountId ? batch.data : undefined;
}

/** Best effort, like a webhook: a callback that cannot be delivered is not retried. */
async function sendCallback(url: string, data: BatchData): Promise<void> {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(data),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    // Nobody listening: the status endpoint still has the result.
  }
}
