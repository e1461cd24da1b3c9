// Synthetic payment receipts (comprovantes). A paid slip has one: captured by the bank connection
// (source automatico) or, for some slips the account paid, sent by the customer (manual). NF-e paid
// by PIX (tPag 17), and some large ones paid in cash (tPag 01) the account received, have a PIX or
// TED receipt. Each is drawn from its own stream, named by what it settles.
import type { StoredNfe } from '../model.js';
import { BANKS, ownerSide, partyOf, type Bank, type StoredBoleto, type StoredParty } from './boletos.js';
import { rngFor, type Rng } from './random.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export interface StoredReceipt {
  /** Set when the account's receipts are put in order of arrival (createdMs). */
  position: number;
  id: string;
  source: 'manual' | 'automatico';
  kind: 'boleto' | 'pix' | 'ted';
  boletoId?: string;
  accessKey?: string;
  payer: StoredParty;
  payee: StoredParty;
  bank: Bank;
  cents: number;
  paidMs: number;
  authentication: string;
  /** When the service got it: a bank connection within hours, a customer within days. */
  createdMs: number;
}

function arrival(rng: Rng, source: StoredReceipt['source'], paidMs: number): number {
  return paidMs + (source === 'automatico' ? rng.int(1, 30) * HOUR : rng.int(1, 10) * DAY) + rng.int(0, 3599) * 1000;
}

const authentication = (rng: Rng): string => rng.hex(32).toUpperCase();

export function boletoReceipt(boleto: StoredBoleto): StoredReceipt | undefined {
  if (boleto.paidMs === undefined || boleto.paidCents === undefined) return undefined;
  const rng = rngFor('receipt', boleto.id);
  const source = boleto.receiptByCustomer ? 'manual' : 'automatico';
  return {
    position: -1,
    id: `rcp_${rng.hex(16)}`,
    source,
    kind: 'boleto',
    boletoId: boleto.id,
    accessKey: boleto.accessKey,
    payer: boleto.payer,
    payee: boleto.beneficiary,
    bank: boleto.bank,
    cents: boleto.paidCents,
    paidMs: boleto.paidMs,
    authentication: authentication(rng),
    createdMs: arrival(rng, source, boleto.paidMs),
  };
}

/** The receipt of an NF-e settled without a slip, or undefined. */
export function transferReceipt(doc: StoredNfe, means: string | undefined): StoredReceipt | undefined {
  const side = ownerSide(doc);
  if (!side || doc.status === 'canceled' || (means !== '17' && means !== '01')) return undefined;
  const rng = rngFor('receipt', doc.accessKey);
  const cents = Math.round(Number(doc.totalValue) * 100);
  let kind: StoredReceipt['kind'];
  let source: StoredReceipt['source'];
  if (means === '17') {
    if (!rng.chance(0.6)) return undefined;
    kind = 'pix';
    source = side.direction === 'payable' && rng.chance(0.5) ? 'manual' : 'automatico';
  } else {
    if (side.direction !== 'payable' || cents < 100_000 || !rng.chance(0.3)) return undefined;
    kind = 'ted';
    source = 'manual';
  }
  const paidMs = Date.parse(doc.emissionDate) + rng.int(0, 20) * DAY + rng.int(0, 8) * HOUR;
  return {
    position: -1,
    id: `rcp_${rng.hex(16)}`,
    source,
    kind,
    accessKey: doc.accessKey,
    payer: partyOf(doc.receiver),
    payee: partyOf(doc.emitter),
    bank: rng.pick(BANKS),
    cents,
    paidMs,
    authentication: authentication(rng),
    createdMs: arrival(rng, source, paidMs),
  };
}
