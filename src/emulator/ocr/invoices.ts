// International invoices of an account (designed, docs/invoices.md): drawn from a
// few foreign suppliers at synthetic exchange rates; documents.ts decides which and when.
import type { Invoice } from '../../api/wire/invoices.js';
import type { Rng } from '../data/random.js';
import type { Account } from '../model.js';
import { brasilia, cents, DAY_MS, isoDate } from './values.js';

export interface InvoiceRecord extends Invoice {
  position: number;
  issuedMs: number;
  /** The PDF the OCR read: the uploaded one, or undefined for generated records (drawn on demand). */
  pdf?: Buffer;
  /** sha256 of an uploaded PDF: the same PDF read twice is one record. */
  pdfHash?: string;
}

interface Supplier {
  name: string;
  country: string;
  currency: string;
  taxId: (rng: Rng) => string;
  lines: readonly string[];
}

/** Synthetic rates to BRL (not market data): a base, moved a little per day. */
const RATES: Record<string, number> = {
  USD: 5.42,
  EUR: 5.88,
  GBP: 6.91,
  CNY: 0.752,
  JPY: 0.0361,
  CHF: 6.12,
  ARS: 0.0061,
  MXN: 0.297,
};

const SUPPLIERS: readonly Supplier[] = [
  {
    name: 'Northwind Cloud Services Inc.',
    country: 'US',
    currency: 'USD',
    taxId: (r) => `${r.digits(2)}-${r.digits(7)}`,
    lines: ['Cloud hosting - monthly', 'Object storage', 'Support plan'],
  },
  {
    name: 'Bluepeak Software LLC',
    country: 'US',
    currency: 'USD',
    taxId: (r) => `${r.digits(2)}-${r.digits(7)}`,
    lines: ['Software licenses (annual)', 'User seats', 'Implementation services'],
  },
  {
    name: 'Rheinwerk Maschinenbau GmbH',
    country: 'DE',
    currency: 'EUR',
    taxId: (r) => `DE${r.digits(9)}`,
    lines: ['Spare parts', 'Technical assistance', 'Freight and insurance'],
  },
  {
    name: 'Atlantica Freight Ltd',
    country: 'GB',
    currency: 'GBP',
    taxId: (r) => `GB${r.digits(9)}`,
    lines: ['Ocean freight', 'Terminal handling', 'Documentation fee'],
  },
  {
    name: 'Shenzhen Brightway Electronics Co., Ltd.',
    country: 'CN',
    currency: 'CNY',
    taxId: (r) => `91440300${r.alnum(10).toUpperCase()}`,
    lines: ['Electronic components', 'PCB assembly', 'Samples'],
  },
  {
    name: 'Kansai Precision Tools K.K.',
    country: 'JP',
    currency: 'JPY',
    taxId: (r) => `T${r.digits(13)}`,
    lines: ['Cutting tools', 'Calibration service'],
  },
  {
    name: 'Helvetia Analytics AG',
    country: 'CH',
    currency: 'CHF',
    taxId: (r) => `CHE-${r.digits(3)}.${r.digits(3)}.${r.digits(3)}`,
    lines: ['Data subscription', 'Consulting hours'],
  },
  {
    name: 'Pampa Agro Insumos S.A.',
    country: 'AR',
    currency: 'USD',
    taxId: (r) => `30-${r.digits(8)}-${r.digits(1)}`,
    lines: ['Seeds', 'Fertilizer', 'Logistics'],
  },
  {
    name: 'Distribuidora del Norte S.A. de C.V.',
    country: 'MX',
    currency: 'MXN',
    taxId: (r) => `DNO${r.digits(6)}${r.alnum(3).toUpperCase()}`,
    lines: ['Packaging material', 'Freight'],
  },
];

export function invoiceFrom(rng: Rng, account: Account, issuedMs: number, position: number, id: string): InvoiceRecord {
  const supplier = rng.pick(SUPPLIERS);
  const owner = rng.pick(account.companies).cnpj;
  const rate = RATES[supplier.currency]! * (1 + (rng.next() - 0.5) * 0.04);
  const scale = supplier.currency === 'JPY' ? 150 : supplier.currency === 'ARS' ? 900 : 1;
  const lines = Array.from({ length: rng.int(1, 3) }, () => {
    const quantity = rng.int(1, 12);
    const unit = (rng.int(20, 4000) + rng.int(0, 99) / 100) * scale;
    return {
      description: rng.pick(supplier.lines),
      quantity: String(quantity),
      unit_price: cents(unit),
      amount: cents(quantity * unit),
    };
  });
  const subtotal = lines.reduce((sum, l) => sum + Number(l.amount), 0);
  const taxes = supplier.country === 'US' ? 0 : subtotal * rng.pick([0, 0.05, 0.1, 0.19, 0.2]);
  const total = subtotal + taxes;
  return {
    id,
    position,
    issuedMs,
    owner,
    supplier: { name: supplier.name, country: supplier.country, tax_id: supplier.taxId(rng) },
    number: `${supplier.country}-${rng.digits(6)}`,
    issue_date: isoDate(issuedMs),
    due_date: rng.chance(0.8) ? isoDate(issuedMs + rng.pick([15, 30, 45, 60]) * DAY_MS) : null,
    currency: supplier.currency,
    subtotal: cents(subtotal),
    taxes: cents(taxes),
    total: cents(total),
    exchange_rate: rate.toFixed(4),
    total_brl: cents(total * Number(rate.toFixed(4))),
    lines,
    ocr_confidence: Math.round((0.86 + rng.next() * 0.13) * 100) / 100,
    source: 'capture',
    created_at: brasilia(issuedMs + rng.int(1, 72) * 3_600_000),
  };
}

export function invoiceItem(r: InvoiceRecord): Invoice {
  const { position: _p, issuedMs: _i, pdf: _pdf, pdfHash: _h, ...item } = r;
  return item;
}
