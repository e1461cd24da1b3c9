// Designed: GET /v1/receipts (v1 cursor listing in the order the service got them), GET
// /v1/receipts/:id and GET /v1/receipts/pdf?id= (also POST {id}): one PDF layout whatever the
// source. A receipt exists from its created_at on, by the emulator clock; the account's only (R3).
import {
  RECEIPT_KINDS,
  RECEIPT_PDF_PATH,
  RECEIPT_SOURCES,
  RECEIPTS_PATH,
  receiptIdProblem,
  receiptSchema,
  type Receipt,
} from '../../api/wire/receipts.js';
import { accessKeyProblem } from '../../fiscal/access-key.js';
import { renderReceipt } from '../pdf/receipt.js';
import { taxIdProblem } from '../../fiscal/tax-id.js';
import type { StoredReceipt } from '../data/receipts.js';
import { brt } from '../data/xml-util.js';
import { accountReceipts, receiptArrived } from '../receipts.js';
import type { RequestContext, Router } from '../router.js';
import { partyItem, reais } from './boletos.js';
import { registerPdfRoute } from './pdf/route.js';
import { registerRecordListing, registerRecordLookup, type RecordFilter } from './records.js';

const FILTERS: RecordFilter<StoredReceipt>[] = [
  { kind: 'values', param: 'source', values: RECEIPT_SOURCES, get: (r) => r.source },
  { kind: 'values', param: 'kind', values: RECEIPT_KINDS, get: (r) => r.kind },
  { kind: 'values', param: 'payer', problem: taxIdProblem, get: (r) => r.payer.taxId },
  { kind: 'values', param: 'payee', problem: taxIdProblem, get: (r) => r.payee.taxId },
  { kind: 'values', param: 'access_key', problem: accessKeyProblem, get: (r) => r.accessKey },
  { kind: 'values', param: 'boleto_id', get: (r) => r.boletoId },
  { kind: 'dates', param: 'paid_at', get: (r) => r.paidMs },
  { kind: 'dates', param: 'created_at', get: (r) => r.createdMs },
  { kind: 'amounts', param: 'amount', get: (r) => r.cents / 100 },
];

/** The wire record of a stored receipt. */
function receiptItem(r: StoredReceipt): Receipt {
  return {
    id: r.id,
    source: r.source,
    kind: r.kind,
    boleto_id: r.boletoId ?? null,
    access_key: r.accessKey ?? null,
    payer: partyItem(r.payer),
    payee: partyItem(r.payee),
    bank: { code: r.bank.code, name: r.bank.name },
    amount: reais(r.cents),
    paid_at: brt(r.paidMs),
    authentication: r.authentication,
    created_at: brt(r.createdMs),
  };
}

function find(ctx: RequestContext, id: string): StoredReceipt | undefined {
  const receipt = accountReceipts(ctx.store, ctx.account.id).byId.get(id);
  return receipt && receiptArrived(receipt, ctx.now()) ? receipt : undefined;
}

export function registerReceipts(router: Router): void {
  registerPdfRoute(router, {
    path: RECEIPT_PDF_PATH,
    param: 'id',
    problem: receiptIdProblem,
    find,
    missing: (id) => `receipt "${id}" not found`,
    render: (r) => renderReceipt(receiptItem(r)),
    what: 'receipt',
  });
  registerRecordListing(router, {
    path: RECEIPTS_PATH,
    records: (ctx) => accountReceipts(ctx.store, ctx.account.id).list.filter((r) => receiptArrived(r, ctx.now())),
    filters: FILTERS,
    item: receiptSchema,
    toItem: receiptItem,
  });
  registerRecordLookup(router, {
    path: `${RECEIPTS_PATH}/:id`,
    find,
    item: receiptSchema,
    toItem: receiptItem,
    what: 'receipt',
    problem: receiptIdProblem,
  });
}
