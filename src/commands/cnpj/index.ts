// `fiscal cnpj <cnpj>...`: declaration only; the verb module loads when it runs.
import { defineVerb } from '../shared/define.js';

export const cnpj = defineVerb({
  name: 'cnpj',
  summary: 'public registry data of CNPJs (Dados - CNPJs)',
  examples: [
    'fiscal cnpj 12.345.678/0001-95',
    'fiscal cnpj 12345678000195 98765432000198 -o csv',
    "fiscal cnpj 12345678000195 -o json | jq '.partners[].name'",
  ],
  notes: `Public data of the Receita Federal: razão social, nome fantasia, situação cadastral and its date,
opening date, legal nature, size, share capital, CNAE, address, phone, e-mail, partners (QSA) and
the Simples / MEI flags. A row per CNPJ in a table; -o json / ndjson carry every field. CNPJs are
checked locally first (exit 2 naming the bad one). A CNPJ the registry does not know is reported
and the others go on: exit 4 when none was found, 7 when some were. Endpoint: GET
/v1/cnpj/{cnpj} (designed). See docs/cnpj.md.`,
  args: [{ name: 'cnpj', summary: 'CNPJs, digits or 12.345.678/0001-95', variadic: true, type: 'cnpj' }],
  flags: {},
  load: () => import('./lookup.js'),
});
