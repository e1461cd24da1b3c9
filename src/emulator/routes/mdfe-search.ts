// MDF-e listings (designed): POST /v1/dfe/mdfe, a body search in PascalCase like POST /v2/dfe/nfe,
// and GET /v1/mdfe/{role}, a v1 cursor listing (R11-R17) with the events of each manifest.
import { MDFE_DEFAULT_FIELDS, MDFE_FIELDS, MDFE_LIMIT_MAX, MDFE_ROLES, mdfeSearchRequestSchema } from '../../api/wire/mdfe.js';
import { ok, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { pageSize, parseBody, projection, searchPage } from './doc-search-page.js';
import { compileMdfeFilters } from './mdfe-filters.js';
import { toMdfeRecord, toMdfeV1Item } from './mdfe-records.js';
import { listDocsV1, parseDocV1Query } from './v1-doc-listing.js';

export function registerMdfe(router: Router): void {
  router.add('POST', '/v1/dfe/mdfe', searchMdfes, { errors: 'service', gateway: true });
  router.add('GET', '/v1/mdfe/:role', listByRole, { errors: 'v1' });
}

function searchMdfes(ctx: RequestContext): Reply {
  const request = parseBody(mdfeSearchRequestSchema, ctx.json());
  const fields = projection(request.Fields, MDFE_FIELDS, MDFE_DEFAULT_FIELDS, 'Fields');
  const limit = pageSize(request.Limit, MDFE_LIMIT_MAX, 'Limit');
  const matches = compileMdfeFilters(request.Filters ?? {});
  const page = searchPage(ctx.store.docsOf(ctx.account.id, 'mdfe').records, matches, limit, request.Paginator, 'Paginator');
  return ok({ Mdfes: page.records.map((r) => toMdfeRecord(r, fields)), Paginator: page.paginator, Total: page.total });
}

function listByRole(ctx: RequestContext): Reply {
  const q = parseDocV1Query(ctx, ctx.params.role!, { roles: MDFE_ROLES, accessKeys: true });
  return listDocsV1(ctx, ctx.store.docsOf(ctx.account.id, 'mdfe'), q, toMdfeV1Item, (doc) => doc.accessKey);
}
