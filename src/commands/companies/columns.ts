// How a company shows in a table or CSV; JSON and NDJSON carry the item whole.
import type { CompanyItem, EnabledDocuments } from '../../api/wire/companies.js';
import type { Column } from '../../output/writer.js';

/** `nfe:emitted,received cte:taker`: the types and roles a unit holds documents in. */
const documentsCell = (documents: EnabledDocuments[]): string =>
  documents.map((d) => `${d.type}:${d.roles.join(',')}`).join(' ');

const REGIMES: Record<string, string> = { '1': 'simples', '3': 'normal' };

export const COMPANY_COLUMNS: Column<CompanyItem>[] = [
  { header: 'CNPJ', get: (r) => r.cnpj, truncate: false },
  { header: 'NAME', get: (r) => r.name, width: 40 },
  { header: 'TRADE NAME', get: (r) => r.trade_name, width: 24 },
  { header: 'IE', key: 'state_registration', get: (r) => r.state_registration },
  { header: 'UF', get: (r) => r.uf },
  { header: 'CITY', get: (r) => r.city },
  { header: 'REGIME', get: (r) => REGIMES[r.tax_regime] ?? r.tax_regime },
  { header: 'DOCUMENTS', get: (r) => documentsCell(r.documents), width: 60 },
];
