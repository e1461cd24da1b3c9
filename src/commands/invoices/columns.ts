// How an international invoice reads in a table and in CSV (json / ndjson write the whole record).
import type { Invoice } from '../../api/wire/invoices.js';
import type { Column } from '../../output/writer.js';

export const INVOICE_TABLE: Column<Invoice>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'ISSUED', get: (r) => r.issue_date },
  { header: 'SUPPLIER', get: (r) => r.supplier.name, width: 30 },
  { header: 'COUNTRY', get: (r) => r.supplier.country },
  { header: 'TOTAL', get: (r) => `${r.currency} ${r.total}` },
  { header: 'BRL', get: (r) => r.total_brl },
  { header: 'OWNER', get: (r) => r.owner },
  { header: 'SOURCE', get: (r) => r.source },
];

export const INVOICE_CSV: Column<Invoice>[] = [
  { header: 'id', get: (r) => r.id },
  { header: 'owner', get: (r) => r.owner },
  { header: 'supplier_name', get: (r) => r.supplier.name },
  { header: 'supplier_country', get: (r) => r.supplier.country },
  { header: 'supplier_tax_id', get: (r) => r.supplier.tax_id },
  { header: 'number', get: (r) => r.number },
  { header: 'issue_date', get: (r) => r.issue_date },
  { header: 'due_date', get: (r) => r.due_date },
  { header: 'currency', get: (r) => r.currency },
  { header: 'subtotal', get: (r) => r.subtotal },
  { header: 'taxes', get: (r) => r.taxes },
  { header: 'total', get: (r) => r.total },
  { header: 'exchange_rate', get: (r) => r.exchange_rate },
  { header: 'total_brl', get: (r) => r.total_brl },
  { header: 'ocr_confidence', get: (r) => r.ocr_confidence },
  { header: 'source', get: (r) => r.source },
  { header: 'created_at', get: (r) => r.created_at },
];
