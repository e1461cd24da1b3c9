// The emulator: a node:http server answering like the real API (stripe-mock style). Starts with
// `createEmulator({port: 0})` and hands back its URL, the accounts and the store. Optional faults,
// document arrivals and an admin surface (/_emulator/) serve the tests of a resumable `pull`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminReply, isAdminPath, RequestCounters, type EmulatorStats } from './admin.js';
import { eventAdder } from './admin-events.js';
import { BodyTooLarge, createRouter, failure, handleApi, readBody, routeKey, type Api } from './api.js';
import { Arrivals, type ArrivedNfe } from './arrivals.js';
import { generateDataset } from './data/dataset.js';
import { ApiHold } from './hold.js';
import {
  FaultInjector,
  FaultSpecError,
  parseFaultSpec,
  parseLatencyRange,
  zeroFaultCounts,
  zeroServerTime,
  type FaultSpec,
} from './faults.js';
import type { Account, Dataset } from './model.js';
import { NOMINAL_RATE_LIMIT, RateLimiter, type RateLimitOptions } from './rate-limit.js';
import { writeReply } from './respond.js';
import { Store } from './store.js';
import type { WebhookDeliveryOptions } from './webhooks/delivery.js';
import { attachWebhooks } from './webhooks/service.js';

export { createRouter } from './api.js';

export interface EmulatorOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Seed of the generated data (ignored with `dataset`). */
  seed?: number;
  /** NF-e per account (ignored with `dataset`). */
  docs?: number;
  /** Serve only the seed's first n accounts, 1 to 3 (ignored with `dataset`); default all. */
  accounts?: number;
  /** Documents per account of every other type (ignored with `dataset`); default min(docs, 600). */
  otherDocs?: number;
  /** The emulator's clock starts here and advances in real time; generated dates lie before it. */
  now?: Date;
  /** R5: a fixed window per account; without it requests are not limited. */
  rateLimit?: RateLimitOptions;
  /** Serve this data instead of generating it. */
  dataset?: Dataset;
  /** Faults injected on the API routes: a spec or its text (`500=0.05,latency=5-40`, see faults.ts). */
  faults?: FaultSpec | string;
  /**
   * The latency model of a remote service: every API answer takes this many ms (uniform in the
   * range, jitter from the seeded fault stream), `100-140` or `{min: 100, max: 140}`. It stays
   * when faults are replaced; a `latency` item in the faults overrides it while they are in force.
   */
  latency?: { min: number; max: number } | string;
  /** Server time per document an answer renders, in ms, added to the latency (e.g. 0.2). */
  perDocMs?: number;
  /** New documents per second added to every account (R13); default none. */
  arrivalRate?: number;
  /** Webhook deliveries: timeout, retry base delay and attempts (docs/webhooks.md). */
  webhooks?: WebhookDeliveryOptions;
  /** R39: accounts (ids, or 1-based numbers) without v2: their /v2/ endpoints answer 404. */
  withoutV2?: readonly string[];
  /** An upload no company of the account is a party of adopts its emitter as a company (Store.adoptParties). */
  adoptParties?: boolean;
}

export interface Emulator {
  /** `http://host:port`, no trailing slash. */
  url: string;
  port: number;
  accounts: readonly Account[];
  store: Store;
  /** The emulator's clock in ms. */
  now(): number;
  /** The counters `GET /_emulator/stats` answers. */
  stats(): EmulatorStats;
  /** Zeroes the counters (not the quota windows) and answers their values just before. */
  resetStats(): EmulatorStats;
  /** Adds `count` new documents now to the account (by id), or to every account. */
  addArrivals(count: number, accountId?: string): ArrivedNfe[];
  /** Replaces the faults (undefined: none from now on); the fault counters carry on. */
  setFaults(faults: FaultSpec | string | undefined): void;
  /** Tests: the next `after` API requests go through, every later one waits for release(). */
  hold(after?: number): void;
  /** Resolves once an API request waits on the hold. */
  held(): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const host = options.host ?? '127.0.0.1';
  const seed = options.seed ?? 1;
  const start = options.now ?? new Date();
  const dataset =
    options.dataset ??
    generateDataset({
      seed,
      docs: options.docs ?? 2000,
      now: start,
      ...(options.accounts !== undefined ? { accounts: options.accounts } : {}),
      ...(options.otherDocs !== undefined ? { otherDocs: options.otherDocs } : {}),
    });
  const store = new Store(dataset);
  store.adoptParties = options.adoptParties ?? false;
  store.accounts.forEach((account, i) => {
    if (options.withoutV2?.some((a) => a === account.id || a === String(i + 1))) account.withoutV2 = true;
  });
  // Unpinned, the clock is this machine's: read after the data was made, it ran behind by the time
  // that took (1.5 s for 100k documents), and so did every Date and X-RateLimit-Reset it sent.
  const startedAt = options.now ? Date.now() : start.getTime();
  const now = () => start.getTime() + (Date.now() - startedAt);
  const arrivals = new Arrivals(store, seed, now);
  const webhooks = attachWebhooks(store, now, options.webhooks);
  const rate = options.arrivalRate;
  // Checked before listening, so that a bad rate does not leave a server behind.
  if (rate !== undefined && !(rate > 0 && Number.isFinite(rate)))
    throw new RangeError(`arrivalRate must be positive, got ${rate}`);
  const model = latencyModel(options);
  const api: Api = {
    store,
    now,
    router: createRouter(),
    requests: new RequestCounters(),
    address: '',
    // On the emulator's clock, as its Date header: a client reads X-RateLimit-Reset against Date.
    limiter: options.rateLimit ? new RateLimiter(options.rateLimit, now) : undefined,
    nominal: new RateLimiter(NOMINAL_RATE_LIMIT, now),
    faults: injectorOf(options.faults, model, seed),
  };
  const setFaults = (faults: FaultSpec | string | undefined) => {
    const carried = api.faults
      ? { faults: api.faults.counters(), serverTime: api.faults.serverTimeCounters() }
      : undefined;
    api.faults = injectorOf(faults, model, seed, carried);
  };
  const stats = (): EmulatorStats => ({
    requests: api.requests.snapshot(),
    faults: api.faults?.counters() ?? zeroFaultCounts(),
    serverTime: api.faults?.serverTimeCounters() ?? zeroServerTime(),
    rateLimit: api.limiter?.stats() ?? null,
    documents: Object.fromEntries(store.accounts.map((a) => [a.id, store.nfesOf(a.id).entries.length])),
  });
  const resetStats = (): EmulatorStats => {
    const before = stats();
    api.requests.reset();
    api.faults?.resetCounters();
    api.limiter?.resetStats();
    return before;
  };
  const addArrivals = (count: number, accountId?: string) => arrivals.add(count, accountId);
  const gate = new ApiHold();
  const admin = {
    accountIds: store.accounts.map((a) => a.id),
    stats,
    resetStats,
    addArrivals,
    setFaults,
    addEvent: eventAdder(store, now),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    // R38: `//v1/nfe/received` is the path /v1/nfe/received, not a host `v1` and a path /nfe/received.
    const url = new URL((req.url ?? '/').replace(/^\/{2,}/, '/'), 'http://emulator.invalid');
    const isAdmin = isAdminPath(url.pathname);
    const arrivedAt = isAdmin ? 0 : api.requests.arrive();
    let rawBody: Buffer;
    try {
      rawBody = await readBody(req);
    } catch (error) {
      const reply = failure(error, 'service');
      if (!isAdmin) api.requests.record(routeKey(api.router, method, url.pathname), reply.status, arrivedAt);
      writeReply(res, reply);
      if (error instanceof BodyTooLarge) res.on('finish', () => req.destroy());
      return;
    }
    // Admin routes come before authentication, rate limiting and faults: a loopback tool.
    if (isAdmin) return writeReply(res, adminReply(admin, method, url.pathname, rawBody));
    await gate.pass();
    await handleApi(api, req, res, { method, url, rawBody, arrivedAt });
  }

  const server = createServer({ keepAlive: true }, (req, res) => void handle(req, res).catch(() => res.destroy()));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  api.address = `http://${urlHost}:${port}`;
  if (rate !== undefined) arrivals.start(rate);
  let closing: Promise<void> | undefined;
  return {
    url: api.address,
    port,
    accounts: store.accounts,
    store,
    now,
    stats,
    resetStats,
    addArrivals,
    setFaults,
    hold: (after) => gate.hold(after),
    held: () => gate.held(),
    release: () => gate.release(),
    close() {
      gate.release();
      arrivals.stop();
      webhooks.close();
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** The latency options as the fault items they stand for. */
function latencyModel(options: EmulatorOptions): FaultSpec {
  const model: FaultSpec = {};
  if (options.latency !== undefined) {
    const range = typeof options.latency === 'string' ? parseLatencyRange(options.latency) : options.latency;
    if (!range)
      throw new FaultSpecError(
        `latency "${String(options.latency)}": expected <min>-<max> milliseconds, such as 100-140`,
      );
    model.latencyMs = range;
  }
  if (options.perDocMs !== undefined) model.perDocMs = options.perDocMs;
  return model;
}

type Carried = ConstructorParameters<typeof FaultInjector>[2];

function injectorOf(
  faults: FaultSpec | string | undefined,
  model: FaultSpec,
  seed: number,
  carried?: Carried,
): FaultInjector | undefined {
  const spec = { ...model, ...(typeof faults === 'string' ? parseFaultSpec(faults) : faults) };
  // Without faults or a latency model an injector is kept only to carry the counters of earlier ones.
  if (Object.keys(spec).length === 0 && !carried) return undefined;
  return new FaultInjector(spec, seed, carried);
}
