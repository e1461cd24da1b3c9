// How a receipt reads in a table and in CSV (json / ndjson write the whole record).
import type { Receipt } from '../../api/wire/receipts.js';
import type { Column } from '../../output/writer.js';

export const RECEIPT_TABLE: Column<Receipt>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'PAID AT', get: (r) => r.paid_at.slice(0, 19).replace('T', ' ') },
  { header: 'AMOUNT', get: (r) => r.amount.toFixed(2), kind: 'money' },
  { header: 'KIND', get: (r) => r.kind },
  { header: 'SOURCE', get: (r) => r.source },
  { header: 'PAYER', get: (r) => r.payer.name, width: 24 },
  { header: 'PAYEE', get: (r) => r.payee.name, width: 24 },
  { header: 'BOLETO', get: (r) => r.boleto_id },
];

export const RECEIPT_CSV: Column<Receipt>[] = [
  { header: 'id', get: (r) => r.id },
  { header: 'source', get: (r) => r.source },
  { header: 'kind', get: (r) => r.kind },
  { header: 'boleto_id', get: (r) => r.boleto_id },
  { header: 'access_key', get: (r) => r.access_key },
  { header: 'payer_tax_id', get: (r) => r.payer.tax_id },
  { header: 'payer_name', get: (r) => r.payer.name },
  { header: 'payee_tax_id', get: (r) => r.payee.tax_id },
  { header: 'payee_name', get: (r) => r.payee.name },
  { header: 'bank_code', get: (r) => r.bank.code },
  { header: 'bank_name', get: (r) => r.bank.name },
  { header: 'amount', get: (r) => r.amount.toFixed(2) },
  { header: 'paid_at', get: (r) => r.paid_at },
  { header: 'authentication', get: (r) => r.authentication },
  { header: 'created_at', get: (r) => r.created_at },
];
