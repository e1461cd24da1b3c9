// `fiscal invoices show <id>...`: international invoices by id (GET /v1/invoices/{id}, designed).
import { getInvoice } from '../../api/invoices.js';
import { invoiceIdProblem } from '../../api/wire/invoices.js';
import { checkRecordIds, showRecords } from '../shared/records-show.js';
import { verb } from '../shared/verb.js';
import { INVOICE_TABLE } from './columns.js';
import { showVerb } from './index.js';

const ids = { what: 'invoice', problem: invoiceIdProblem };

export default verb(showVerb, {
  check: (_o, args) => void checkRecordIds(args, ids),
  run: (ctx, _o, args) => showRecords(ctx, args, { ...ids, get: getInvoice, table: INVOICE_TABLE }),
});
