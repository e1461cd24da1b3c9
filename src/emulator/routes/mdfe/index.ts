// The MDF-e listings (designed): POST /v1/dfe/mdfe, a body search in PascalCase like POST
// /v2/dfe/nfe, and GET /v1/mdfe/{role}, a v1 cursor listing (R11-R17) with the events of each manifest.
import {
  MDFE_DEFAULT_FIELDS,
  MDFE_FIELDS,
  MDFE_LIMIT_MAX,
  MDFE_ROLES,
  mdfeSearchRequestSchema,
  mdfeSearchResponseSchema,
  mdfeV1PageSchema,
} from '../../../api/wire/mdfe.js';
import { DOC_TYPES } from '../../../fiscal/doc-types.js';
import { okAs, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { bodySearchRoute, parseBody, PASCAL_KEYS } from '../listing/body-search.js';
import { listDocsV1, parseDocV1Query } from '../listing/v1-doc-listing.js';
import { compileMdfeFilters } from './filters.js';
import { toMdfeRecord, toMdfeV1Item } from './records.js';

export function registerMdfe(router: Router): void {
  router.add('POST', DOC_TYPES.mdfe.endpoints.search, search, { errors: 'service', gateway: true });
  router.add('GET', DOC_TYPES.mdfe.endpoints.listing, listByRole, { errors: 'v1' });
}

const search = bodySearchRoute({
  read: (body) => parseBody(mdfeSearchRequestSchema, body),
  keys: PASCAL_KEYS,
  known: MDFE_FIELDS,
  defaults: MDFE_DEFAULT_FIELDS,
  max: MDFE_LIMIT_MAX,
  toRecord: toMdfeRecord,
  records: (ctx) => ctx.store.docsOf(ctx.account.id, 'mdfe').records,
  filters: (request) => compileMdfeFilters(request.Filters ?? {}),
  answer: (page) =>
    okAs(mdfeSearchResponseSchema, { Mdfes: page.records, Paginator: page.paginator, Total: page.total }),
});

function listByRole(ctx: RequestContext): Reply {
  const q = parseDocV1Query(ctx, ctx.params.role!, { roles: MDFE_ROLES, accessKeys: true });
  return listDocsV1(ctx, ctx.store.docsOf(ctx.account.id, 'mdfe'), q, {
    schema: mdfeV1PageSchema,
    toItem: toMdfeV1Item,
    keyOf: (doc) => doc.accessKey,
  });
}
