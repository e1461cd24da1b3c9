// CT-e OS (model 67) metadata of one account: transport of people, valuables or baggage, billed
// to a taker. The account sees the ones it takes (buses for its staff, cash-in-transit) and the
// ones its own carrier provides. No XML here (see cteos-xml.ts).
import type { Party } from '../model.js';
import type { CteOsRole, CteOsService, DocEvent, StoredCteOs } from '../model-docs.js';
import type { AccountWorld } from './accounts.js';
import { money } from './amounts.js';
import { accessKeyOf, byDate, DocStream, inOrder, RoleLists } from './doc-stream.js';
import { transportCfop } from './cte.js';
import { addressOf, taxIdOf } from './parties.js';
import { stateOf } from './places.js';
import { weights } from './random.js';
import { brt } from './xml-util.js';

type Scenario = 'taker' | 'provider' | 'intra';
const SCENARIOS = weights<Scenario>([
  ['taker', 65],
  ['provider', 25],
  ['intra', 10],
]);
const SERVICES = weights<CteOsService>([
  ['6', 70],
  ['7', 20],
  ['8', 10],
]);
const ROLE_ORDER: readonly CteOsRole[] = ['taker', 'not-taker'];

const NAT_OP: Record<CteOsService, string> = {
  '6': 'PRESTACAO DE SERVICO DE TRANSPORTE DE PASSAGEIROS',
  '7': 'PRESTACAO DE SERVICO DE TRANSPORTE DE VALORES',
  '8': 'PRESTACAO DE SERVICO DE TRANSPORTE DE BAGAGEM',
};

/** Price range of a service in cents: a chartered trip, an armoured-car run, excess baggage. */
const PRICE: Record<CteOsService, readonly [number, number]> = {
  '6': [30_000, 1_500_000],
  '7': [20_000, 500_000],
  '8': [5_000, 50_000],
};

class CteOsStream extends DocStream {
  private readonly roles: RoleLists<CteOsRole>;

  constructor(
    private readonly w: AccountWorld,
    seed: number,
    count: number,
    nowMs: number,
  ) {
    super('cteos', w, seed, count, nowMs);
    this.roles = new RoleLists(w.owners, ROLE_ORDER);
  }

  private parties(): { emitter: Party; taker: Party } {
    const { rng, w } = this;
    const scenario = rng.weighted(SCENARIOS);
    if (scenario === 'taker') return { emitter: rng.pick(w.carriers), taker: rng.pick(w.traders) };
    if (scenario === 'provider') return { emitter: w.carrier, taker: rng.pick(w.customers) };
    return { emitter: w.carrier, taker: rng.pick(w.traders) };
  }

  doc(i: number): StoredCteOs {
    const { rng, w } = this;
    const createdMs = this.createdMs(i);
    const emissionMs = this.emissionMs(createdMs);
    const { emitter, taker } = this.parties();
    const serviceType = rng.weighted(SERVICES);
    const start = addressOf(taker).city;
    const endState = rng.chance(0.75) ? stateOf(taker.uf) : stateOf(rng.pick(w.suppliers).uf);
    const end = rng.pick(endState.cities);
    const emission = brt(emissionMs);
    const number = String(this.numbers.take(emitter));
    const accessKey = accessKeyOf(rng, '67', emitter, emission, '1', number);
    const [min, max] = PRICE[serviceType];
    const total = rng.int(min, max);
    const cfop = transportCfop(emitter.uf, taker.uf, endState.uf, taker.ie !== undefined);
    let mask = this.roles.bit(taker, 'taker');
    if (taxIdOf(emitter) !== taxIdOf(taker)) mask |= this.roles.bit(emitter, 'not-taker');
    const events: DocEvent[] = [];
    if (rng.chance(0.04)) events.push({ type: '110111', seq: 1, createdAt: brt(this.later(emissionMs, 10, 7 * 1440)) });
    return {
      accountId: w.account.id,
      position: this.nextPosition(),
      accessKey,
      model: '67',
      series: '1',
      number,
      emissionDate: emission,
      createdAt: brt(createdMs),
      emitter,
      roles: this.roles.of(mask),
      status: events.length ? 'canceled' : 'authorized',
      cteType: '0',
      serviceType,
      taker,
      cfop,
      natOp: NAT_OP[serviceType],
      modal: '01',
      startCity: start.code,
      startUf: taker.uf,
      endCity: end.code,
      endUf: endState.uf,
      quantity: serviceType === '6' ? rng.int(5, 50) : 1,
      totalValue: money(total),
      receivableValue: money(total),
      events: byDate(events),
      ...this.apiFields(),
    };
  }
}

/** `count` CT-e OS of the account of `w`, in stream order (position and createdAt increasing). */
export function generateCteOs(w: AccountWorld, seed: number, count: number, nowMs: number): StoredCteOs[] {
  const stream = new CteOsStream(w, seed, count, nowMs);
  return inOrder(count, (i) => stream.doc(i));
}
