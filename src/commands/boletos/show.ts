// `fiscal boletos show <id>...`: slips by id (GET /v1/boletos/{id}, designed).
import { getBoleto } from '../../api/boletos.js';
import { boletoIdProblem } from '../../api/wire/boletos.js';
import { checkRecordIds, showRecords } from '../shared/records-show.js';
import { verb } from '../shared/verb.js';
import { BOLETO_TABLE } from './columns.js';
import { showVerb } from './index.js';

const ids = { what: 'boleto', problem: boletoIdProblem };

export default verb(showVerb, {
  check: (_o, args) => void checkRecordIds(args, ids),
  run: (ctx, _o, args) => showRecords(ctx, args, { ...ids, get: getBoleto, table: BOLETO_TABLE }),
});
