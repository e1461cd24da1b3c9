// Utility bills of an account (designed, docs/utilities.md): monthly bills of a few
// providers per company; documents.ts decides which and when.
import type { Utility, UtilityKind } from '../../api/wire/utilities.js';
import { cnpjCheckDigits } from '../../fiscal/tax-id.js';
import { rngFor, type Rng } from '../data/random.js';
import type { Account } from '../model.js';
import { brasilia, cents, DAY_MS, isoDate } from './values.js';

export interface UtilityRecord extends Utility {
  position: number;
  dueMs: number;
  pdf?: Buffer;
  pdfHash?: string;
}

interface Provider {
  kind: UtilityKind;
  name: string;
  unit: string | null;
  /** Typical monthly consumption and price per unit (or a flat amount for unit null). */
  usage: [min: number, max: number];
  price: number;
}

export const PROVIDERS: readonly Provider[] = [
  { kind: 'electricity', name: 'Companhia Energética Vale Verde S.A.', unit: 'kWh', usage: [800, 9000], price: 0.89 },
  { kind: 'electricity', name: 'Distribuidora de Energia Litoral S.A.', unit: 'kWh', usage: [500, 6000], price: 0.94 },
  { kind: 'telephony', name: 'Telecom Horizonte S.A.', unit: null, usage: [180, 2400], price: 1 },
  { kind: 'internet', name: 'FibraNet Provedor de Internet Ltda', unit: 'GB', usage: [300, 5000], price: 0.08 },
  { kind: 'water', name: 'Companhia de Saneamento Serra Azul', unit: 'm³', usage: [20, 600], price: 12.4 },
  { kind: 'gas', name: 'Gás Canalizado Metropolitano S.A.', unit: 'm³', usage: [50, 1500], price: 6.3 },
];

/** A provider's CNPJ, the same on every run: valid check digits over digits drawn from its name. */
function providerCnpj(name: string): string {
  const base = rngFor('utility-provider', name).digits(8) + '0001';
  return base + cnpjCheckDigits(base);
}

export function utilityFrom(
  rng: Rng,
  account: Account,
  provider: Provider,
  owner: string,
  accountNumber: string,
  month: Date,
  position: number,
  id: string,
  nowMs: number,
): UtilityRecord {
  const issuedMs = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, rng.int(1, 8), 12);
  const dueMs = issuedMs + rng.int(10, 20) * DAY_MS;
  const usage = rng.int(provider.usage[0], provider.usage[1]);
  const amount = provider.unit === null ? usage : usage * provider.price + rng.int(0, 4000) / 100;
  const paid = dueMs < nowMs - 5 * DAY_MS ? rng.chance(0.93) : dueMs < nowMs && rng.chance(0.5);
  return {
    id,
    position,
    dueMs,
    owner,
    kind: provider.kind,
    provider: { name: provider.name, cnpj: providerCnpj(provider.name) },
    account_number: accountNumber,
    reference_month: month.toISOString().slice(0, 7),
    issue_date: isoDate(issuedMs),
    due_date: isoDate(dueMs),
    amount: cents(amount),
    consumption: provider.unit === null ? null : { value: String(usage), unit: provider.unit },
    digitable_line: null,
    status: paid ? 'paid' : dueMs < nowMs ? 'overdue' : 'open',
    ocr_confidence: Math.round((0.9 + rng.next() * 0.09) * 100) / 100,
    source: 'capture',
    created_at: brasilia(issuedMs + rng.int(1, 48) * 3_600_000),
  };
}

export function utilityItem(r: UtilityRecord): Utility {
  const { position: _p, dueMs: _d, pdf: _pdf, pdfHash: _h, ...item } = r;
  return item;
}
