// How a boleto reads in a table and in CSV (json / ndjson write the whole record).
import type { Boleto } from '../../api/wire/boletos.js';
import type { Column } from '../../output/writer.js';

const counterpart = (b: Boleto) => (b.direction === 'receivable' ? b.payer : b.beneficiary);

export const BOLETO_TABLE: Column<Boleto>[] = [
  { header: 'ID', get: (b) => b.id, truncate: false },
  { header: 'DUE', get: (b) => b.due_date },
  { header: 'AMOUNT', get: (b) => b.amount.toFixed(2), kind: 'money' },
  { header: 'STATUS', get: (b) => b.status },
  { header: 'DIRECTION', get: (b) => b.direction },
  { header: 'COUNTERPART', get: (b) => counterpart(b).name, width: 28 },
  { header: 'BANK', get: (b) => b.bank.code },
  { header: 'DIGITABLE LINE', get: (b) => b.digitable_line, truncate: false },
];

export const BOLETO_CSV: Column<Boleto>[] = [
  { header: 'id', get: (b) => b.id },
  { header: 'access_key', get: (b) => b.access_key },
  { header: 'duplicata', get: (b) => b.duplicata },
  { header: 'owner', get: (b) => b.owner },
  { header: 'direction', get: (b) => b.direction },
  { header: 'beneficiary_tax_id', get: (b) => b.beneficiary.tax_id },
  { header: 'beneficiary_name', get: (b) => b.beneficiary.name },
  { header: 'payer_tax_id', get: (b) => b.payer.tax_id },
  { header: 'payer_name', get: (b) => b.payer.name },
  { header: 'bank_code', get: (b) => b.bank.code },
  { header: 'bank_name', get: (b) => b.bank.name },
  { header: 'our_number', get: (b) => b.our_number },
  { header: 'digitable_line', get: (b) => b.digitable_line },
  { header: 'barcode', get: (b) => b.barcode },
  { header: 'amount', get: (b) => b.amount.toFixed(2) },
  { header: 'issue_date', get: (b) => b.issue_date },
  { header: 'due_date', get: (b) => b.due_date },
  { header: 'status', get: (b) => b.status },
  { header: 'paid_at', get: (b) => b.paid_at },
  { header: 'paid_amount', get: (b) => b.paid_amount?.toFixed(2) },
];
