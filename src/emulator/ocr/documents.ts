// The account's international invoices and utility bills (designed groups, docs/ocr-invoices-utilities.md):
// generated per account on first use, deterministic from the account's credentials (which the seed
// decides) and the emulator's start day, on streams of their own so the fiscal documents do not
// change; the OCR adds to them (requests.ts). Kept per emulator, keyed by its store.
import { createHash } from 'node:crypto';
import type { Invoice } from '../../api/wire/invoices.js';
import type { OcrKind } from '../../api/wire/ocr.js';
import type { Utility, UtilityKind } from '../../api/wire/utilities.js';
import { cnpjCheckDigits } from '../../fiscal/tax-id.js';
import { companyName } from '../data/names.js';
import { Rng, rngFor } from '../data/random.js';
import type { Account } from '../model.js';
import type { Store } from '../store.js';

const DAY_MS = 86_400_000;

export interface InvoiceRecord extends Invoice {
  position: number;
  issuedMs: number;
  /** The PDF the OCR read: the uploaded one, or undefined for generated records (drawn on demand). */
  pdf?: Buffer;
  /** sha256 of an uploaded PDF: the same PDF read twice is one record. */
  pdfHash?: string;
}

export interface UtilityRecord extends Utility {
  position: number;
  dueMs: number;
  pdf?: Buffer;
  pdfHash?: string;
}

export interface AccountOcrDocs {
  invoices: InvoiceRecord[];
  utilities: UtilityRecord[];
  nextPosition: number;
}

const registries = new WeakMap<Store, Map<string, AccountOcrDocs>>();

/** The account's records, generated on first use from the emulator's clock then. */
export function ocrDocsOf(store: Store, account: Account, nowMs: number): AccountOcrDocs {
  let registry = registries.get(store);
  if (!registry) registries.set(store, (registry = new Map()));
  let docs = registry.get(account.id);
  if (!docs) registry.set(account.id, (docs = generate(account, Math.floor(nowMs / DAY_MS) * DAY_MS)));
  return docs;
}

// --- international invoices -------------------------------------------------------------------

interface Supplier {
  name: string;
  country: string;
  currency: string;
  taxId: (rng: Rng) => string;
  lines: readonly string[];
}

/** Synthetic rates to BRL (not market data): a base, moved a little per day. */
const RATES: Record<string, number> = { USD: 5.42, EUR: 5.88, GBP: 6.91, CNY: 0.752, JPY: 0.0361, CHF: 6.12, ARS: 0.0061, MXN: 0.297 };

const SUPPLIERS: readonly Supplier[] = [
  { name: 'Northwind Cloud Services Inc.', country: 'US', currency: 'USD', taxId: (r) => `${r.digits(2)}-${r.digits(7)}`, lines: ['Cloud hosting - monthly', 'Object storage', 'Support plan'] },
  { name: 'Bluepeak Software LLC', country: 'US', currency: 'USD', taxId: (r) => `${r.digits(2)}-${r.digits(7)}`, lines: ['Software licenses (annual)', 'User seats', 'Implementation services'] },
  { name: 'Rheinwerk Maschinenbau GmbH', country: 'DE', currency: 'EUR', taxId: (r) => `DE${r.digits(9)}`, lines: ['Spare parts', 'Technical assistance', 'Freight and insurance'] },
  { name: 'Atlantica Freight Ltd', country: 'GB', currency: 'GBP', taxId: (r) => `GB${r.digits(9)}`, lines: ['Ocean freight', 'Terminal handling', 'Documentation fee'] },
  { name: 'Shenzhen Brightway Electronics Co., Ltd.', country: 'CN', currency: 'CNY', taxId: (r) => `91440300${r.alnum(10).toUpperCase()}`, lines: ['Electronic components', 'PCB assembly', 'Samples'] },
  { name: 'Kansai Precision Tools K.K.', country: 'JP', currency: 'JPY', taxId: (r) => `T${r.digits(13)}`, lines: ['Cutting tools', 'Calibration service'] },
  { name: 'Helvetia Analytics AG', country: 'CH', currency: 'CHF', taxId: (r) => `CHE-${r.digits(3)}.${r.digits(3)}.${r.digits(3)}`, lines: ['Data subscription', 'Consulting hours'] },
  { name: 'Pampa Agro Insumos S.A.', country: 'AR', currency: 'USD', taxId: (r) => `30-${r.digits(8)}-${r.digits(1)}`, lines: ['Seeds', 'Fertilizer', 'Logistics'] },
  { name: 'Distribuidora del Norte S.A. de C.V.', country: 'MX', currency: 'MXN', taxId: (r) => `DNO${r.digits(6)}${r.alnum(3).toUpperCase()}`, lines: ['Packaging material', 'Freight'] },
];

function cents(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A created_at as the other records write it: Brasília time with its offset. */
export function brasilia(ms: number): string {
  return `${new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
}

function invoiceFrom(rng: Rng, account: Account, issuedMs: number, position: number, id: string): InvoiceRecord {
  const supplier = rng.pick(SUPPLIERS);
  const owner = rng.pick(account.companies).cnpj;
  const rate = RATES[supplier.currency]! * (1 + (rng.next() - 0.5) * 0.04);
  const scale = supplier.currency === 'JPY' ? 150 : supplier.currency === 'ARS' ? 900 : 1;
  const lines = Array.from({ length: rng.int(1, 3) }, () => {
    const quantity = rng.int(1, 12);
    const unit = (rng.int(20, 4000) + rng.int(0, 99) / 100) * scale;
    return { description: rng.pick(supplier.lines), quantity: String(quantity), unit_price: cents(unit), amount: cents(quantity * unit) };
  });
  const subtotal = lines.reduce((sum, l) => sum + Number(l.amount), 0);
  const taxes = supplier.country === 'US' ? 0 : subtotal * rng.pick([0, 0.05, 0.1, 0.19, 0.2]);
  const total = subtotal + taxes;
  return {
    id, position, issuedMs, owner,
    supplier: { name: supplier.name, country: supplier.country, tax_id: supplier.taxId(rng) },
    number: `${supplier.country}-${rng.digits(6)}`,
    issue_date: isoDate(issuedMs),
    due_date: rng.chance(0.8) ? isoDate(issuedMs + rng.pick([15, 30, 45, 60]) * DAY_MS) : null,
    currency: supplier.currency,
    subtotal: cents(subtotal), taxes: cents(taxes), total: cents(total),
    exchange_rate: rate.toFixed(4), total_brl: cents(total * Number(rate.toFixed(4))),
    lines,
    ocr_confidence: Math.round((0.86 + rng.next() * 0.13) * 100) / 100,
    source: 'capture',
    created_at: brasilia(issuedMs + rng.int(1, 72) * 3_600_000),
  };
}

// --- utility bills ----------------------------------------------------------------------------

interface Provider {
  kind: UtilityKind;
  name: string;
  unit: string | null;
  /** Typical monthly consumption and price per unit (or a flat amount for unit null). */
  usage: [min: number, max: number];
  price: number;
}

const PROVIDERS: readonly Provider[] = [
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

function utilityFrom(
  rng: Rng, account: Account, provider: Provider, owner: string, accountNumber: string, month: Date, position: number, id: string, nowMs: number,
): UtilityRecord {
  const issuedMs = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, rng.int(1, 8), 12);
  const dueMs = issuedMs + rng.int(10, 20) * DAY_MS;
  const usage = rng.int(provider.usage[0], provider.usage[1]);
  const amount = provider.unit === null ? usage : usage * provider.price + rng.int(0, 4000) / 100;
  const paid = dueMs < nowMs - 5 * DAY_MS ? rng.chance(0.93) : dueMs < nowMs && rng.chance(0.5);
  return {
    id, position, dueMs, owner, kind: provider.kind,
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

// --- the account's set ------------------------------------------------------------------------

/** A record id: the prefix and 24 hex digits of a hash of what makes it unique. */
function recordId(prefix: 'inv' | 'utl', ...parts: (string | number)[]): string {
  return `${prefix}_${createHash('sha256').update(parts.join(':')).digest('hex').slice(0, 24)}`;
}

function generate(account: Account, dayMs: number): AccountOcrDocs {
  const rng = rngFor(account.apiId, 'ocr-docs');
  const drafts: { createdMs: number; make: (position: number) => InvoiceRecord | UtilityRecord }[] = [];
  const invoices = rng.int(25, 45);
  for (let i = 0; i < invoices; i++) {
    const issuedMs = dayMs - rng.int(1, 360) * DAY_MS + rng.int(8, 18) * 3_600_000;
    const sub = rngFor(account.apiId, 'invoice', i);
    const id = recordId('inv', account.apiId, 'invoice', i);
    drafts.push({ createdMs: issuedMs, make: (position) => invoiceFrom(sub, account, issuedMs, position, id) });
  }
  // Every company has two to four contracts, billed monthly for the last twelve months.
  for (const company of account.companies) {
    const contracts = rng.shuffle(PROVIDERS).slice(0, rng.int(2, 4));
    for (const provider of contracts) {
      const accountNumber = rng.digits(rng.pick([8, 10, 12]));
      for (let m = 12; m >= 1; m--) {
        const now = new Date(dayMs);
        const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - m, 1));
        const sub = rngFor(account.apiId, 'utility', company.cnpj, provider.name, m);
        const id = recordId('utl', account.apiId, company.cnpj, provider.name, month.toISOString().slice(0, 7));
        const draft = (position: number) => utilityFrom(sub, account, provider, company.cnpj, accountNumber, month, position, id, dayMs);
        drafts.push({ createdMs: Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 10), make: draft });
      }
    }
  }
  drafts.sort((a, b) => a.createdMs - b.createdMs);
  const docs: AccountOcrDocs = { invoices: [], utilities: [], nextPosition: 1 };
  for (const draft of drafts) {
    const record = draft.make(docs.nextPosition++);
    if (record.id.startsWith('inv_')) docs.invoices.push(record as InvoiceRecord);
    else docs.utilities.push(record as UtilityRecord);
  }
  return docs;
}

/** What the OCR reads from a PDF: a record made from the PDF's hash, so the same PDF reads the same. */
export function recognize(docs: AccountOcrDocs, account: Account, kind: OcrKind, owner: string, pdf: Buffer, nowMs: number): InvoiceRecord | UtilityRecord {
  const hash = createHash('sha256').update(pdf).digest('hex');
  const existing = kind === 'invoice' ? docs.invoices.find((r) => r.pdfHash === hash) : docs.utilities.find((r) => r.pdfHash === hash);
  if (existing) return existing;
  const rng = rngFor('ocr', hash);
  const position = docs.nextPosition++;
  const created = brasilia(nowMs);
  if (kind === 'invoice') {
    const record = invoiceFrom(rng, account, nowMs - rng.int(0, 20) * DAY_MS, position, recordId('inv', account.apiId, hash));
    Object.assign(record, { owner, source: 'upload', created_at: created, pdf, pdfHash: hash });
    docs.invoices.push(record);
    return record;
  }
  const provider = rng.pick(PROVIDERS);
  const now = new Date(nowMs);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const record = utilityFrom(rng, account, provider, owner, rng.digits(10), month, position, recordId('utl', account.apiId, hash), nowMs);
  Object.assign(record, { source: 'upload', created_at: created, pdf, pdfHash: hash });
  docs.utilities.push(record);
  return record;
}

/** The wire item: the record without what only the emulator keeps. */
export function invoiceItem(r: InvoiceRecord): Invoice {
  const { position: _p, issuedMs: _i, pdf: _pdf, pdfHash: _h, ...item } = r;
  return item;
}

export function utilityItem(r: UtilityRecord): Utility {
  const { position: _p, dueMs: _d, pdf: _pdf, pdfHash: _h, ...item } = r;
  return item;
}
