// CT-e (model 57) metadata of one account: who carries for whom, who pays (the taker), which
// NF-e travel with it, the values, and what the CT-e filters of the API look at (Types, Nfes,
// Cfops, IsTaker, Status, HasCCE). No XML here (see cte-xml.ts).
import type { Party } from '../model.js';
import type { CteRole, CteType, DocEvent, StoredCte, TakerKind } from '../model-docs.js';
import type { AccountWorld } from './accounts.js';
import { money } from './amounts.js';
import { accessKeyOf, byDate, DocStream, earlierKey, inOrder, RoleLists } from './doc-stream.js';
import { addressOf, taxIdOf } from './parties.js';
import { weights, type Rng } from './random.js';
import { frozen, NO_STRINGS } from './shared-lists.js';
import { brt } from './xml-util.js';

/** How a CT-e relates to the account. */
type Scenario = 'taker' | 'other-pays' | 'carrier' | 'intra' | 'authorized';
const SCENARIOS = weights<Scenario>([
  ['taker', 45],
  ['other-pays', 15],
  ['carrier', 25],
  ['intra', 8],
  ['authorized', 7],
]);
const CTE_TYPES = weights<CteType>([
  ['0', 90],
  ['1', 6],
  ['3', 4],
]);
const NFE_COUNTS = weights([
  [1, 60],
  [2, 20],
  [3, 10],
  [4, 6],
  [6, 4],
]);
const ROLE_ORDER: readonly CteRole[] = ['taker', 'not-taker', 'authorized'];

interface Carriage {
  emitter: Party;
  sender: Party;
  addressee: Party;
  dispatcher?: Party;
  receiver?: Party;
  takerKind: TakerKind;
  /** The taker when takerKind is 4. */
  other?: Party;
  listsAccountant: boolean;
}

function carriageFor(rng: Rng, w: AccountWorld, scenario: Scenario): Carriage {
  const outside = () => (rng.chance(0.85) ? rng.pick(w.carriers) : w.carrier);
  const owner = rng.pick(w.traders);
  const cifOrFob = (): TakerKind => (rng.chance(0.6) ? '0' : '3');
  let c: Carriage;
  if (scenario === 'taker') {
    const r = rng.next();
    const takerKind: TakerKind = r < 0.6 ? '0' : r < 0.95 ? '3' : '4';
    c =
      takerKind === '0'
        ? {
            emitter: outside(),
            sender: owner,
            addressee: rng.pick(w.customers),
            takerKind,
            listsAccountant: rng.chance(0.1),
          }
        : takerKind === '3'
          ? {
              emitter: outside(),
              sender: rng.pick(w.suppliers),
              addressee: owner,
              takerKind,
              listsAccountant: rng.chance(0.1),
            }
          : {
              emitter: outside(),
              sender: rng.pick(w.suppliers),
              addressee: rng.pick(w.customers),
              takerKind,
              other: owner,
              listsAccountant: false,
            };
  } else if (scenario === 'other-pays') {
    // The owner ships or receives, the other side pays the freight.
    c = rng.chance(0.5)
      ? { emitter: outside(), sender: owner, addressee: rng.pick(w.customers), takerKind: '3', listsAccountant: false }
      : { emitter: outside(), sender: rng.pick(w.suppliers), addressee: owner, takerKind: '0', listsAccountant: false };
  } else if (scenario === 'carrier' || scenario === 'authorized') {
    c = {
      emitter: scenario === 'carrier' ? w.carrier : rng.pick(w.carriers),
      sender: rng.pick(w.suppliers),
      addressee: rng.pick(w.customers),
      takerKind: cifOrFob(),
      listsAccountant: scenario === 'authorized',
    };
  } else {
    const others = w.traders.filter((t) => t !== owner);
    c = {
      emitter: w.carrier,
      sender: owner,
      addressee: others.length ? rng.pick(others) : rng.pick(w.customers),
      takerKind: cifOrFob(),
      listsAccountant: false,
    };
  }
  if (rng.chance(0.08)) c.dispatcher = rng.pick(w.carriers);
  if (rng.chance(0.08)) c.receiver = rng.pick(w.carriers);
  // Between outside parties, a logistics operator in the middle sometimes pays the freight.
  if (scenario === 'carrier' || scenario === 'authorized') {
    if (c.dispatcher && rng.chance(0.3)) c.takerKind = '1';
    else if (c.receiver && rng.chance(0.3)) c.takerKind = '2';
  }
  return c;
}

function takerOf(c: Carriage): Party {
  switch (c.takerKind) {
    case '0':
      return c.sender;
    case '1':
      return c.dispatcher!;
    case '2':
      return c.receiver!;
    case '3':
      return c.addressee;
    default:
      return c.other!;
  }
}

/**
 * CFOP of a transport service: 5/6 for a service within/between states, 353 to a business
 * (the taker has an IE), 357 to a non-contributor, 932 when it starts outside the carrier's state.
 */
export function transportCfop(emitterUf: string, startUf: string, endUf: string, takerHasIe: boolean): string {
  const prefix = startUf === endUf ? '5' : '6';
  if (startUf !== emitterUf) return `${prefix}932`;
  return prefix + (takerHasIe ? '353' : '357');
}

function transportNatOp(cfop: string): string {
  return cfop.endsWith('932')
    ? 'PRESTACAO DE SERVICO DE TRANSPORTE INICIADA EM OUTRA UF'
    : 'PRESTACAO DE SERVICO DE TRANSPORTE';
}

/** Values in cents: goods from ~R$ 600 to ~R$ 300k, freight 1.5% to 8% of them with a minimum. */
function valuesOf(rng: Rng, cteType: CteType): { cargo: number; total: number; receivable: number } {
  if (cteType === '1') {
    const total = rng.int(2_000, 50_000);
    return { cargo: 0, total, receivable: total };
  }
  const cargo = Math.round(10 ** (4.8 + rng.next() * 2.7));
  const total = Math.max(8_000, Math.round((cargo * rng.int(15, 80)) / 1000));
  const receivable = rng.chance(0.05) ? total - Math.floor((total * rng.int(1, 5)) / 100) : total;
  return { cargo, total, receivable };
}

class CteStream extends DocStream {
  private readonly roles: RoleLists<CteRole>;
  private readonly accountantOnly: string[];

  constructor(
    private readonly w: AccountWorld,
    seed: number,
    count: number,
    nowMs: number,
  ) {
    super('cte', w, seed, count, nowMs);
    this.roles = new RoleLists(w.owners, ROLE_ORDER);
    this.accountantOnly = frozen([taxIdOf(w.accountant)]);
  }

  doc(i: number): StoredCte {
    const { rng, w } = this;
    const createdMs = this.createdMs(i);
    const emissionMs = this.emissionMs(createdMs);
    const c = carriageFor(rng, w, rng.weighted(SCENARIOS));
    const taker = takerOf(c);
    const cteType = rng.weighted(CTE_TYPES);
    const emission = brt(emissionMs);
    const number = String(this.numbers.take(c.emitter));
    const accessKey = accessKeyOf(rng, '57', c.emitter, emission, '1', number);
    const nfeKeys =
      cteType === '1'
        ? NO_STRINGS
        : Array.from({ length: rng.weighted(NFE_COUNTS) }, () => earlierKey(rng, '55', c.sender, emissionMs, 3));
    const referencedKeys =
      cteType === '0' ? NO_STRINGS : [earlierKey(rng, '57', c.emitter, emissionMs, cteType === '1' ? 30 : 15)];
    const values = valuesOf(rng, cteType);
    const cfop = transportCfop(c.emitter.uf, c.sender.uf, c.addressee.uf, taker.ie !== undefined);
    const authorized = c.listsAccountant ? this.accountantOnly : NO_STRINGS;
    const events = this.history(emissionMs, createdMs, this.roles.bit(taker, 'taker') !== 0);
    return {
      accountId: w.account.id,
      position: this.nextPosition(),
      accessKey,
      model: '57',
      series: '1',
      number,
      emissionDate: emission,
      createdAt: brt(createdMs),
      emitter: c.emitter,
      roles: this.roles.of(this.roleMask(c, taker, authorized)),
      status: events.some((e) => e.type === '110111') ? 'canceled' : 'authorized',
      cteType,
      takerKind: c.takerKind,
      taker,
      sender: c.sender,
      dispatcher: c.dispatcher,
      receiver: c.receiver,
      addressee: c.addressee,
      authorized,
      cfop,
      natOp: transportNatOp(cfop),
      nfeKeys,
      referencedKeys,
      modal: '01',
      startCity: addressOf(c.sender).city.code,
      startUf: c.sender.uf,
      endCity: addressOf(c.addressee).city.code,
      endUf: c.addressee.uf,
      totalValue: money(values.total),
      receivableValue: money(values.receivable),
      cargoValue: money(values.cargo),
      events,
      ...this.apiFields(),
    };
  }

  private roleMask(c: Carriage, taker: Party, authorized: string[]): number {
    const takerId = taxIdOf(taker);
    let mask = this.roles.bit(taker, 'taker');
    for (const p of [c.emitter, c.sender, c.dispatcher, c.receiver, c.addressee]) {
      if (p && taxIdOf(p) !== takerId) mask |= this.roles.bit(p, 'not-taker');
    }
    for (const a of authorized) mask |= this.roles.bit(a, 'authorized');
    return mask;
  }

  /** Cancellation within the 168 hours allowed, correction letters, the taker's disagreement (610110). */
  private history(emissionMs: number, createdMs: number, ownerTakes: boolean): DocEvent[] {
    const { rng } = this;
    const events: DocEvent[] = [];
    const canceled = rng.chance(0.05);
    if (canceled) events.push({ type: '110111', seq: 1, createdAt: brt(this.later(emissionMs, 10, 7 * 1440)) });
    else if (rng.chance(0.05))
      events.push({ type: '110110', seq: 1, createdAt: brt(this.later(createdMs, 60, 20 * 1440)) });
    if (ownerTakes && rng.chance(0.02))
      events.push({ type: '610110', seq: 1, createdAt: brt(this.later(createdMs, 1440, 30 * 1440)) });
    // Never shared: the server may add events (uploads) to a document's own list.
    return byDate(events);
  }
}

/** `count` CT-e of the account of `w`, in stream order (position and createdAt increasing). */
export function generateCtes(w: AccountWorld, seed: number, count: number, nowMs: number): StoredCte[] {
  const stream = new CteStream(w, seed, count, nowMs);
  return inOrder(count, (i) => stream.doc(i));
}
