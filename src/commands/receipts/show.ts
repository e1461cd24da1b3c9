// `fiscal receipts show <id>...`: receipts by id (GET /v1/receipts/{id}, designed).
import { getReceipt } from '../../api/receipts.js';
import { receiptIdProblem } from '../../api/wire/receipts.js';
import { checkRecordIds, showRecords } from '../shared/records-show.js';
import { verb } from '../shared/verb.js';
import { RECEIPT_TABLE } from './columns.js';
import { showVerb } from './index.js';

const ids = { what: 'receipt', problem: receiptIdProblem };

export default verb(showVerb, {
  check: (_o, args) => void checkRecordIds(args, ids),
  run: (ctx, _o, args) => showRecords(ctx, args, { ...ids, get: getReceipt, table: RECEIPT_TABLE }),
});
