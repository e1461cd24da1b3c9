// `fiscal boletos show <id>...`: slips by id (GET /v1/boletos/{id}, designed).
import { BOLETOS_PATH, boletoIdProblem, boletoSchema } from '../../api/wire/payments.js';
import { recordShowVerb } from '../records/show.js';
import { BOLETO_TABLE } from './columns.js';

export const { parseOptions, run } = recordShowVerb({
  path: (id) => `${BOLETOS_PATH}/${encodeURIComponent(id)}`,
  item: boletoSchema,
  problem: boletoIdProblem,
  table: BOLETO_TABLE,
  what: 'boleto',
});
