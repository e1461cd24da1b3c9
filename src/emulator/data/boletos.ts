// Synthetic bank slips: one per duplicata (cobr/dup) of an NF-e the account emitted or received,
// with the duplicata's amount and due date, so a slip always matches its NF-e. Everything else
// (bank, our number, whether and when it was paid) is drawn from the slip's own stream, named by
// the access key and duplicata: the documents' streams are untouched.
import { buildBarcode, lineOfBarcode } from '../../fiscal/boleto-line.js';
import type { StoredNfe } from '../model.js';
import { nfePaymentXml } from './nfe-xml.js';
import { rngFor } from './random.js';

const DAY = 86_400_000;

export const BANKS = [
  { code: '001', name: 'Banco do Brasil S.A.' },
  { code: '033', name: 'Banco Santander (Brasil) S.A.' },
  { code: '104', name: 'Caixa Econômica Federal' },
  { code: '237', name: 'Banco Bradesco S.A.' },
  { code: '341', name: 'Itaú Unibanco S.A.' },
] as const;

export type Bank = (typeof BANKS)[number];

interface Duplicata {
  number: string;
  /** `yyyy-mm-dd`. */
  due: string;
  cents: number;
}

export interface StoredParty {
  taxId: string;
  name: string;
}

export interface StoredBoleto {
  position: number;
  id: string;
  accessKey: string;
  duplicata: string;
  owner: string;
  direction: 'receivable' | 'payable';
  beneficiary: StoredParty;
  payer: StoredParty;
  bank: Bank;
  ourNumber: string;
  barcode: string;
  line: string;
  cents: number;
  issueDate: string;
  dueDate: string;
  /** The last instant of the due date in Brasília: later, an unpaid slip is overdue. */
  dueEndMs: number;
  canceled: boolean;
  /** When it is (or will be, by the emulator clock) paid; undefined when it never is. */
  paidMs?: number;
  paidCents?: number;
  /** The payment's receipt was sent by the customer (source manual) rather than captured. */
  receiptByCustomer: boolean;
}

/** The NF-e's payment as its XML has it: its duplicatas and the means of payment (tPag). */
export function nfePayment(doc: StoredNfe): { duplicatas: Duplicata[]; means: string | undefined } {
  const xml = doc.xml ?? Object.values(nfePaymentXml(doc)).join('');
  const duplicatas: Duplicata[] = [];
  for (const m of xml.matchAll(/<(?:\w+:)?dup>([\s\S]*?)<\/(?:\w+:)?dup>/g)) {
    const inner = m[1]!;
    const number = tag(inner, 'nDup');
    const due = tag(inner, 'dVenc');
    const value = tag(inner, 'vDup');
    if (!number || !due || !/^\d{4}-\d{2}-\d{2}$/.test(due) || !value || !/^\d+(\.\d{1,2})?$/.test(value)) continue;
    duplicatas.push({ number, due, cents: Math.round(Number(value) * 100) });
  }
  return { duplicatas, means: tag(xml, 'tPag') };
}

function tag(xml: string, name: string): string | undefined {
  return new RegExp(`<(?:\\w+:)?${name}>([^<]*)<`).exec(xml)?.[1]?.trim();
}

export const partyOf = (p: StoredNfe['emitter']): StoredParty => ({ taxId: p.cnpj ?? p.cpf ?? '', name: p.name });

/** The account's side of an NF-e: the company that emitted it (receivable) or received it (payable). */
export function ownerSide(doc: StoredNfe): { owner: string; direction: StoredBoleto['direction'] } | undefined {
  const emitted = doc.roles.find((r) => r.role === 'emitted');
  if (emitted) return { owner: emitted.owner, direction: 'receivable' };
  const received = doc.roles.find((r) => r.role === 'received');
  return received ? { owner: received.owner, direction: 'payable' } : undefined;
}

/** The slips of one NF-e, positions from `position` on. */
export function boletosOf(doc: StoredNfe, duplicatas: readonly Duplicata[], position: number): StoredBoleto[] {
  const side = ownerSide(doc);
  if (!side) return [];
  const issueMs = Date.parse(doc.emissionDate);
  return duplicatas.map((dup, i) => {
    const rng = rngFor('boleto', doc.accessKey, dup.number);
    const bank = rng.pick(BANKS);
    const ourNumber = rng.digits(11);
    // A Bradesco-like free field for every bank: agency, wallet, our number, account, zero.
    const barcode = buildBarcode({
      bank: bank.code,
      dueDate: dup.due,
      amountCents: dup.cents,
      freeField: `${rng.digits(4)}09${ourNumber}${rng.digits(7)}0`,
    });
    const dueStartMs = Date.parse(`${dup.due}T00:00:00-03:00`);
    const boleto: StoredBoleto = {
      position: position + i,
      id: `bol_${rng.hex(16)}`,
      accessKey: doc.accessKey,
      duplicata: dup.number,
      ...side,
      beneficiary: partyOf(doc.emitter),
      payer: partyOf(doc.receiver),
      bank,
      ourNumber,
      barcode,
      line: lineOfBarcode(barcode),
      cents: dup.cents,
      issueDate: doc.emissionDate.slice(0, 10),
      dueDate: dup.due,
      dueEndMs: dueStartMs + DAY - 1000,
      canceled: doc.status === 'canceled' || rng.chance(0.03),
      receiptByCustomer: false,
    };
    if (!boleto.canceled && rng.chance(0.75)) {
      const dayMs = Math.max(issueMs + DAY, dueStartMs + rng.int(-12, 6) * DAY);
      boleto.paidMs = Math.floor(dayMs / DAY) * DAY + rng.int(12, 21) * 3600_000 + rng.int(0, 3599) * 1000;
      // Late: a 2% fine and 1% a month of interest, by the day.
      const lateDays = Math.max(0, Math.ceil((boleto.paidMs - boleto.dueEndMs) / DAY));
      boleto.paidCents = dup.cents + (lateDays > 0 ? Math.round(dup.cents * (0.02 + (0.01 * lateDays) / 30)) : 0);
      boleto.receiptByCustomer = side.direction === 'payable' && rng.chance(0.25);
    }
    return boleto;
  });
}
