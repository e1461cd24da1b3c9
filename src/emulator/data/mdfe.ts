// MDF-e (model 58, modal rodoviário) metadata of one account: a truck's trip, where it loads,
// where it unloads which CT-e (a carrier's manifest) or NF-e (own cargo), and how the trip ended
// (closing 110112, or cancellation 110111). No XML here (see mdfe-xml.ts).
import type { Party } from '../model.js';
import type { DocEvent, MdfeRole, StoredMdfe } from '../model-docs.js';
import type { AccountWorld } from './accounts.js';
import { money } from './amounts.js';
import { accessKeyOf, DocStream, earlierKey, inOrder, RoleLists } from './doc-stream.js';
import { plateOf } from './cte-xml-parts.js';
import { addressOf, taxIdOf } from './parties.js';
import { STATE_WEIGHTS, stateOf } from './places.js';
import { weights } from './random.js';
import { frozen, NO_STRINGS } from './shared-lists.js';
import { brt } from './xml-util.js';

/** The account's carrier manifests CT-e; a trading company its own goods; or an outside carrier works for the account. */
type Scenario = 'carrier' | 'own' | 'contractor';
const SCENARIOS = weights<Scenario>([
  ['carrier', 55],
  ['own', 35],
  ['contractor', 10],
]);
const KEYS_PER_CITY = weights([
  [1, 45],
  [2, 25],
  [3, 15],
  [4, 10],
  [8, 5],
]);
const ROLE_ORDER: readonly MdfeRole[] = ['emitted', 'contractor', 'authorized'];
const NO_PARTIES: Party[] = frozen([]);
/** Vehicles per fleet: the plate follows from the emitter and a vehicle number below this. */
const FLEET_SIZE = 12;

class MdfeStream extends DocStream {
  private readonly roles: RoleLists<MdfeRole>;
  private readonly accountantOnly: string[];

  constructor(
    private readonly w: AccountWorld,
    seed: number,
    count: number,
    nowMs: number,
  ) {
    super('mdfe', w, seed, count, nowMs);
    this.roles = new RoleLists(w.owners, ROLE_ORDER);
    this.accountantOnly = frozen([taxIdOf(w.accountant)]);
  }

  private parties(): { emitter: Party; contractors: Party[]; emitterType: '1' | '2'; listsAccountant: boolean } {
    const { rng, w } = this;
    const scenario = rng.weighted(SCENARIOS);
    const listsAccountant = scenario !== 'contractor' && rng.chance(0.1);
    if (scenario === 'own')
      return { emitter: rng.pick(w.traders), contractors: NO_PARTIES, emitterType: '2', listsAccountant };
    if (scenario === 'contractor')
      return { emitter: rng.pick(w.carriers), contractors: [rng.pick(w.traders)], emitterType: '1', listsAccountant };
    const r = rng.next();
    const contractors = r < 0.15 ? [rng.pick(w.traders)] : r < 0.5 ? [rng.pick(w.suppliers)] : NO_PARTIES;
    return { emitter: w.carrier, contractors, emitterType: '1', listsAccountant };
  }

  doc(i: number): StoredMdfe {
    const { rng, w } = this;
    const createdMs = this.createdMs(i);
    const emissionMs = this.emissionMs(createdMs);
    const p = this.parties();
    const emission = brt(emissionMs);
    const number = String(this.numbers.take(p.emitter));
    const accessKey = accessKeyOf(rng, '58', p.emitter, emission, '1', number);
    const endState = rng.chance(0.6) ? rng.weighted(STATE_WEIGHTS) : stateOf(p.emitter.uf);
    const cities = rng.shuffle(endState.cities).slice(0, rng.int(1, Math.min(3, endState.cities.length)));
    const model = p.emitterType === '1' ? '57' : '55';
    const unloads = cities.map((c) => ({ city: c.code, count: rng.weighted(KEYS_PER_CITY) }));
    const keys: string[] = [];
    for (const u of unloads)
      for (let k = 0; k < u.count; k++) keys.push(earlierKey(rng, model, p.emitter, emissionMs, 2));
    const authorized = p.listsAccountant ? this.accountantOnly : NO_STRINGS;
    let mask = this.roles.bit(p.emitter, 'emitted');
    for (const c of p.contractors) mask |= this.roles.bit(c, 'contractor');
    if (p.listsAccountant) mask |= this.roles.bit(w.accountant, 'authorized');
    const { status, events } = this.history(emissionMs, endState.uf !== p.emitter.uf);
    return {
      accountId: w.account.id,
      position: this.nextPosition(),
      accessKey,
      model: '58',
      series: '1',
      number,
      emissionDate: emission,
      createdAt: brt(createdMs),
      emitter: p.emitter,
      roles: this.roles.of(mask),
      status,
      emitterType: p.emitterType,
      contractors: p.contractors,
      authorized,
      startUf: p.emitter.uf,
      endUf: endState.uf,
      loadCity: addressOf(p.emitter).city.code,
      unloads,
      cteKeys: model === '57' ? keys : NO_STRINGS,
      nfeKeys: model === '55' ? keys : NO_STRINGS,
      cargoValue: money(Math.round(10 ** (5.5 + rng.next() * 2))),
      cargoWeight: `${rng.int(200, 30_000)}.${rng.digits(3)}0`,
      plate: plateOf(`${taxIdOf(p.emitter)}:${rng.int(0, FLEET_SIZE - 1)}`),
      events,
      ...this.apiFields(),
    };
  }

  /**
   * Cancellation within 24 hours of a trip that did not happen; else the closing when the truck
   * arrives, unless that is still ahead of now (the MDF-e stays open) or the carrier forgot it.
   */
  private history(emissionMs: number, interstate: boolean): { status: StoredMdfe['status']; events: DocEvent[] } {
    const { rng } = this;
    if (rng.chance(0.03))
      return {
        status: 'canceled',
        events: [{ type: '110111', seq: 1, createdAt: brt(this.later(emissionMs, 5, 1380)) }],
      };
    const closeMs = emissionMs + rng.int(90, interstate ? 5 * 1440 : 1440) * 60_000 + rng.int(0, 59) * 1000;
    if (closeMs > this.latestMs || rng.chance(0.03)) return { status: 'authorized', events: [] };
    return { status: 'closed', events: [{ type: '110112', seq: 1, createdAt: brt(closeMs) }] };
  }
}

/** `count` MDF-e of the account of `w`, in stream order (position and createdAt increasing). */
export function generateMdfes(w: AccountWorld, seed: number, count: number, nowMs: number): StoredMdfe[] {
  const stream = new MdfeStream(w, seed, count, nowMs);
  return inOrder(count, (i) => stream.doc(i));
}
