// What the generators of every document stream share: reception times, stream positions,
// numbering, the API-side fields (origin, tags, properties) and shared role lists.
import { buildAccessKey } from '../../fiscal/access-key.js';
import type { Party } from '../model.js';
import type { AccountWorld } from './accounts.js';
import { taxIdOf } from './parties.js';
import { stateOf } from './places.js';
import { rngFor, weights, type Rng } from './random.js';
import { frozen } from './shared-lists.js';

export { RoleLists } from './shared-lists.js';
import { brt, flatDigits } from './xml-util.js';

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const SEFAZ_ORIGINS = weights([
  ['sefaz', 75],
  ['upload', 8],
  ['upload_api', 7],
  ['email', 6],
  ['integracoes', 4],
]);
/** The API-side fields every stream draws from (NF-e's own generator too). */
export const TAGS = ['urgente', 'revisar', 'pago', 'estoque'] as const;
export const PROPERTY_STATUS = weights([
  ['pending', 50],
  ['done', 35],
  ['error', 15],
]);
export const COST_CENTERS = ['CC100', 'CC200', 'CC300', 'CC410'] as const;
const NO_TAGS: string[] = frozen([]);

/** Numbers run per emitter and series, from a random start, in the order documents are made. */
export class Numbering {
  private readonly next = new Map<string, number>();
  constructor(private readonly rng: Rng) {}

  take(emitter: Party): number {
    const id = taxIdOf(emitter);
    const n = this.next.get(id) ?? this.rng.int(100, 60_000);
    this.next.set(id, n + 1);
    return n;
  }
}

/** The API-side fields of a document: how it arrived, and what the customer attached to it. */
interface ApiFields {
  origin: string;
  tags: string[];
  properties: Record<string, string>;
  flagErp: Record<string, string>;
}

/**
 * One account's stream of one document type: reception times (sorted, whole seconds, strictly
 * increasing over the 360 days before now less ten minutes), positions with gaps (R13) and the
 * random stream everything else is drawn from. Documents must be made in order.
 */
export class DocStream {
  readonly rng: Rng;
  readonly numbers: Numbering;
  /** Events happen no later than this. */
  readonly latestMs: number;
  private readonly times: Float64Array;
  private position: number;

  constructor(kind: string, w: AccountWorld, seed: number, count: number, nowMs: number) {
    this.rng = rngFor(seed, kind, w.account.id);
    this.numbers = new Numbering(this.rng);
    this.latestMs = nowMs - MINUTE;
    this.times = receptionTimes(this.rng, count, nowMs);
    this.position = 999 + this.rng.int(0, 99);
  }

  createdMs(i: number): number {
    return this.times[i]!;
  }

  emissionMs(createdMs: number): number {
    return createdMs - receptionDelay(this.rng);
  }

  nextPosition(): number {
    this.position = positionAfter(this.rng, this.position);
    return this.position;
  }

  apiFields(origins = SEFAZ_ORIGINS): ApiFields {
    const { rng } = this;
    const origin = rng.weighted(origins);
    let tags = NO_TAGS;
    if (rng.chance(0.3)) tags = rng.shuffle(TAGS).slice(0, rng.chance(0.75) ? 1 : 2);
    const properties: Record<string, string> = {};
    if (rng.chance(0.4)) properties.status = rng.weighted(PROPERTY_STATUS);
    if (rng.chance(0.25)) properties.erp_id = `ERP-${rng.digits(7)}`;
    if (rng.chance(0.15)) properties.centro_custo = rng.pick(COST_CENTERS);
    const flagErp: Record<string, string> = rng.chance(0.05) ? { exported: 'true', batch: `B${rng.digits(4)}` } : {};
    return { origin, tags, properties, flagErp };
  }

  /** An instant `min..max` minutes after `fromMs`, but never after latestMs. */
  later(fromMs: number, minMinutes: number, maxMinutes: number): number {
    return Math.min(fromMs + this.rng.int(minMinutes, maxMinutes) * MINUTE + this.rng.int(0, 59) * 1000, this.latestMs);
  }
}

/** Emission precedes reception by minutes (most), hours, or a few days. */
export function receptionDelay(rng: Rng): number {
  const r = rng.next();
  const minutes = r < 0.6 ? rng.int(1, 120) : r < 0.9 ? rng.int(120, 2880) : rng.int(2880, 7200);
  return minutes * MINUTE + rng.int(0, 59) * 1000;
}

/** R13: positions grow with reception and leave gaps (documents of other kinds, deleted ones). */
export function positionAfter(rng: Rng, previous: number): number {
  const r = rng.next();
  return previous + 1 + (r < 0.85 ? 0 : r < 0.97 ? rng.int(1, 5) : rng.int(10, 200));
}

/**
 * When the service received each document (createdAt): sorted, whole seconds, strictly
 * increasing, over the 360 days before `nowMs` less ten minutes, so that emission (earlier)
 * stays inside the 12 months and events (later) before now.
 */
export function receptionTimes(rng: Rng, count: number, nowMs: number): Float64Array {
  const start = nowMs - 360 * DAY;
  const span = nowMs - 10 * MINUTE - start;
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) times[i] = rng.next();
  times.sort();
  let previous = 0;
  for (let i = 0; i < count; i++) {
    let t = Math.floor((start + times[i]! * span) / 1000) * 1000;
    if (t <= previous) t = previous + 1000;
    times[i] = previous = t;
  }
  return times;
}

/** An R7 access key of `model` for a document of `emitter` emitted at `emission` (a brt string). */
export function accessKeyOf(
  rng: Rng,
  model: string,
  emitter: Party,
  emission: string,
  series: string,
  number: string,
): string {
  return flatDigits(
    buildAccessKey({
      uf: stateOf(emitter.uf).cuf,
      yymm: emission.slice(2, 4) + emission.slice(5, 7),
      issuer: taxIdOf(emitter),
      model,
      series,
      number,
      emissionType: '1',
      code: rng.digits(8),
    }),
  );
}

/** The key of an earlier document of `emitter` (model 55 NF-e, 57 CT-e...), up to `maxDays` before `beforeMs`. */
export function earlierKey(rng: Rng, model: string, emitter: Party, beforeMs: number, maxDays: number): string {
  const emission = brt(beforeMs - rng.int(10, maxDays * 1440) * MINUTE);
  return accessKeyOf(rng, model, emitter, emission, String(rng.int(1, 3)), String(rng.int(1, 999_999)));
}

/** `count` documents made one after the other by `make` (a stream's documents must be made in order). */
export function inOrder<T>(count: number, make: (i: number) => T): T[] {
  const out: T[] = new Array(count);
  for (let i = 0; i < count; i++) out[i] = make(i);
  return out;
}

/** Sorts events by date in place (same format everywhere, so strings sort as instants). */
export function byDate<T extends { createdAt: string }>(events: T[]): T[] {
  if (events.length > 1) events.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  return events;
}
