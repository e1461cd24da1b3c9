// OCR uploads (designed): a PDF is accepted at once with a request_id, then read asynchronously
// (queued, processing, done or failed, one step per turn of the event loop so a status read can
// see each). A done request names the invoice or utility bill it made; the same PDF read again
// names the same record. A PDF whose bytes carry the marker FAIL-OCR fails, so that failure can be
// exercised. Requests are kept per emulator (keyed by its store) and per account (R3).
import { randomUUID } from 'node:crypto';
import type { OcrKind, OcrRequest } from '../../api/wire/ocr.js';
import type { Account } from '../model.js';
import type { Store } from '../store.js';
import { ocrDocsOf, recognize } from './documents.js';

/** Designed: a PDF with this text is not readable by the OCR. */
const OCR_FAIL_MARKER = 'FAIL-OCR';

interface Request {
  accountId: string;
  data: OcrRequest;
}

const registries = new WeakMap<Store, Map<string, Request>>();

function registryOf(store: Store): Map<string, Request> {
  let registry = registries.get(store);
  if (!registry) registries.set(store, (registry = new Map()));
  return registry;
}

interface OcrInput {
  kind: OcrKind;
  owner: string;
  pdf: Buffer;
  fileName: string | null;
}

export function startOcr(
  store: Store,
  account: Account,
  input: OcrInput,
  now: () => number,
  createdAt: string,
): OcrRequest {
  const data: OcrRequest = {
    request_id: randomUUID(),
    kind: input.kind,
    owner: input.owner,
    file_name: input.fileName,
    status: 'queued',
    created_at: createdAt,
    document: null,
    message: null,
  };
  registryOf(store).set(data.request_id, { accountId: account.id, data });
  setImmediate(() => {
    data.status = 'processing';
    setImmediate(() => {
      if (input.pdf.includes(OCR_FAIL_MARKER)) {
        data.status = 'failed';
        data.message = 'the document could not be read: no text found where the layout expects it';
        return;
      }
      const record = recognize(ocrDocsOf(store, account, now()), account, input.kind, input.owner, input.pdf, now());
      data.status = 'done';
      data.document = { kind: input.kind, id: record.id };
    });
  });
  return { ...data };
}

export function findOcr(store: Store, accountId: string, requestId: string): OcrRequest | undefined {
  const request = registryOf(store).get(requestId);
  return request && request.accountId === accountId ? request.data : undefined;
}
