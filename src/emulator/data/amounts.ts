// The items and totals of an invoice, in integer cents so that totals add up exactly. The lines
// are drawn from a stream seeded by the access key: the metadata generator calls this to learn
// vNF, and the XML renderer calls it again to write the same lines.
import { ST_PRODUCTS, REGULAR_PRODUCTS, type Product } from './products.js';
import { hashString, Rng } from './random.js';

/** CFOPs of sales under ICMS tax substitution. */
export const ST_CFOPS = new Set(['5405', '6404']);

export interface Line {
  product: Product;
  cfop: string;
  /** Quantity in thousandths of the unit. */
  qtyMil: number;
  unitCents: number;
  /** vProd: quantity times unit price. */
  grossCents: number;
  discountCents: number;
  freightCents: number;
}

interface Totals {
  productCents: number;
  discountCents: number;
  freightCents: number;
  /** vNF = vProd - vDesc + vFrete (no IPI, ST or insurance on these invoices). */
  totalCents: number;
}

export interface Lines extends Totals {
  lines: Line[];
}

function quantity(rng: Rng, product: Product): number {
  if (product.fractional) return rng.int(500, 250_000);
  const cheap = product.maxCents < 1000;
  return 1000 * (cheap ? rng.int(5, 200) : rng.int(1, 12));
}

/** Spreads `cents` over the lines in proportion to their value; the last line takes the rounding. */
function apportion(lines: Line[], cents: number, total: number): void {
  let left = cents;
  lines.forEach((l, i) => {
    const share = i === lines.length - 1 ? left : Math.floor((cents * l.grossCents) / total);
    l.freightCents = share;
    left -= share;
  });
}

/** Seed of the item streams, mixed with the access key without building a string per document. */
const LINES_STREAM = hashString('lines');

/** Item values of the invoice being drawn, reused between calls (see drawInvoice). */
const grossScratch: number[] = [];

/**
 * Draws the invoice's items from the stream of its access key and totals them. With `lines` it
 * also records each item; without, it builds no item objects, which is how the metadata
 * generator learns vNF for 100k documents. One function for both, so they cannot disagree.
 */
function drawInvoice(accessKey: string, itemCount: number, cfops: readonly string[], lines: Line[] | null): Totals {
  const rng = new Rng(hashString(accessKey, LINES_STREAM));
  let productCents = 0;
  for (let i = 0; i < itemCount; i++) {
    const cfop = cfops[i % cfops.length]!;
    const product = rng.pick(ST_CFOPS.has(cfop) ? ST_PRODUCTS : REGULAR_PRODUCTS);
    const qtyMil = quantity(rng, product);
    const unitCents = rng.int(product.minCents, product.maxCents);
    const grossCents = Math.max(1, Math.round((qtyMil * unitCents) / 1000));
    grossScratch[i] = grossCents;
    productCents += grossCents;
    lines?.push({ product, cfop, qtyMil, unitCents, grossCents, discountCents: 0, freightCents: 0 });
  }
  let discountCents = 0;
  if (rng.chance(0.1)) {
    const pct = rng.int(2, 10);
    for (let i = 0; i < itemCount; i++) {
      const discount = Math.floor((grossScratch[i]! * pct) / 100);
      if (lines) lines[i]!.discountCents = discount;
      discountCents += discount;
    }
  }
  const freightCents = rng.chance(0.2) ? Math.max(1500, Math.round((productCents * rng.int(1, 6)) / 100)) : 0;
  if (lines && freightCents) apportion(lines, freightCents, productCents);
  return { productCents, discountCents, freightCents, totalCents: productCents - discountCents + freightCents };
}

export function invoiceLines(accessKey: string, itemCount: number, cfops: readonly string[]): Lines {
  const lines: Line[] = [];
  return { lines, ...drawInvoice(accessKey, itemCount, cfops, lines) };
}

/** vNF in cents, as invoiceLines would total it, without building the lines. */
export function invoiceTotalCents(accessKey: string, itemCount: number, cfops: readonly string[]): number {
  return drawInvoice(accessKey, itemCount, cfops, null).totalCents;
}

/** Taxes of one line, in cents; rates in hundredths of a percent (1800 = 18.00%). */
export interface LineTaxes {
  /** ICMS base: the value of the goods plus freight, less unconditional discounts. */
  baseCents: number;
  icmsRate: number;
  icmsCents: number;
  pisRate: number;
  pisCents: number;
  cofinsRate: number;
  cofinsCents: number;
}

export interface TaxRates {
  /** ICMS rate of the operation, 0 when the line is under ST or the emitter is in the Simples. */
  icms: number;
  pis: number;
  cofins: number;
}

export function lineTaxes(l: Line, rates: TaxRates): LineTaxes {
  const baseCents = l.grossCents - l.discountCents + l.freightCents;
  const icmsRate = ST_CFOPS.has(l.cfop) ? 0 : rates.icms;
  const tax = (rate: number) => Math.round((baseCents * rate) / 10_000);
  return {
    baseCents,
    icmsRate,
    icmsCents: tax(icmsRate),
    pisRate: rates.pis,
    pisCents: tax(rates.pis),
    cofinsRate: rates.cofins,
    cofinsCents: tax(rates.cofins),
  };
}

/** Cents as a decimal with two places: 123456 -> "1234.56". */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Thousandths as a quantity with four places (qCom): 12500 -> "12.5000". */
export function quantityText(qtyMil: number): string {
  return `${Math.floor(qtyMil / 1000)}.${String(qtyMil % 1000).padStart(3, '0')}0`;
}
