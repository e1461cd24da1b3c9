// The emulator's admin surface under /_emulator/ (designed): request, fault and quota counters for
// benchmarks, document arrivals for incremental-sync tests, and switching faults on and off. A loopback tool: it needs no
// credentials, is never rate-limited or faulted, and its own requests are not counted.
import * as z from 'zod';
import { AddEventError, addEventRequest, type AddedEvent, type AddEventRequest } from './admin-events.js';
import type { ArrivedNfe } from './arrivals.js';
import { FaultSpecError, type FaultCounts, type ServerTimeCounts } from './faults.js';
import type { RateLimitStats } from './rate-limit.js';
import { HttpError, badRequest, ok, serviceError, type Reply } from './respond.js';

export const ADMIN_PREFIX = '/_emulator/';
/** Most documents one arrivals request may add per account, so that it answers promptly. */
const MAX_ARRIVALS_PER_REQUEST = 10_000;

export function isAdminPath(path: string): boolean {
  return path.startsWith(ADMIN_PREFIX) || path === '/_emulator';
}

interface RequestCounts {
  total: number;
  /** By HTTP status; a request whose connection was reset or cut short counts as `reset` or `truncate`. */
  byStatus: Record<string, number>;
  /** By `METHOD /pattern` of the route (`GET /v1/nfe/{role}`); paths of no route count as `unmatched`. */
  byRoute: Record<string, number>;
  /** When the first and the last of these requests were answered (unix ms); null before any. */
  firstAt: number | null;
  lastAt: number | null;
  /** How many of them were being answered at once (what a client's concurrency achieved). */
  inFlight: InFlightCounts;
}

interface InFlightCounts {
  /** Being answered as the stats are read. */
  now: number;
  /** The most at any moment. */
  peak: number;
  /** The sum of each request's time from its arrival to its answer. */
  totalMs: number;
  /** totalMs over the span from the first arrival to the last answer: the mean in flight. */
  mean: number;
}

export interface EmulatorStats {
  requests: RequestCounts;
  faults: FaultCounts;
  /** The latency model's modelled server time (latency plus per-document time) of the delayed requests. */
  serverTime: ServerTimeCounts;
  /** null without a rate limit. */
  rateLimit: RateLimitStats | null;
  /** Documents per account id, arrivals included. */
  documents: Record<string, number>;
}

const noRequests = (): RequestCounts => ({
  total: 0,
  byStatus: {},
  byRoute: {},
  firstAt: null,
  lastAt: null,
  inFlight: { now: 0, peak: 0, totalMs: 0, mean: 0 },
});

export class RequestCounters {
  private counts = noRequests();
  /** Requests arrived and not answered yet: kept across a reset, they are still on their way. */
  private current = 0;
  private firstArrivedAt: number | null = null;

  /** A request arrived: answer its record() with the time this returns. */
  arrive(): number {
    const at = Date.now();
    this.firstArrivedAt ??= at;
    this.current++;
    this.counts.inFlight.peak = Math.max(this.counts.inFlight.peak, this.current);
    return at;
  }

  record(route: string, outcome: number | 'reset' | 'truncate', arrivedAt: number): void {
    // A benchmark divides the quota used by the quota offered over this span.
    this.counts.lastAt = Date.now();
    this.current = Math.max(0, this.current - 1);
    // A request that arrived before a reset counts from the reset on.
    this.counts.inFlight.totalMs += this.counts.lastAt - Math.max(arrivedAt, this.firstArrivedAt ?? arrivedAt);
    this.counts.firstAt ??= this.counts.lastAt;
    this.counts.total++;
    const status = String(outcome);
    this.counts.byStatus[status] = (this.counts.byStatus[status] ?? 0) + 1;
    this.counts.byRoute[route] = (this.counts.byRoute[route] ?? 0) + 1;
  }

  snapshot(): RequestCounts {
    const { inFlight, lastAt } = this.counts;
    const span = lastAt !== null && this.firstArrivedAt !== null ? lastAt - this.firstArrivedAt : 0;
    return {
      ...this.counts,
      byStatus: { ...this.counts.byStatus },
      byRoute: { ...this.counts.byRoute },
      inFlight: { ...inFlight, now: this.current, mean: span > 0 ? inFlight.totalMs / span : 0 },
    };
  }

  reset(): void {
    this.counts = noRequests();
    this.counts.inFlight.peak = this.current;
    this.firstArrivedAt = this.current > 0 ? Date.now() : null;
  }
}

/** What the admin routes act on: the emulator, seen through a narrow window. */
interface AdminActions {
  accountIds: readonly string[];
  stats(): EmulatorStats;
  /** Zeroes every counter and answers their values just before. */
  resetStats(): EmulatorStats;
  addArrivals(count: number, accountId?: string): ArrivedNfe[];
  /** Throws FaultSpecError on a bad spec text. */
  setFaults(spec: string | undefined): void;
  /** Throws AddEventError (400 naming the field, 404 for a document no account holds). */
  addEvent(req: AddEventRequest): AddedEvent;
}

const arrivalsRequest = z.strictObject({
  account: z.string().min(1).optional(),
  count: z.number().int().min(0).max(MAX_ARRIVALS_PER_REQUEST),
});

type AdminHandler = (actions: AdminActions, rawBody: Buffer) => Reply;

const ROUTES: Record<string, { method: string; handler: AdminHandler }> = {
  '/_emulator/stats': { method: 'GET', handler: (a) => ok({ data: a.stats() }) },
  '/_emulator/reset-stats': { method: 'POST', handler: (a) => ok({ data: a.resetStats() }) },
  '/_emulator/arrivals': { method: 'POST', handler: arrivals },
  '/_emulator/faults': { method: 'POST', handler: faults },
  '/_emulator/events': { method: 'POST', handler: events },
};

/** Adds an event to a stored document: `{account?, type, id, event, seq?, created_at?, xml?}`. */
function events(actions: AdminActions, rawBody: Buffer): Reply {
  const req = parseBody(addEventRequest, rawBody);
  try {
    return ok({ data: actions.addEvent(req) });
  } catch (error) {
    if (!(error instanceof AddEventError)) throw error;
    if (error.status === 404)
      throw new HttpError(serviceError(404, 'not_found', error.message, { field: error.field }));
    throw badRequest('service', error.message, error.field);
  }
}

const faultsRequest = z.strictObject({ spec: z.string().nullable() });

/** Replaces the faults of the running emulator: `{spec: "500=1"}`, or `{spec: null}` for none. */
function faults(actions: AdminActions, rawBody: Buffer): Reply {
  const { spec } = parseBody(faultsRequest, rawBody);
  try {
    actions.setFaults(spec ?? undefined);
  } catch (error) {
    if (error instanceof FaultSpecError) throw badRequest('service', error.message, 'spec');
    throw error;
  }
  return ok({ data: { spec: spec ?? null } });
}

/** The JSON body checked against `schema`; a 400 naming the first problem otherwise. */
function parseBody<S extends z.ZodType>(schema: S, rawBody: Buffer): z.infer<S> {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8') || '{}');
  } catch (error) {
    throw badRequest('service', `malformed JSON body: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badRequest('service', issue.message, issue.path.map(String).join('.') || undefined);
}

function arrivals(actions: AdminActions, rawBody: Buffer): Reply {
  const { account, count } = parseBody(arrivalsRequest, rawBody);
  if (account !== undefined && !actions.accountIds.includes(account)) {
    throw badRequest('service', `no account "${account}"; accounts are ${actions.accountIds.join(', ')}`, 'account');
  }
  const added = actions.addArrivals(count, account);
  return ok({
    data: { added: added.map((a) => ({ account: a.account, access_key: a.accessKey, position: a.position })) },
  });
}

/** The answer of an admin request, errors in the service's shape (R6). */
export function adminReply(actions: AdminActions, method: string, path: string, rawBody: Buffer): Reply {
  const route = ROUTES[path];
  if (!route) {
    return serviceError(
      404,
      'not_found',
      `no such admin endpoint: ${method} ${path}; try ${Object.keys(ROUTES).join(', ')}`,
      { method, path },
    );
  }
  if (route.method !== method) {
    const reply = serviceError(405, 'method_not_allowed', `${method} is not allowed on ${path}; use ${route.method}`, {
      method,
      path,
      allowed: [route.method],
    });
    return { ...reply, headers: { Allow: route.method } };
  }
  try {
    return route.handler(actions, rawBody);
  } catch (error) {
    if (error instanceof HttpError) return error.reply;
    throw error;
  }
}
