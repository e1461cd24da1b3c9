// How a rural property shows in a table or CSV; JSON and NDJSON carry the item whole.
import type { RuralPropertyItem } from '../../api/wire/properties.js';
import type { Column } from '../../output/writer.js';

export const PROPERTY_COLUMNS: Column<RuralPropertyItem>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'NAME', get: (r) => r.name, width: 30 },
  { header: 'PRODUCER', get: (r) => r.producer.name, width: 30 },
  { header: 'CPF/CNPJ', get: (r) => r.producer.cpf ?? r.producer.cnpj },
  { header: 'IE', key: 'state_registration', get: (r) => r.state_registration },
  { header: 'UF', get: (r) => r.uf },
  { header: 'CITY', get: (r) => r.city },
  { header: 'HECTARES', get: (r) => r.area_hectares.toFixed(2) },
];
