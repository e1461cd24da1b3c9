// What the catalog holds of each file of a pull folder: the rows of its four tables (docs/catalog.md).
// Money is in reais as the XML writes it (numbers), dates as the XML writes them (ISO 8601).
import type { CatalogSummary } from './extract/nfe-summary.js';

/** The facts of one document read from its XML (the `documents` columns the XML gives). */
export interface DocumentFacts {
  model?: string | undefined;
  series?: string | undefined;
  number?: string | undefined;
  emittedAt?: string | undefined;
  authorizedAt?: string | undefined;
  /** cStat and number of the document's own authorization protocol. */
  protocolStatus?: string | undefined;
  protocolNumber?: string | undefined;
  emitter: Party;
  /** The receiver (NF-e, NFC-e), the taker (CT-e, CT-e OS, NFS-e), the contractor (MDF-e). */
  receiver: Party;
  /** The CFOP of the items of most value (NF-e, NFC-e), or of the service (CT-e). */
  cfop?: string | undefined;
  totals: Totals;
  /** The XML itself shows a cancellation (a cancellation event inside the proc, NfseCancelamento). */
  canceledInXml: boolean;
  /** Registered event codes found inside the file (an MDF-e closed inside its proc...). */
  eventsInXml: string[];
  items: ItemFacts[];
  /** What `fiscal inspect` prints of the file (schema 2), where the lean pass follows it exactly. */
  summary?: CatalogSummary | undefined;
}

export interface Party {
  taxId?: string | undefined;
  name?: string | undefined;
  uf?: string | undefined;
}

/** The sums of a document, in this order everywhere (columns, reports). */
export const TOTALS = [
  'total',
  'products',
  'discount',
  'freight',
  'icms',
  'icms_st',
  'ipi',
  'pis',
  'cofins',
  'iss',
  'ibs',
  'cbs',
] as const;
type TotalName = (typeof TOTALS)[number];
export type Totals = Partial<Record<TotalName, number>>;

/** The taxes of an item (a subset of the totals). */
export const ITEM_TAXES = ['icms', 'icms_st', 'ipi', 'pis', 'cofins', 'ibs', 'cbs'] as const;
type ItemTax = (typeof ITEM_TAXES)[number];

export interface ItemFacts {
  number: number;
  productCode?: string | undefined;
  description?: string | undefined;
  ncm?: string | undefined;
  cest?: string | undefined;
  cfop?: string | undefined;
  unit?: string | undefined;
  quantity?: number | undefined;
  unitPrice?: number | undefined;
  /** vProd: quantity times unit price. */
  value?: number | undefined;
  discount?: number | undefined;
  taxes: Partial<Record<ItemTax, number>>;
}

/** Reais as the XML writes them (`1234.56`) to a number; undefined for what is not one. */
export function amount(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
