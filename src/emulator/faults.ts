// Fault injection on the emulator's API routes: server errors, bursts of 429, connections reset or
// cut short, and the latency model of a remote service (a delay per request plus server time per
// document rendered). A resumable client (`fiscal pull`) must survive all of them, so faults come
// from a seeded stream and a run can be replayed request for request. A faulted request does
// nothing, like a request lost on the way: no handler runs for it and no quota is taken.
import type { ServerResponse } from 'node:http';
import { rngFor, type Rng } from './data/random.js';
import { serviceError, type Reply } from './respond.js';

export interface FaultSpec {
  /** Probability of answering 500 with a service-error body instead of doing the request. */
  http500?: number;
  /** Probability of answering 503 likewise. */
  http503?: number;
  /** Probability of starting a burst of 429s; `burst` more requests of that account get 429 after it. */
  http429?: { probability: number; burst: number };
  /** Probability of sending the status line, headers and part of the body, then resetting the connection. */
  reset?: number;
  /** Probability of sending part of the body under the full Content-Length, then closing the connection. */
  truncate?: number;
  /** Latency of every answer, in ms, uniform in [min, max] (network round trip and fixed server work). */
  latencyMs?: { min: number; max: number };
  /** Server time per document the answer renders, in ms (a page of 500 takes longer than one of 50). */
  perDocMs?: number;
  /** Seed of the fault stream; default the emulator's seed. */
  seed?: number;
}

type FaultKind = '500' | '503' | '429' | 'reset' | 'truncate';
/** Faults injected per kind; `latency` counts the requests that were delayed. */
export type FaultCounts = Record<FaultKind | 'latency', number>;

/** What the latency model added up: the modelled server time of the delayed requests. */
export interface ServerTimeCounts {
  /** Requests given a modelled time above 0. */
  requests: number;
  /** Their modelled times added up, in ms. */
  totalMs: number;
  /** Documents their answers rendered. */
  documents: number;
}

/** The fate of one request. */
export interface FaultDraw {
  kind?: FaultKind;
  /** The request's latency, drawn from the range; the per-document part is added once the answer is known. */
  latencyMs: number;
  /** The share of the body sent before a reset or a truncation, in [0.05, 0.95). */
  cut: number;
}

export class FaultSpecError extends Error {
  override name = 'FaultSpecError';
}

export function zeroFaultCounts(): FaultCounts {
  return { '500': 0, '503': 0, '429': 0, reset: 0, truncate: 0, latency: 0 };
}

export function zeroServerTime(): ServerTimeCounts {
  return { requests: 0, totalMs: 0, documents: 0 };
}

const PROBABILITY = /^(?:0|1|0?\.\d+|[01]\.\d+)$/;
const INTEGER = /^\d{1,9}$/;
const MILLISECONDS = /^\d{1,6}(?:\.\d{1,6})?$/;
const RANGE = /^(\d{1,6})(?:-(\d{1,6}))?$/;

/** `100-140` (uniform in the range) or `20` (fixed), in ms; undefined when malformed. */
export function parseLatencyRange(text: string): { min: number; max: number } | undefined {
  const m = RANGE.exec(text.trim());
  if (!m || Number(m[2] ?? m[1]) < Number(m[1])) return undefined;
  return { min: Number(m[1]), max: Number(m[2] ?? m[1]) };
}

/** `0.2`: milliseconds of server time per document rendered; undefined when malformed. */
export function parsePerDocMs(text: string): number | undefined {
  return MILLISECONDS.test(text.trim()) ? Number(text) : undefined;
}

function probability(value: string): number | string {
  if (!PROBABILITY.test(value) || Number(value) > 1) return 'expected a probability from 0 to 1, such as 0.05';
  return Number(value);
}

type ItemParser = (value: string, spec: FaultSpec) => string | undefined;

/** The spec's item names, in the order of the grammar (object keys would put 429 first). */
const KIND_NAMES = ['500', '503', '429', 'reset', 'truncate', 'latency', 'per-doc', 'seed'];

/** Each parser fills its part of the spec, or answers what is wrong with the value. */
const PARSERS: Record<string, ItemParser> = {
  '500': (v, spec) => assign(probability(v), (p) => (spec.http500 = p)),
  '503': (v, spec) => assign(probability(v), (p) => (spec.http503 = p)),
  '429': (v, spec) => {
    const [p, burst = '0', extra] = v.split(':');
    if (extra !== undefined || !INTEGER.test(burst)) return 'expected <probability>[:<burst length>], such as 0.02:5';
    return assign(probability(p!), (n) => (spec.http429 = { probability: n, burst: Number(burst) }));
  },
  reset: (v, spec) => assign(probability(v), (p) => (spec.reset = p)),
  truncate: (v, spec) => assign(probability(v), (p) => (spec.truncate = p)),
  latency: (v, spec) => {
    const range = parseLatencyRange(v);
    if (!range) return 'expected <min>-<max> milliseconds, such as 5-40';
    spec.latencyMs = range;
    return undefined;
  },
  'per-doc': (v, spec) => {
    const ms = parsePerDocMs(v);
    if (ms === undefined) return 'expected milliseconds per document, such as 0.2';
    spec.perDocMs = ms;
    return undefined;
  },
  seed: (v, spec) => {
    if (!INTEGER.test(v)) return 'expected a non-negative integer';
    spec.seed = Number(v);
    return undefined;
  },
};

function assign(parsed: number | string, set: (n: number) => void): string | undefined {
  if (typeof parsed === 'string') return parsed;
  set(parsed);
  return undefined;
}

/** `500=0.05,503=0.05,429=0.02:5,reset=0.02,truncate=0.02,latency=5-40,per-doc=0.2,seed=7`, any subset, any order. */
export function parseFaultSpec(text: string): FaultSpec {
  const spec: FaultSpec = {};
  if (text.trim() === '')
    throw new FaultSpecError('empty fault spec; expected kind=value items such as 500=0.05,latency=5-40');
  const seen = new Set<string>();
  for (const raw of text.split(',')) {
    const item = raw.trim();
    const eq = item.indexOf('=');
    if (eq < 0) throw new FaultSpecError(`bad fault "${item}": expected kind=value, such as 500=0.05`);
    const kind = item.slice(0, eq).trim();
    const parse = PARSERS[kind];
    if (!parse)
      throw new FaultSpecError(`unknown fault kind "${kind}" in "${item}"; expected one of ${KIND_NAMES.join(', ')}`);
    if (seen.has(kind)) throw new FaultSpecError(`fault "${kind}" is given twice`);
    seen.add(kind);
    const problem = parse(item.slice(eq + 1).trim(), spec);
    if (problem) throw new FaultSpecError(`bad fault "${item}": ${problem}`);
  }
  const problem = faultSpecProblem(spec);
  if (problem) throw new FaultSpecError(problem);
  return spec;
}

/** The spec as `parseFaultSpec` reads it, kinds in a fixed order. */
export function formatFaultSpec(spec: FaultSpec): string {
  const items: string[] = [];
  if (spec.http500 !== undefined) items.push(`500=${spec.http500}`);
  if (spec.http503 !== undefined) items.push(`503=${spec.http503}`);
  if (spec.http429) items.push(`429=${spec.http429.probability}:${spec.http429.burst}`);
  if (spec.reset !== undefined) items.push(`reset=${spec.reset}`);
  if (spec.truncate !== undefined) items.push(`truncate=${spec.truncate}`);
  if (spec.latencyMs) items.push(`latency=${spec.latencyMs.min}-${spec.latencyMs.max}`);
  if (spec.perDocMs !== undefined) items.push(`per-doc=${spec.perDocMs}`);
  if (spec.seed !== undefined) items.push(`seed=${spec.seed}`);
  return items.join(',');
}

/** The probability of each kind, in the order a draw tests them. */
function chances(spec: FaultSpec): [FaultKind, number][] {
  return [
    ['500', spec.http500 ?? 0],
    ['503', spec.http503 ?? 0],
    ['429', spec.http429?.probability ?? 0],
    ['reset', spec.reset ?? 0],
    ['truncate', spec.truncate ?? 0],
  ];
}

/** What is wrong with a spec built in code (the parser checks the same). */
function faultSpecProblem(spec: FaultSpec): string | undefined {
  for (const [kind, p] of chances(spec))
    if (!(p >= 0 && p <= 1)) return `fault ${kind}: probability ${p} is not from 0 to 1`;
  // One draw picks at most one fault, so the probabilities share the unit interval.
  const total = chances(spec).reduce((sum, [, p]) => sum + p, 0);
  if (total > 1 + 1e-9) return `fault probabilities add up to ${Number(total.toFixed(6))}; at most 1`;
  const burst = spec.http429?.burst ?? 0;
  if (!Number.isInteger(burst) || burst < 0) return `fault 429: burst length ${burst} is not a non-negative integer`;
  const l = spec.latencyMs;
  if (l && !(Number.isInteger(l.min) && Number.isInteger(l.max) && l.min >= 0 && l.max >= l.min))
    return `fault latency: ${l.min}-${l.max} is not a range of milliseconds`;
  const d = spec.perDocMs;
  if (d !== undefined && !(d >= 0 && Number.isFinite(d))) return `fault per-doc: ${d} is not a number of milliseconds`;
  return undefined;
}

export class FaultInjector {
  private readonly rng: Rng;
  private readonly bursts = new Map<string, number>();
  private counts = zeroFaultCounts();
  private serverTime = zeroServerTime();

  /** `carried`: counters to carry on from (when the faults of a running emulator are replaced). */
  constructor(
    readonly spec: FaultSpec,
    defaultSeed: number,
    carried?: { faults: FaultCounts; serverTime: ServerTimeCounts },
  ) {
    const problem = faultSpecProblem(spec);
    if (problem) throw new FaultSpecError(problem);
    this.rng = rngFor(spec.seed ?? defaultSeed, 'faults');
    if (carried) {
      this.counts = { ...carried.faults };
      this.serverTime = { ...carried.serverTime };
    }
  }

  /**
   * The fate of the next request of the account. Three numbers are drawn for every request
   * whatever happens, so the n-th request's fate depends only on the seed and n.
   */
  draw(accountId: string): FaultDraw {
    const forLatency = this.rng.next();
    const forKind = this.rng.next();
    const forCut = this.rng.next();
    const l = this.spec.latencyMs;
    const latencyMs = l ? l.min + Math.floor(forLatency * (l.max - l.min + 1)) : 0;
    const kind = this.kindOf(accountId, forKind);
    if (kind) this.counts[kind]++;
    return { kind, latencyMs, cut: 0.05 + 0.9 * forCut };
  }

  /**
   * The modelled server time of a drawn request whose answer renders `documents` documents: its
   * latency plus the per-document time. Counted; the caller answers no earlier than that after arrival.
   */
  serverTimeMs(draw: FaultDraw, documents: number): number {
    const ms = draw.latencyMs + (this.spec.perDocMs ?? 0) * documents;
    if (ms > 0) {
      this.counts.latency++;
      this.serverTime.requests++;
      this.serverTime.totalMs += ms;
      this.serverTime.documents += documents;
    }
    return ms;
  }

  counters(): FaultCounts {
    return { ...this.counts };
  }

  serverTimeCounters(): ServerTimeCounts {
    return { ...this.serverTime };
  }

  resetCounters(): void {
    this.counts = zeroFaultCounts();
    this.serverTime = zeroServerTime();
  }

  private kindOf(accountId: string, u: number): FaultKind | undefined {
    const left = this.bursts.get(accountId) ?? 0;
    if (left > 0) {
      this.bursts.set(accountId, left - 1);
      return '429';
    }
    let edge = 0;
    for (const [kind, p] of chances(this.spec)) {
      edge += p;
      if (u >= edge) continue;
      if (kind === '429') this.bursts.set(accountId, this.spec.http429!.burst);
      return kind;
    }
    return undefined;
  }
}

/**
 * The answer of a 500, 503 or 429 fault. R5: the 429 has no body and all four headers; it stands
 * for a momentary throttle, so Retry-After is 1 and, without a configured limit, the limit is 1.
 */
export function faultReply(
  kind: '500' | '503' | '429',
  rateHeaders: Record<string, string> | undefined,
  nowMs: number,
): Reply {
  if (kind === '429') {
    const headers = {
      'X-RateLimit-Limit': rateHeaders?.['X-RateLimit-Limit'] ?? '1',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil(nowMs / 1000) + 1),
      'Retry-After': '1',
    };
    return { status: 429, headers };
  }
  const reply =
    kind === '500'
      ? serviceError(500, 'internal_error', 'internal error (injected fault); the request was not processed', {
          fault: kind,
        })
      : serviceError(
          503,
          'service_unavailable',
          'service unavailable (injected fault); the request was not processed',
          { fault: kind },
        );
  return { ...reply, headers: rateHeaders ?? {} };
}

/**
 * Sends the status line, the headers with the full Content-Length and only part of the body, then
 * resets (RST) or ends (FIN) the connection: the client sees an error or a short body.
 */
export function writeCut(res: ServerResponse, reply: Reply, headers: Record<string, string>, draw: FaultDraw): void {
  const payload = Buffer.from(JSON.stringify(reply.body ?? { status: { code: reply.status, message: 'OK' } }), 'utf8');
  const keep = Math.min(payload.length - 1, Math.max(1, Math.floor(payload.length * draw.cut)));
  res.writeHead(reply.status, {
    ...headers,
    ...reply.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(payload.length),
  });
  const socket = res.socket;
  res.write(payload.subarray(0, keep), () => {
    if (draw.kind === 'reset') socket?.resetAndDestroy();
    else socket?.end();
  });
}
