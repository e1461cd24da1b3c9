// Utility bills (designed, docs/utilities.md): GET /v1/utilities (v1 cursor listing),
// GET /v1/utilities/:id and GET /v1/utilities/pdf?id= (also POST {id}): the PDF the OCR read, or
// one drawn for a captured bill. The account's only (R3).
import { RECORD_SOURCES } from '../../api/wire/ocr.js';
import {
  UTILITIES_PATH,
  UTILITY_KINDS,
  UTILITY_PDF_PATH,
  UTILITY_STATUSES,
  UTILITY_ID,
  utilitySchema,
} from '../../api/wire/utilities.js';
import { renderUtilityPdf } from '../pdf/ocr-docs.js';
import { cnpjProblem } from '../../fiscal/tax-id.js';
import { ocrDocsOf } from '../ocr/documents.js';
import { utilityItem } from '../ocr/utilities.js';
import type { RequestContext, Router } from '../router.js';
import { registerPdfRoute } from './pdf/route.js';
import { registerRecordListing, registerRecordLookup } from './records.js';

const utilities = (ctx: RequestContext) => ocrDocsOf(ctx.store, ctx.account, ctx.now()).utilities;
const find = (ctx: RequestContext, id: string) => utilities(ctx).find((r) => r.id === id);
const monthProblem = (value: string) =>
  /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? undefined : 'expected a month as yyyy-mm';

/** The 400 names the id's shape. */
const idProblem = (id: string) => (UTILITY_ID.test(id) ? undefined : 'expected an id like utl_<24 hex digits>');

export function registerUtilities(router: Router): void {
  registerRecordListing(router, {
    path: UTILITIES_PATH,
    records: utilities,
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
    item: utilitySchema,
    toItem: utilityItem,
  });
  registerRecordLookup(router, {
    path: `${UTILITIES_PATH}/:id`,
    find,
    item: utilitySchema,
    toItem: utilityItem,
    what: 'utility bill',
    problem: idProblem,
  });
  registerPdfRoute(router, {
    path: UTILITY_PDF_PATH,
    param: 'id',
    problem: idProblem,
    find,
    missing: (id) => `utility bill ${id} not found`,
    render: (r) => r.pdf ?? renderUtilityPdf(utilityItem(r)),
    what: 'utility bill PDF',
  });
}
