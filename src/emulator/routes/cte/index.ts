// The CT-e and CT-e OS listings, which share their records and filters: POST /v1/dfe/cte (spec
// 4.2, R21, R23) and POST /v1/dfe/cteos (R24), filters, projection and Paginator paging over
// (document, owner role) records like /v2/dfe/nfe; GET /v1/cte/{role} and GET /v1/cte-os/{role}
// (R11-R17), the v1 cursor listing of NF-e over the CT-e and CT-e OS streams.
import type * as z from 'zod';
import {
  CTE_DEFAULT_FIELDS,
  CTE_FIELDS,
  CTE_ROLES,
  CTEOS_ROLES,
  cteOsRequestSchema,
  cteRequestSchema,
  cteResponseSchema,
  cteV1PageSchema,
  type CteField,
  type CteFilters,
} from '../../../api/wire/cte.js';
import { V2_LIMIT_MAX } from '../../../api/wire/nfe.js';
import { DOC_TYPES } from '../../../fiscal/doc-types.js';
import { badRequest, okAs, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { bodySearchRoute, parseBody, PASCAL_KEYS } from '../listing/body-search.js';
import { parseV1Query, v1Page } from '../listing/v1-listing.js';
import { compileCteFilters } from './filters.js';
import { toCteRecord, toCteV1Item, type CteLikeRecord, type CteLikeType } from './records.js';

export function registerCte(router: Router): void {
  router.add('POST', DOC_TYPES.cte.endpoints.search, search('cte'), { errors: 'service', gateway: true });
  router.add('POST', DOC_TYPES.cteos.endpoints.search, search('cteos'), { errors: 'service', gateway: true });
  router.add('GET', DOC_TYPES.cte.endpoints.listing, (ctx) => listByRole(ctx, 'cte'), { errors: 'v1' });
  router.add('GET', DOC_TYPES.cteos.endpoints.listing, (ctx) => listByRole(ctx, 'cteos'), { errors: 'v1' });
}

function parseRequest(type: CteLikeType, body: unknown): z.infer<typeof cteRequestSchema> {
  const input = body ?? {};
  // R24: say why IsTaker is refused rather than only that the key is unknown.
  const filters = (input as { Filters?: unknown }).Filters;
  if (type === 'cteos' && filters && typeof filters === 'object' && Object.hasOwn(filters, 'IsTaker')) {
    throw badRequest(
      'service',
      'unknown key "IsTaker": /v1/dfe/cteos has no role filter; it returns every role of the Owners',
      'Filters.IsTaker',
    );
  }
  return type === 'cte' ? parseBody(cteRequestSchema, input) : parseBody(cteOsRequestSchema, input);
}

/** R21: `fields` (lower case) names spec 2.2's CT-e fields; without it, Xml and AccessKey. */
const search = (type: CteLikeType) =>
  bodySearchRoute({
    read: (body) => parseRequest(type, body),
    keys: { ...PASCAL_KEYS, fields: 'fields' },
    known: CTE_FIELDS,
    defaults: CTE_DEFAULT_FIELDS,
    max: V2_LIMIT_MAX,
    toRecord: (r: CteLikeRecord, fields: readonly CteField[]) => toCteRecord(r, type, fields),
    records: (ctx) => ctx.store.docsOf(ctx.account.id, type).records as readonly CteLikeRecord[],
    filters: (request) => compileCteFilters((request.Filters ?? {}) as CteFilters),
    answer: (page) => okAs(cteResponseSchema, { Ctes: page.records, Paginator: page.paginator, Total: page.total }),
  });

function listByRole(ctx: RequestContext, type: CteLikeType): Reply {
  const q = parseV1Query(ctx, type === 'cte' ? CTE_ROLES : CTEOS_ROLES);
  const entries = ctx.store.docsOf(ctx.account.id, type).byRole(q.role);
  return v1Page(ctx, q, entries, (entry) => toCteV1Item(type, entry.doc, q.format), cteV1PageSchema);
}
