// International invoices, utility bills and the OCR upload (all designed, docs/ocr-invoices-utilities.md):
// two record listings with their lookups and PDFs, on the shared record-group pieces, and
// POST /v1/ocr + GET /v1/ocr/{request_id}.
import {
  INVOICE_ID, INVOICES_PATH, INVOICES_PDF_PATH, OCR_KINDS, OCR_PATH, OCR_PDF_MAX_BYTES, OCR_REQUEST_ID, RECORD_SOURCES,
  UTILITIES_PATH, UTILITIES_PDF_PATH, UTILITY_ID, UTILITY_KINDS, UTILITY_STATUSES, type OcrKind,
} from '../../api/wire/ocr-docs.js';
import { renderInvoicePdf, renderUtilityPdf } from '../../fiscal/pdf/ocr-docs.js';
import { cnpjProblem } from '../../fiscal/tax-id.js';
import { findOcr, startOcr } from '../ocr/ocr-requests.js';
import { brasilia, invoiceItem, ocrDocsOf, utilityItem } from '../ocr/records.js';
import { HttpError, ok, v1Error, v1FieldErrors, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { registerPdfRoute } from './pdf/route.js';
import { registerRecordListing, registerRecordLookup } from './record-listing.js';

const docs = (ctx: RequestContext) => ocrDocsOf(ctx.store, ctx.account, ctx.now());
const idProblem = (pattern: RegExp, example: string) => (id: string) => (pattern.test(id) ? undefined : `expected an id like ${example}`);
const monthProblem = (value: string) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? undefined : 'expected a month as yyyy-mm');

export function registerOcrDocs(router: Router): void {
  registerRecordListing(router, {
    path: INVOICES_PATH,
    records: (ctx) => docs(ctx).invoices,
    filters: [
      { kind: 'values', param: 'owner', problem: cnpjProblem, get: (r) => r.owner },
      { kind: 'values', param: 'country', problem: (v) => (/^[A-Z]{2}$/.test(v) ? undefined : 'expected an ISO country code like US'), get: (r) => r.supplier.country },
      { kind: 'values', param: 'currency', problem: (v) => (/^[A-Z]{3}$/.test(v) ? undefined : 'expected an ISO currency code like USD'), get: (r) => r.currency },
      { kind: 'values', param: 'source', values: RECORD_SOURCES, get: (r) => r.source },
      { kind: 'dates', param: 'issue_date', get: (r) => r.issuedMs },
      { kind: 'amounts', param: 'total_brl', get: (r) => Number(r.total_brl) },
    ],
    toItem: invoiceItem,
  });
  registerRecordLookup(router, { path: `${INVOICES_PATH}/:id`, find: (ctx, id) => docs(ctx).invoices.find((r) => r.id === id), toItem: invoiceItem, what: 'invoice', problem: idProblem(INVOICE_ID, 'inv_<24 hex digits>') });
  registerPdfRoute(router, {
    path: INVOICES_PDF_PATH, param: 'id', problem: idProblem(INVOICE_ID, 'inv_<24 hex digits>'),
    find: (ctx, id) => docs(ctx).invoices.find((r) => r.id === id), missing: (id) => `invoice ${id} not found`,
    render: (r) => r.pdf ?? renderInvoicePdf(invoiceItem(r)), what: 'invoice PDF',
  });

  registerRecordListing(router, {
    path: UTILITIES_PATH,
    records: (ctx) => docs(ctx).utilities,
    filters: [
      { kind: 'values', param: 'owner', problem: cnpjProblem, get: (r) => r.owner },
      { kind: 'values', param: 'kind', values: UTILITY_KINDS, get: (r) => r.kind },
      { kind: 'values', param: 'provider', problem: cnpjProblem, get: (r) => r.provider.cnpj },
      { kind: 'values', param: 'status', values: UTILITY_STATUSES, get: (r) => r.status },
      { kind: 'values', param: 'reference_month', problem: monthProblem, get: (r) => r.reference_month },
      { kind: 'values', param: 'source', values: RECORD_SOURCES, get: (r) => r.source },
      { kind: 'dates', param: 'due_date', get: (r) => r.dueMs },
      { kind: 'amounts', param: 'amount', get: (r) => Number(r.amount) },
    ],
    toItem: utilityItem,
  });
  registerRecordLookup(router, { path: `${UTILITIES_PATH}/:id`, find: (ctx, id) => docs(ctx).utilities.find((r) => r.id === id), toItem: utilityItem, what: 'utility bill', problem: idProblem(UTILITY_ID, 'utl_<24 hex digits>') });
  registerPdfRoute(router, {
    path: UTILITIES_PDF_PATH, param: 'id', problem: idProblem(UTILITY_ID, 'utl_<24 hex digits>'),
    find: (ctx, id) => docs(ctx).utilities.find((r) => r.id === id), missing: (id) => `utility bill ${id} not found`,
    render: (r) => r.pdf ?? renderUtilityPdf(utilityItem(r)), what: 'utility bill PDF',
  });

  router.add('POST', OCR_PATH, submitOcr, { errors: 'v1' });
  router.add('GET', `${OCR_PATH}/:id`, (ctx) => {
    const id = ctx.params.id!;
    if (!OCR_REQUEST_ID.test(id)) throw new HttpError(v1FieldErrors(400, { request_id: [`expected a UUID, got "${id}"`] }));
    const request = findOcr(ctx.store, ctx.account.id, id);
    if (!request) throw new HttpError(v1Error(404, `OCR request ${id} not found`));
    return ok({ data: request });
  }, { errors: 'v1' });
}

function submitOcr(ctx: RequestContext): Reply {
  const raw = ctx.json();
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!(OCR_KINDS as readonly unknown[]).includes(body.kind)) problem('kind', `must be one of ${OCR_KINDS.join(', ')}`);
  const owner = body.owner;
  if (typeof owner !== 'string') problem('owner', 'is required: the CNPJ of a company of the account');
  else {
    const why = cnpjProblem(owner);
    if (why) problem('owner', why);
  }
  let pdf: Buffer | undefined;
  if (typeof body.pdf !== 'string' || body.pdf === '') problem('pdf', 'is required: the PDF in base64');
  else if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body.pdf)) problem('pdf', 'is not base64');
  else {
    pdf = Buffer.from(body.pdf, 'base64');
    if (pdf.length > OCR_PDF_MAX_BYTES) problem('pdf', `is ${pdf.length} bytes, the most is ${OCR_PDF_MAX_BYTES}`);
    else if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) problem('pdf', 'is not a PDF (it does not start with %PDF-)');
  }
  const fileName = body.file_name;
  if (fileName !== undefined && (typeof fileName !== 'string' || fileName.length > 255)) problem('file_name', 'must be a string of at most 255 characters');
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  // R3: a company of another account (or of none) is not the account's to send documents for.
  if (!ctx.account.companies.some((c) => c.cnpj === owner)) throw new HttpError(v1Error(403, `${owner as string} is not a company of this account`));
  const input = { kind: body.kind as OcrKind, owner: owner as string, pdf: pdf!, fileName: (fileName as string | undefined) ?? null };
  return ok({ data: startOcr(ctx.store, ctx.account, input, ctx.now, brasilia(ctx.now())) });
}
