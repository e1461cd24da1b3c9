// NF-e metadata of one account: who emits, receives, carries and may see each invoice, when it
// was emitted and received, and everything the filters of the API look at. No XML is made here:
// 100k documents per account must be generated in well under a second or two.
import { buildAccessKey } from '../../fiscal/access-key.js';
import type { Party, StoredNfe } from '../model.js';
import type { AccountWorld } from './accounts.js';
import { invoiceTotalCents, money } from './amounts.js';
import { historyOf } from './nfe-events.js';
import { operationFor } from './operation.js';
import { stateOf } from './places.js';
import { taxIdOf } from './parties.js';
import { rngFor, weights, type Rng } from './random.js';
import { frozen, NO_STRINGS, NfeRoleLists, type DocParties } from './shared-lists.js';
import { brt, flatDigits } from './xml-util.js';
import {
  COST_CENTERS,
  MINUTE,
  Numbering,
  positionAfter,
  PROPERTY_STATUS,
  receptionDelay,
  receptionTimes,
  SEFAZ_ORIGINS,
  TAGS,
} from './doc-stream.js';

/** How an invoice relates to the account: the share of each kind in the stream. */
type Scenario = 'received' | 'emitted' | 'intra' | 'transporter' | 'authorized';
const SCENARIOS = weights<Scenario>([
  ['received', 50],
  ['emitted', 30],
  ['intra', 6],
  ['transporter', 8],
  ['authorized', 6],
]);

const ITEM_COUNTS = weights([
  [1, 30],
  [2, 20],
  [3, 15],
  [4, 10],
  [5, 8],
  [6, 7],
  [7, 5],
  [8, 5],
]);

function partiesFor(rng: Rng, w: AccountWorld, scenario: Scenario, accountantOnly: string[]): DocParties {
  const emitter = scenario === 'emitted' || scenario === 'intra' ? rng.pick(w.traders) : rng.pick(w.suppliers);
  const receiver =
    scenario === 'received'
      ? rng.pick(w.owners)
      : scenario === 'intra'
        ? rng.pick(w.owners.filter((o) => o !== emitter))
        : rng.pick(w.customers);
  let transporter: Party | undefined;
  if (scenario === 'transporter' || (scenario === 'emitted' && rng.chance(0.05))) transporter = w.carrier;
  else if (rng.chance(0.15)) transporter = rng.pick(w.carriers);
  const listsAccountant =
    scenario === 'authorized' || ((scenario === 'received' || scenario === 'emitted') && rng.chance(0.1));
  return { emitter, receiver, transporter, authorized: listsAccountant ? accountantOnly : NO_STRINGS };
}

function tagsOf(rng: Rng): string[] {
  if (!rng.chance(0.3)) return [];
  const tags = rng.shuffle(TAGS);
  return tags.slice(0, rng.chance(0.75) ? 1 : 2);
}

function xPedsOf(rng: Rng): string[] {
  if (!rng.chance(0.2)) return NO_STRINGS;
  const order = () => (rng.chance(0.5) ? `PED-${rng.int(10000, 99999)}` : String(rng.int(100000, 9999999)));
  return rng.chance(0.25) ? [order(), order()] : [order()];
}

function propertiesOf(rng: Rng): Record<string, string> {
  const props: Record<string, string> = {};
  if (rng.chance(0.4)) props.status = rng.weighted(PROPERTY_STATUS);
  if (rng.chance(0.25)) props.erp_id = `ERP-${rng.digits(7)}`;
  if (rng.chance(0.15)) props.centro_custo = rng.pick(COST_CENTERS);
  return props;
}

function flagErpOf(rng: Rng): Record<string, string> {
  return rng.chance(0.05) ? { exported: 'true', batch: `B${rng.digits(4)}` } : {};
}

/** Makes an account's documents one after the other, in stream order. */
class AccountStream {
  private readonly rng: Rng;
  private readonly numbers: Numbering;
  private readonly roles: NfeRoleLists;
  private readonly accountantOnly: string[];
  private readonly owners: Set<string | undefined>;
  private readonly times: Float64Array;
  private position: number;

  constructor(
    private readonly w: AccountWorld,
    seed: number,
    count: number,
    private readonly nowMs: number,
  ) {
    this.rng = rngFor(seed, 'nfe', w.account.id);
    this.numbers = new Numbering(this.rng);
    this.roles = new NfeRoleLists(w.owners);
    this.accountantOnly = frozen([w.accountant.cnpj!]);
    this.owners = new Set(w.owners.map((o) => o.cnpj));
    this.times = receptionTimes(this.rng, count, nowMs);
    this.position = 999 + this.rng.int(0, 99);
  }

  private accessKey(emitter: Party, emission: string, number: string): string {
    return flatDigits(
      buildAccessKey({
        uf: stateOf(emitter.uf).cuf,
        yymm: emission.slice(2, 4) + emission.slice(5, 7),
        issuer: taxIdOf(emitter),
        model: '55',
        series: '1',
        number,
        emissionType: '1',
        code: this.rng.digits(8),
      }),
    );
  }

  /** The i-th document of the stream; call in order. */
  doc(i: number): StoredNfe {
    const { rng, w } = this;
    const createdMs = this.times[i]!;
    const emissionMs = createdMs - receptionDelay(rng);
    const p = partiesFor(rng, w, rng.weighted(SCENARIOS), this.accountantOnly);
    const itemCount = rng.weighted(ITEM_COUNTS);
    const op = operationFor(rng, p.emitter, p.receiver, itemCount);
    const emission = brt(emissionMs);
    const number = String(this.numbers.take(p.emitter));
    const accessKey = this.accessKey(p.emitter, emission, number);
    const history = historyOf(rng, {
      accessKey,
      emissionMs,
      createdMs,
      latestMs: this.nowMs - MINUTE,
      receivedByOwner: this.owners.has(p.receiver.cnpj),
    });
    this.position = positionAfter(rng, this.position);
    return {
      accountId: w.account.id,
      position: this.position,
      accessKey,
      model: '55',
      series: '1',
      number,
      emissionDate: emission,
      createdAt: brt(createdMs),
      emitter: p.emitter,
      receiver: p.receiver,
      transporter: p.transporter,
      authorized: p.authorized,
      roles: this.roles.of(p),
      status: history.status,
      natOp: op.natOp,
      operation: op.operation,
      finNFe: op.finNFe,
      cfops: op.cfops,
      itemCount,
      totalValue: money(invoiceTotalCents(accessKey, itemCount, op.cfops)),
      origin: rng.weighted(SEFAZ_ORIGINS),
      tags: tagsOf(rng),
      xPeds: xPedsOf(rng),
      events: history.events,
      manifestations: history.manifestations,
      properties: propertiesOf(rng),
      flagErp: flagErpOf(rng),
    };
  }
}

/** `count` NF-e of the account of `w`, in stream order (position and createdAt increasing). */
export function generateAccountNfes(w: AccountWorld, seed: number, count: number, nowMs: number): StoredNfe[] {
  const stream = new AccountStream(w, seed, count, nowMs);
  const out: StoredNfe[] = new Array(count);
  for (let i = 0; i < count; i++) out[i] = stream.doc(i);
  return out;
}
