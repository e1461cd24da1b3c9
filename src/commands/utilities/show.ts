// `fiscal utilities show <id>...`: utility bills by id (GET /v1/utilities/{id}, designed).
import { getUtility } from '../../api/utilities.js';
import { utilityIdProblem } from '../../api/wire/utilities.js';
import { checkRecordIds, showRecords } from '../shared/records-show.js';
import { verb } from '../shared/verb.js';
import { UTILITY_TABLE } from './columns.js';
import { showVerb } from './index.js';

const ids = { what: 'utility bill', problem: utilityIdProblem };

export default verb(showVerb, {
  check: (_o, args) => void checkRecordIds(args, ids),
  run: (ctx, _o, args) => showRecords(ctx, args, { ...ids, get: getUtility, table: UTILITY_TABLE }),
});
