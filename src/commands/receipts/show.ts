// `fiscal receipts show <id>...`: receipts by id (GET /v1/receipts/{id}, designed).
import { RECEIPTS_PATH, receiptIdProblem, receiptSchema } from '../../api/wire/payments.js';
import { recordShowVerb } from '../records/show.js';
import { RECEIPT_TABLE } from './columns.js';

export const { parseOptions, run } = recordShowVerb({
  path: (id) => `${RECEIPTS_PATH}/${encodeURIComponent(id)}`,
  item: receiptSchema,
  problem: receiptIdProblem,
  table: RECEIPT_TABLE,
  what: 'receipt',
});
