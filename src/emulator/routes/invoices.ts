// International invoices (designed, docs/invoices.md): GET /v1/invoices (v1 cursor
// listing), GET /v1/invoices/:id and GET /v1/invoices/pdf?id= (also POST {id}): the PDF the OCR
// read, or one drawn for a captured invoice. The account's only (R3).
import { INVOICE_PDF_PATH, INVOICES_PATH, INVOICE_ID, invoiceSchema } from '../../api/wire/invoices.js';
import { RECORD_SOURCES } from '../../api/wire/ocr.js';
import { renderInvoicePdf } from '../pdf/ocr-docs.js';
import { cnpjProblem } from '../../fiscal/tax-id.js';
import { ocrDocsOf } from '../ocr/documents.js';
import { invoiceItem } from '../ocr/invoices.js';
import type { RequestContext, Router } from '../router.js';
import { registerPdfRoute } from './pdf/route.js';
import { registerRecordListing, registerRecordLookup } from './records.js';

const invoices = (ctx: RequestContext) => ocrDocsOf(ctx.store, ctx.account, ctx.now()).invoices;
const find = (ctx: RequestContext, id: string) => invoices(ctx).find((r) => r.id === id);
const code = (length: number, what: string) => (v: string) =>
  new RegExp(`^[A-Z]{${length}}$`).test(v) ? undefined : `expected an ISO ${what}`;

/** The 400 names the id's shape. */
const idProblem = (id: string) => (INVOICE_ID.test(id) ? undefined : 'expected an id like inv_<24 hex digits>');

export function registerInvoices(router: Router): void {
  registerRecordListing(router, {
    path: INVOICES_PATH,
    records: invoices,
    filters: [
      { kind: 'values', param: 'owner', problem: cnpjProblem, get: (r) => r.owner },
      { kind: 'values', param: 'country', problem: code(2, 'country code like US'), get: (r) => r.supplier.country },
      { kind: 'values', param: 'currency', problem: code(3, 'currency code like USD'), get: (r) => r.currency },
      { kind: 'values', param: 'source', values: RECORD_SOURCES, get: (r) => r.source },
      { kind: 'dates', param: 'issue_date', get: (r) => r.issuedMs },
      { kind: 'amounts', param: 'total_brl', get: (r) => Number(r.total_brl) },
    ],
    item: invoiceSchema,
    toItem: invoiceItem,
  });
  registerRecordLookup(router, {
    path: `${INVOICES_PATH}/:id`,
    find,
    item: invoiceSchema,
    toItem: invoiceItem,
    what: 'invoice',
    problem: idProblem,
  });
  registerPdfRoute(router, {
    path: INVOICE_PDF_PATH,
    param: 'id',
    problem: idProblem,
    find,
    missing: (id) => `invoice ${id} not found`,
    render: (r) => r.pdf ?? renderInvoicePdf(invoiceItem(r)),
    what: 'invoice PDF',
  });
}
