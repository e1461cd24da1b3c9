// POST /v1/dfe/nfse (spec 4.3, R22, R23): lower camel case filters, projection and Paginator paging.
import { NFSE_DEFAULT_FIELDS, NFSE_FIELDS, NFSE_LIMIT_MAX, nfseSearchRequestSchema } from '../../api/wire/nfse.js';
import { ok, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { pageSize, parseBody, projection, searchPage } from './doc-search-page.js';
import { compileNfseFilters } from './nfse-filters.js';
import { toNfseRecord } from './nfse-records.js';

export function registerNfseSearch(router: Router): void {
  router.add('POST', '/v1/dfe/nfse', searchNfses, { errors: 'service', gateway: true });
}

function searchNfses(ctx: RequestContext): Reply {
  const request = parseBody(nfseSearchRequestSchema, ctx.json());
  const fields = projection(request.fields, NFSE_FIELDS, NFSE_DEFAULT_FIELDS, 'fields');
  const limit = pageSize(request.limit, NFSE_LIMIT_MAX, 'limit');
  const matches = compileNfseFilters(request.filters ?? {});
  const page = searchPage(ctx.store.docsOf(ctx.account.id, 'nfse').records, matches, limit, request.paginator, 'paginator');
  return ok({ nfses: page.records.map((r) => toNfseRecord(r, fields)), paginator: page.paginator, total: page.total });
}
