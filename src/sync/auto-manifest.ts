// `fiscal pull nfe --role received --manifest aware`: the awareness manifestation ("ciência da
// operação", 210210) of every received NF-e the pull adds to the folder, sent in batches once the
// documents are durable. Its state lives beside the checkpoints, in <dir>/.fiscal/:
//
//   manifest-queue.ndjson  the keys to manifest, appended and fsynced in the same commit round as
//                          the documents, after their files are durable and before the checkpoints
//                          that count them (so a crash either pulls them again, and queues them
//                          again, or leaves them queued: none is forgotten);
//   manifest-done.ndjson   what became of each key: `sent` (with its request id) as soon as a batch
//                          is accepted, then its answer (registered, rejected, or already manifested).
//
// The two files are kept by manifest-queue.ts. A drain (before the pull: what an earlier run
// left; after it: what it added) runs under the folder's lock. Before a key is sent, the service is asked whether it already knows a
// manifestation request of ours for it (4.14 by key) or any manifestation at all (4.10): a run
// killed after its POST but before recording it adopts that request instead of sending again.
import { join } from 'node:path';
import type { HttpClient } from '../api/http.js';
import { withSignal } from '../api/http-views.js';
import { manifestAsync, manifestLatest, manifestStatus } from '../api/manifest.js';
import {
  MANIFEST_CODES,
  PENDING_CODE,
  REGISTERED_CODE,
  type ManifestCode,
  type ManifestStatusItem,
} from '../api/wire/manifest.js';
import type { Clock, Logger } from '../context.js';
import { brasiliaTimestamp } from '../fiscal/dates.js';
import { InterruptedError } from '../errors.js';
import { syncCatalog } from '../catalog/folder.js';
import { recordStatuses, replayJournal } from '../catalog/journal.js';
import { committedIndexBytes } from '../catalog/reader.js';
import type { CatalogStore } from '../catalog/store.js';
import type { IndexEntry } from './index-file.js';
import { acquireLock } from './lock.js';
import { ManifestQueue, type DoneRecord, type Outcome } from './manifest-queue.js';
import type { ManifestCounts } from './summary.js';

/** The authority's answer to a manifestation of a canceled NF-e. */
const CANCELED_CSTAT = 650;

/** Manifests per asynchronous request (the service's designed limit). */
const BATCH = 100;
/** Keys per status or latest query (a long query string is refused by some proxies). */
const QUERY_CHUNK = 50;
const FIRST_POLL_MS = 300;
const MAX_POLL_MS = 2_000;

/** What `--manifest` takes, and the code it sends. */
export const AUTO_MANIFEST_VERBS = { aware: '210210' } as const satisfies Record<string, ManifestCode>;

interface AutoManifestOptions {
  dir: string;
  code: ManifestCode;
  http: HttpClient;
  clock: Clock;
  log: Logger;
  /** Seconds to wait for the folder's lock (--lock-wait). */
  lockWait: number;
  /** Where the counts go (the pull's summary). */
  counts: ManifestCounts;
  /** One line per rejected key, on stderr. */
  say(line: string): void;
}

/** The documents an awareness manifestation is for: received NF-e, not their events. */
const wantsManifest = (e: IndexEntry) => e.type === 'nfe' && e.role === 'received' && e.event === undefined;

export class AutoManifest {
  private readonly stateDir: string;
  private readonly queue: ManifestQueue;
  private signal = new AbortController().signal;
  /** The folder's catalog while a drain runs (under the folder's lock). */
  private catalog: CatalogStore | undefined;
  private http: HttpClient;

  constructor(private readonly o: AutoManifestOptions) {
    this.stateDir = join(o.dir, '.fiscal');
    this.queue = new ManifestQueue(this.stateDir);
    this.http = o.http;
  }

  /** The pull engine's commit hook: queues the received NF-e of the round, durably. */
  readonly onCommit = async (entries: readonly IndexEntry[]): Promise<void> => {
    await this.queue.add([...new Set(entries.filter(wantsManifest).map((e) => e.key))]);
  };

  /** True when an earlier run left keys queued (checked before taking the lock for them). */
  hasQueue(): boolean {
    return this.queue.has();
  }

  /**
   * Sends every queued key not answered yet and waits for the answers, under the folder's lock;
   * `signal` stops it (what is not answered stays queued for the next run). With the folder's
   * catalog in a shared database (`shared`, its lease held by the caller in place of the lock),
   * the answers are recorded there, the journal's earlier records first.
   */
  async drain(signal: AbortSignal, shared?: CatalogStore): Promise<void> {
    if (!this.hasQueue()) return;
    const o = this.o;
    this.signal = signal;
    this.http = withSignal(o.http, signal);
    if (shared) {
      await replayJournal(o.dir, shared);
      return this.drainWith(shared);
    }
    const lock = await acquireLock(this.stateDir, {
      waitSeconds: o.lockWait,
      clock: o.clock,
      signal,
      warn: o.log.warn,
    });
    try {
      await this.drainLocked();
    } finally {
      await lock.release();
    }
  }

  private async drainLocked(): Promise<void> {
    const { store } = await syncCatalog(this.o.dir, {
      indexBytes: committedIndexBytes(this.o.dir),
      warn: this.o.log.warn,
    });
    try {
      await this.drainWith(store);
    } finally {
      await store.close();
    }
  }

  private async drainWith(store: CatalogStore): Promise<void> {
    this.catalog = store;
    try {
      await this.drainQueue();
    } finally {
      this.catalog = undefined;
    }
  }

  private async drainQueue(): Promise<void> {
    const { queue, done } = await this.queue.read();
    const open = queue.filter((k) => done.get(k)?.state === undefined || done.get(k)!.state === 'sent');
    this.o.counts.pending = open.length;
    // Requests an earlier run sent and recorded: followed, not sent again.
    const sent = new Map<string, string[]>();
    for (const key of open) {
      const r = done.get(key);
      if (r?.state === 'sent') sent.set(r.request_id, [...(sent.get(r.request_id) ?? []), key]);
    }
    const unanswered = await this.follow(sent);
    const fresh = [...open.filter((k) => done.get(k)?.state !== 'sent'), ...unanswered];
    for (let i = 0; i < fresh.length; i += BATCH) await this.sendBatch(fresh.slice(i, i + BATCH));
    if (this.o.counts.pending === 0) await this.queue.clear();
  }

  /** Skips what the service already knows of, sends the rest as one request, and follows it. */
  private async sendBatch(keys: string[]): Promise<void> {
    const o = this.o;
    const adopted = new Map<string, string[]>();
    const answered: DoneRecord[] = [];
    // Notes the folder already knows canceled (their events came with this pull): never sent.
    const known = await this.canceledOf(keys);
    for (const key of known) answered.push({ key, state: 'canceled' });
    for (let i = 0; i < keys.length; i += QUERY_CHUNK) {
      const chunk = keys.slice(i, i + QUERY_CHUNK);
      // A request of ours for the key (a run killed after sending it, before recording it).
      for (const item of await manifestStatus(this.http, { accessKeys: chunk })) {
        if (String(item.code) !== o.code || known.has(item.access_key) || !chunk.includes(item.access_key)) continue;
        known.add(item.access_key);
        if (item.status.code === PENDING_CODE && item.request_id)
          adopted.set(item.request_id, [...(adopted.get(item.request_id) ?? []), item.access_key]);
        else answered.push(recordOf(item));
      }
      // Any manifestation already made (through the platform, the API, or an earlier run).
      const rest = chunk.filter((k) => !known.has(k));
      if (rest.length === 0) continue;
      for (const item of await manifestLatest(this.http, rest)) {
        if (!item.code || known.has(item.access_key)) continue;
        known.add(item.access_key);
        answered.push({ key: item.access_key, state: 'already', code: item.code });
      }
    }
    await this.record(answered);
    const toSend = keys.filter((k) => !known.has(k));
    if (toSend.length > 0) {
      if (this.signal.aborted)
        throw new InterruptedError('stopped before sending the awareness manifestations; the next run sends them');
      const requestId = await manifestAsync(
        this.http,
        toSend.map((access_key) => ({ access_key, code: o.code })),
      );
      await this.record(toSend.map((key) => ({ key, state: 'sent', request_id: requestId })));
      o.log.debug(
        `manifestation request ${requestId}: ${toSend.length} key${toSend.length === 1 ? '' : 's'} (${o.code})`,
      );
      adopted.set(requestId, [...(adopted.get(requestId) ?? []), ...toSend]);
    }
    const lost = await this.follow(adopted);
    // A request the service no longer knows (it was restarted): asked again from the start.
    if (lost.length > 0) {
      o.log.warn(
        `${lost.length} manifestation${lost.length === 1 ? '' : 's'} of an unknown request: sending again after checking`,
      );
      await this.sendBatch(lost);
    }
  }

  /**
   * Polls 4.14 until each request's keys are answered and records the answers; returns the keys
   * of requests the service does not know.
   */
  private async follow(requests: Map<string, string[]>): Promise<string[]> {
    const o = this.o;
    const open = new Map(requests);
    const lost: string[] = [];
    let pause = FIRST_POLL_MS;
    let firstRound = true;
    while (open.size > 0) {
      if (!firstRound) {
        await o.clock.sleep(pause, this.signal).catch(() => {
          throw new InterruptedError(
            'stopped while waiting for the tax authority; the next run follows the manifestations sent',
          );
        });
        pause = Math.min(MAX_POLL_MS, pause * 2);
      }
      firstRound = false;
      const items = await manifestStatus(this.http, { requestIds: [...open.keys()] });
      const seen = new Set(items.map((i) => i.request_id));
      for (const [id, keys] of open) {
        if (seen.has(id)) continue;
        lost.push(...keys);
        open.delete(id);
      }
      const answers: DoneRecord[] = [];
      for (const [id, keys] of open) {
        const mine = items.filter((i) => i.request_id === id && keys.includes(i.access_key));
        if (mine.some((i) => i.status.code === PENDING_CODE)) continue;
        answers.push(...mine.map(recordOf));
        // A key the answer leaves out is asked about again, never left waiting forever.
        lost.push(...keys.filter((k) => !mine.some((i) => i.access_key === k)));
        open.delete(id);
      }
      await this.record(answers);
    }
    return lost;
  }

  /** The keys among `keys` the catalog says are canceled. */
  private async canceledOf(keys: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; this.catalog && i < keys.length; i += QUERY_CHUNK) {
      const chunk = keys.slice(i, i + QUERY_CHUNK);
      const rows = await this.catalog.select(
        `SELECT DISTINCT key FROM documents WHERE status = 'canceled' AND key IN (${chunk.map(() => '?').join(', ')})`,
        chunk,
      );
      for (const r of rows) out.add(String(r.key));
    }
    return out;
  }

  /** Appends answers to the done file durably, counts them and reports rejections. */
  private async record(records: DoneRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.queue.record(records);
    // What the authority answered becomes the folder's (status journal, catalog): a 650 says the
    // note is canceled, a registration is the note's manifestation; the next run and every report
    // know both without an event file.
    const learnt = records.filter(
      (r) =>
        r.state === 'registered' ||
        (r.state === 'already' && 'code' in r && r.code) ||
        (r.state === 'canceled' && 'cstat' in r && r.cstat === CANCELED_CSTAT),
    );
    if (learnt.length && this.catalog) {
      const at = brasiliaTimestamp(this.o.clock.now());
      await recordStatuses(
        this.o.dir,
        this.catalog,
        learnt.map((r) => ({
          key: r.key,
          role: 'received',
          owner: '',
          // A manifestation made before says nothing of the status now ('' changes none).
          status: r.state === 'canceled' ? 'canceled' : r.state === 'registered' ? 'authorized' : '',
          at,
          source: 'manifestation',
          ...(r.state === 'registered' ? { manifestation: this.o.code } : {}),
          ...(r.state === 'already' && 'code' in r ? { manifestation: r.code } : {}),
        })),
      );
    }
    const c = this.o.counts;
    for (const r of records) {
      if (r.state === 'sent') continue;
      c.pending--;
      if (r.state === 'registered') c.manifested++;
      else if (r.state === 'already') c.already++;
      else if (r.state === 'canceled') c.canceled++;
      else {
        c.rejected.push({ key: r.key, cstat: r.cstat ?? null, message: r.message ?? 'rejected' });
        this.o.say(
          `fiscal: ${r.key}: ${MANIFEST_CODES[this.o.code]} (${this.o.code}) rejected: ${r.cstat ?? ''} ${r.message ?? ''}`.trimEnd(),
        );
      }
    }
  }
}

/** A final record from a status item of 4.14: registered (135), else refused by the authority or the service. */
function recordOf(item: ManifestStatusItem): DoneRecord {
  const state: Outcome =
    item.status.code === REGISTERED_CODE ? 'registered' : item.status.code === CANCELED_CSTAT ? 'canceled' : 'rejected';
  return {
    key: item.access_key,
    state,
    code: String(item.code),
    cstat: item.status.code,
    message: item.status.message,
  };
}
