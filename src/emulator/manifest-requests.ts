// Asynchronous manifestation requests (4.11, 4.14): each gets a 64-character id and is processed
// a short, fixed time after it was accepted, requests in the order they came, so the outcome only
// depends on what was asked and in which order. A timer processes them then (so searches see the
// change); the manifest routes also settle what is due before answering, so a status read after
// the delay never sees a request still pending.
import { createHash } from 'node:crypto';
import type { ManifestCode, ManifestItem } from '../api/wire/manifest.js';
import { PENDING_CODE } from '../api/wire/manifest.js';
import type { Status } from '../api/wire/common.js';
import { holderProblem, manifest } from './manifest-rules.js';
import type { Store } from './store.js';

/** How long after acceptance a request is processed, on the emulator's clock. */
const PROCESSING_MS = 250;

export interface RequestItem {
  accessKey: string;
  code: ManifestCode;
  status: Status;
}

export interface ManifestRequest {
  id: string;
  accountId: string;
  dueMs: number;
  done: boolean;
  items: RequestItem[];
}

class ManifestRequests {
  private readonly queue: ManifestRequest[] = [];
  private readonly byId = new Map<string, ManifestRequest>();
  /** The latest request item of each `<account>/<key>`. */
  private readonly latest = new Map<string, { request: ManifestRequest; item: RequestItem }>();
  private accepted = 0;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  /** Accepts already-validated manifests; they are processed PROCESSING_MS later. */
  submit(accountId: string, manifests: readonly (ManifestItem & { code: ManifestCode })[]): ManifestRequest {
    const id = createHash('sha256')
      .update(`${accountId}\n${++this.accepted}\n${JSON.stringify(manifests)}`)
      .digest('hex');
    const items = manifests.map((m) => ({
      accessKey: m.access_key,
      code: m.code,
      status: { code: PENDING_CODE, message: 'pending: queued for the tax authority' },
    }));
    const request: ManifestRequest = { id, accountId, dueMs: this.now() + PROCESSING_MS, done: false, items };
    this.queue.push(request);
    this.byId.set(id, request);
    for (const item of items) this.latest.set(`${accountId}/${item.accessKey}`, { request, item });
    setTimeout(() => this.settle(), PROCESSING_MS + 5).unref();
    return request;
  }

  /** Processes every request that is due, oldest first. */
  settle(): void {
    const nowMs = this.now();
    while (this.queue.length > 0 && this.queue[0]!.dueMs <= nowMs) {
      const request = this.queue.shift()!;
      for (const item of request.items) item.status = this.process(request.accountId, item, nowMs);
      request.done = true;
    }
  }

  /** The account's request (R3: another account's id is unknown here). */
  request(accountId: string, id: string): ManifestRequest | undefined {
    const request = this.byId.get(id);
    return request?.accountId === accountId ? request : undefined;
  }

  /** Every request of the account, in the order they were accepted (what tests count). */
  requestsOf(accountId: string): ManifestRequest[] {
    return [...this.byId.values()].filter((r) => r.accountId === accountId);
  }

  /** The latest request item of a key in the account. */
  latestOf(accountId: string, key: string): { request: ManifestRequest; item: RequestItem } | undefined {
    return this.latest.get(`${accountId}/${key}`);
  }

  private process(accountId: string, item: RequestItem, nowMs: number): Status {
    const problem = holderProblem(this.store, accountId, item.accessKey);
    if (problem) return problem;
    const answer = manifest(this.store, this.store.findNfe(accountId, item.accessKey)!, item.code, nowMs);
    return { code: answer.cStat, message: answer.xMotivo };
  }
}

const desks = new WeakMap<Store, ManifestRequests>();

/** The requests of one emulator (one per store). */
export function manifestRequestsOf(store: Store, now: () => number): ManifestRequests {
  let desk = desks.get(store);
  if (!desk) desks.set(store, (desk = new ManifestRequests(store, now)));
  return desk;
}
