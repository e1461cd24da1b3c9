// The life of a generated invoice after its authorization: cancellation (110111), correction
// letters (110110) and the receiver's manifestations (2102xx). Only the facts are stored; the
// procEventoNFe XML is rendered from them on demand (see events-xml.ts).
import type { Manifestation, NfeEvent } from '../model.js';
import { brt, eventProtocol, flatDigits } from './xml-util.js';
import { weights, type Rng } from './random.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface EventFacts {
  accessKey: string;
  emissionMs: number;
  createdMs: number;
  /** Events happen no later than this (a minute before the dataset's now). */
  latestMs: number;
  /** An owner company receives the invoice, so it may manifest. */
  receivedByOwner: boolean;
}

interface History {
  status: 'authorized' | 'canceled';
  events: NfeEvent[];
  manifestations: Manifestation[];
}

/** Manifestation histories: awareness first, then maybe a conclusion; or a rejection at once. */
const MANIFEST_PATTERNS = weights<readonly string[]>([
  [['210210'], 60],
  [['210210', '210200'], 25],
  [['210220'], 8],
  [['210240'], 7],
]);

function manifestations(rng: Rng, f: EventFacts, events: NfeEvent[]): Manifestation[] {
  const types = rng.weighted(MANIFEST_PATTERNS);
  const origin = rng.chance(0.7) ? 'app' : 'api';
  let at = Math.min(f.createdMs + rng.int(5, 4320) * MINUTE, f.latestMs);
  const out: Manifestation[] = [];
  types.forEach((type, i) => {
    if (i > 0) at = Math.min(at + rng.int(1, 72) * HOUR, f.latestMs);
    const date = brt(at);
    events.push({ type, seq: 1, createdAt: date });
    out.push({
      Type: type,
      Protocol: flatDigits(eventProtocol(f.accessKey, type, 1, date)),
      Seq: '1',
      Date: date,
      CreatedAt: brt(at + rng.int(1, 50) * 1000),
      // A later manifestation supersedes the earlier one.
      Active: i === types.length - 1,
      IsForced: false,
      origin,
    });
  });
  return out.slice();
}

function correctionLetters(rng: Rng, f: EventFacts, events: NfeEvent[]): void {
  let at = Math.min(f.createdMs + rng.int(1, 20) * DAY, f.latestMs);
  events.push({ type: '110110', seq: 1, createdAt: brt(at) });
  if (rng.chance(0.2)) {
    at = Math.min(at + rng.int(1, 5) * DAY, f.latestMs);
    events.push({ type: '110110', seq: 2, createdAt: brt(at) });
  }
}

export function historyOf(rng: Rng, f: EventFacts): History {
  const events: NfeEvent[] = [];
  // Cancellation is only allowed within 24 hours of the authorization.
  const canceled = rng.chance(0.1);
  if (canceled)
    events.push({
      type: '110111',
      seq: 1,
      createdAt: brt(Math.min(f.emissionMs + rng.int(10, 1380) * MINUTE, f.latestMs)),
    });
  if (rng.chance(0.08)) correctionLetters(rng, f, events);
  const manifested = f.receivedByOwner && rng.chance(0.3) ? manifestations(rng, f, events) : [];
  // Same format and offset everywhere, so the strings sort as the instants do.
  if (events.length > 1) events.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  // Copies without the spare room of pushed-to arrays: this is kept for every document.
  return {
    status: canceled ? 'canceled' : 'authorized',
    events: events.length ? events.slice() : events,
    manifestations: manifested,
  };
}
