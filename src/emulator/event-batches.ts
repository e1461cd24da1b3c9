// Event batches (R32, designed): a batch is accepted as `queued`, its events are processed one by
// one on the emulator's clock (the first QUEUED_MS after acceptance, then one every STEP_MS), so a
// status read sees queued, processing and done. Like the manifestation requests, a timer
// processes what is due (so the events endpoints see the events) and every read settles first.
// Batches are kept per emulator (keyed by its store) and per account (R3).
import { createHash } from 'node:crypto';
import {
  BATCH_EVENT_CODES,
  documentTypeOfKey,
  type BatchData,
  type BatchDocType,
  type BatchEvent,
  type BatchResult,
} from '../api/wire/events.js';
import { brt } from './data/xml-util.js';
import { registerEvent } from './event-batch-rules.js';
import type { Store } from './store.js';

const QUEUED_MS = 200;
const STEP_MS = 20;

interface Batch {
  accountId: string;
  createdMs: number;
  events: BatchEvent[];
  data: BatchData;
}

export class EventBatches {
  private readonly byId = new Map<string, Batch>();
  private readonly pending: Batch[] = [];
  private accepted = 0;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  /** Accepts an already-checked batch (batchProblem found nothing). */
  submit(accountId: string, events: BatchEvent[]): BatchData {
    const createdMs = this.now();
    const id = createHash('sha256')
      .update(`${accountId}\n${++this.accepted}\n${JSON.stringify(events)}`)
      .digest('hex')
      .slice(0, 32);
    const documentType: BatchDocType = documentTypeOfKey(events[0]!.access_key)!;
    const data: BatchData = {
      batch_id: id,
      status: 'queued',
      document_type: documentType,
      created_at: brt(createdMs),
      count: events.length,
      results: [],
    };
    const batch: Batch = { accountId, createdMs, events, data };
    this.byId.set(id, batch);
    this.pending.push(batch);
    setTimeout(() => this.settle(), QUEUED_MS + STEP_MS * events.length + 5).unref();
    return data;
  }

  /** The account's batch, settled up to now (R3: another account's id is unknown here). */
  find(accountId: string, id: string): BatchData | undefined {
    this.settle();
    const batch = this.byId.get(id);
    return batch?.accountId === accountId ? batch.data : undefined;
  }

  /** Processes every event that is due, batches in the order they came. */
  settle(): void {
    const nowMs = this.now();
    while (this.pending.length > 0) {
      const batch = this.pending[0]!;
      const { data, events } = batch;
      while (data.results.length < events.length && dueMs(batch, data.results.length) <= nowMs) {
        data.results.push(this.process(batch.accountId, data.document_type, events[data.results.length]!, nowMs));
      }
      if (data.results.length < events.length) {
        if (data.results.length > 0) data.status = 'processing';
        return;
      }
      data.status = 'done';
      this.pending.shift();
    }
  }

  private process(accountId: string, type: BatchDocType, event: BatchEvent, nowMs: number): BatchResult {
    const base = { access_key: event.access_key, tp_evento: event.tp_evento };
    const outcome = registerEvent(this.store, accountId, type, event, BATCH_EVENT_CODES[type][event.tp_evento]!, nowMs);
    if ('rejected' in outcome)
      return {
        ...base,
        n_seq_evento: event.n_seq_evento ?? null,
        status: 'rejected',
        code: outcome.rejected.cStat,
        message: outcome.rejected.xMotivo,
        protocol: null,
      };
    return {
      ...base,
      n_seq_evento: outcome.seq,
      status: 'registered',
      code: 135,
      message: outcome.message,
      protocol: outcome.protocol,
    };
  }
}

function dueMs(batch: Batch, index: number): number {
  return batch.createdMs + QUEUED_MS + STEP_MS * index;
}

const desks = new WeakMap<Store, EventBatches>();

/** The event batches of one emulator (one per store). */
export function eventBatchesOf(store: Store, now: () => number): EventBatches {
  let desk = desks.get(store);
  if (!desk) desks.set(store, (desk = new EventBatches(store, now)));
  return desk;
}
