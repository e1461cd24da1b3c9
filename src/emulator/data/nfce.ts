// NFC-e (NF-e model 65) metadata of one account: the account's shops selling to consumers, who
// are seldom identified (a CPF at most). The only role is `emitted`. The items are drawn from the
// access key's own stream, here to learn vNF and in nfce-xml.ts to write them: one function for
// both, so they cannot disagree. No XML here.
import type { Party } from '../model.js';
import type { DocEvent, NfceRole, StoredNfce } from '../model-docs.js';
import type { AccountWorld } from './accounts.js';
import { money, type Line, type Lines } from './amounts.js';
import { accessKeyOf, DocStream, inOrder, RoleLists } from './doc-stream.js';
import { PRODUCTS, type Product } from './products.js';
import { hashString, Rng, weights } from './random.js';
import { CfopLists } from './shared-lists.js';
import { brt } from './xml-util.js';

const ITEM_COUNTS = weights([
  [1, 35],
  [2, 20],
  [3, 15],
  [4, 10],
  [5, 8],
  [7, 7],
  [10, 5],
]);
const PAYMENTS = weights<StoredNfce['paymentType']>([
  ['03', 35],
  ['04', 25],
  ['17', 25],
  ['01', 15],
]);
const ROLE_ORDER: readonly NfceRole[] = ['emitted'];
const CFOP_LISTS = new CfopLists();
/** Retail sales inside the state: 5102, or 5405 for goods under ICMS tax substitution. */
const cfopOf = (product: Product): string => (product.cest ? '5405' : '5102');

const NFCE_LINES = hashString('nfce-lines');

/** The items of an NFC-e: shop quantities, an occasional discount, no freight. */
export function nfceLines(accessKey: string, itemCount: number): Lines {
  const rng = new Rng(hashString(accessKey, NFCE_LINES));
  const lines: Line[] = [];
  let productCents = 0;
  let discountCents = 0;
  for (let i = 0; i < itemCount; i++) {
    const product = rng.pick(PRODUCTS);
    const qtyMil = product.fractional ? rng.int(200, 3000) : 1000 * rng.int(1, product.maxCents < 1000 ? 6 : 2);
    const unitCents = rng.int(product.minCents, product.maxCents);
    const grossCents = Math.max(1, Math.round((qtyMil * unitCents) / 1000));
    const lineDiscount = rng.chance(0.08) ? Math.floor(grossCents / 20) : 0;
    productCents += grossCents;
    discountCents += lineDiscount;
    lines.push({
      product,
      cfop: cfopOf(product),
      qtyMil,
      unitCents,
      grossCents,
      discountCents: lineDiscount,
      freightCents: 0,
    });
  }
  return { lines, productCents, discountCents, freightCents: 0, totalCents: productCents - discountCents };
}

class NfceStream extends DocStream {
  private readonly roles: RoleLists<NfceRole>;
  /** Consumers who give their CPF at the till. */
  private readonly people: Party[];

  constructor(
    private readonly w: AccountWorld,
    seed: number,
    count: number,
    nowMs: number,
  ) {
    super('nfce', w, seed, count, nowMs);
    this.roles = new RoleLists(w.owners, ROLE_ORDER);
    this.people = w.customers.filter((c) => c.cpf !== undefined);
  }

  doc(i: number): StoredNfce {
    const { rng, w } = this;
    const createdMs = this.createdMs(i);
    // NFC-e reach the service soon after the sale: the shop's system sends them at once.
    const emissionMs = createdMs - rng.int(1, 180) * 60_000 - rng.int(0, 59) * 1000;
    const emitter = rng.pick(w.traders);
    const consumer = this.people.length && rng.chance(0.4) ? rng.pick(this.people) : undefined;
    const emission = brt(emissionMs);
    const number = String(this.numbers.take(emitter));
    const accessKey = accessKeyOf(rng, '65', emitter, emission, '1', number);
    const itemCount = rng.weighted(ITEM_COUNTS);
    const lines = nfceLines(accessKey, itemCount);
    const hasSt = lines.lines.some((l) => l.cfop === '5405');
    const hasRegular = lines.lines.some((l) => l.cfop === '5102');
    const cfops = hasRegular && hasSt ? CFOP_LISTS.of('5102', '5405') : CFOP_LISTS.of(hasSt ? '5405' : '5102');
    const events: DocEvent[] = [];
    // An NFC-e may be cancelled within 30 minutes of its authorization.
    if (rng.chance(0.02)) events.push({ type: '110111', seq: 1, createdAt: brt(this.later(emissionMs, 2, 30)) });
    return {
      accountId: w.account.id,
      position: this.nextPosition(),
      accessKey,
      model: '65',
      series: '1',
      number,
      emissionDate: emission,
      createdAt: brt(createdMs),
      emitter,
      consumer,
      roles: this.roles.of(this.roles.bit(emitter, 'emitted')),
      status: events.length ? 'canceled' : 'authorized',
      itemCount,
      cfops,
      totalValue: money(lines.totalCents),
      paymentType: rng.weighted(PAYMENTS),
      events,
      ...this.apiFields(),
    };
  }
}

/** `count` NFC-e of the account of `w`, in stream order (position and createdAt increasing). */
export function generateNfces(w: AccountWorld, seed: number, count: number, nowMs: number): StoredNfce[] {
  const stream = new NfceStream(w, seed, count, nowMs);
  return inOrder(count, (i) => stream.doc(i));
}
