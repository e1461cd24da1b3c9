// How a utility bill reads in a table and in CSV (json / ndjson write the whole record).
import type { Utility } from '../../api/wire/utilities.js';
import type { Column } from '../../output/writer.js';

export const UTILITY_TABLE: Column<Utility>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'MONTH', get: (r) => r.reference_month },
  { header: 'KIND', get: (r) => r.kind },
  { header: 'PROVIDER', get: (r) => r.provider.name, width: 30 },
  { header: 'DUE', get: (r) => r.due_date },
  { header: 'AMOUNT', get: (r) => r.amount },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'OWNER', get: (r) => r.owner },
];

export const UTILITY_CSV: Column<Utility>[] = [
  { header: 'id', get: (r) => r.id },
  { header: 'owner', get: (r) => r.owner },
  { header: 'kind', get: (r) => r.kind },
  { header: 'provider_name', get: (r) => r.provider.name },
  { header: 'provider_cnpj', get: (r) => r.provider.cnpj },
  { header: 'account_number', get: (r) => r.account_number },
  { header: 'reference_month', get: (r) => r.reference_month },
  { header: 'issue_date', get: (r) => r.issue_date },
  { header: 'due_date', get: (r) => r.due_date },
  { header: 'amount', get: (r) => r.amount },
  { header: 'consumption', get: (r) => r.consumption?.value },
  { header: 'consumption_unit', get: (r) => r.consumption?.unit },
  { header: 'digitable_line', get: (r) => r.digitable_line },
  { header: 'status', get: (r) => r.status },
  { header: 'source', get: (r) => r.source },
  { header: 'created_at', get: (r) => r.created_at },
];
