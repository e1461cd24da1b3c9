// The NF-e listings: POST /v2/dfe/nfe (spec 4.1, R18-R20, R23), filters, projection and Paginator
// paging; GET /v1/nfe/{role} (spec 4.6, R11-R17), cursor paging over the account's stream.
import {
  NFE_ROLES,
  NFE_V2_DEFAULT_FIELDS,
  NFE_V2_FIELDS,
  nfeV1PageSchema,
  nfeV2RequestSchema,
  nfeV2ResponseSchema,
  V2_LIMIT_MAX,
} from '../../../api/wire/nfe.js';
import { DOC_TYPES } from '../../../fiscal/doc-types.js';
import { okAs, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { bodySearchRoute, parseBody, PASCAL_KEYS } from '../listing/body-search.js';
import { softBoundMs } from '../listing/search-filters.js';
import { parseV1Query, v1Page } from '../listing/v1-listing.js';
import { compileFilters } from './filters.js';
import { toV1Item, toV2Record } from './records.js';

export function registerNfe(router: Router): void {
  router.add('POST', DOC_TYPES.nfe.endpoints.search, search, { errors: 'service', gateway: true });
  router.add('GET', DOC_TYPES.nfe.endpoints.listing, listByRole, { errors: 'v1' });
}

const search = bodySearchRoute({
  read: (body) => parseBody(nfeV2RequestSchema, body),
  keys: PASCAL_KEYS,
  known: NFE_V2_FIELDS,
  defaults: NFE_V2_DEFAULT_FIELDS,
  max: V2_LIMIT_MAX,
  toRecord: toV2Record,
  // A CreatedAt window (the pull's backfill) is looked up, not scanned for (a bad date is the filters' 400).
  records: (ctx, request) => {
    const created = request.Filters?.CreatedAt;
    const from = softBoundMs(created?.From, 'from');
    return ctx.store.nfeRecordsCreated(ctx.account.id, from, softBoundMs(created?.To, 'to'));
  },
  filters: (request, ctx) => compileFilters(request.Filters ?? {}, ctx.now()),
  answer: (page) => okAs(nfeV2ResponseSchema, { Nfes: page.records, Paginator: page.paginator, Total: page.total }),
});

function listByRole(ctx: RequestContext): Reply {
  const q = parseV1Query(ctx, NFE_ROLES);
  const entries = ctx.store.nfesOf(ctx.account.id).byRole[q.role];
  return v1Page(ctx, q, entries, (entry) => toV1Item(entry.doc, q.format), nfeV1PageSchema);
}
