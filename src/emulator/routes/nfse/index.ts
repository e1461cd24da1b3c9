// The NFS-e listings: POST /v1/dfe/nfse (spec 4.3, R22, R23), lower camel case filters, projection
// and Paginator paging; GET /v1/nfse/{role} (R11-R17) and GET /v2/nfse/received (R12, R16), v1
// cursor listings of the account's NFS-e stream.
import {
  NFSE_DEFAULT_FIELDS,
  NFSE_FIELDS,
  NFSE_LIMIT_MAX,
  NFSE_ROLES,
  nfseSearchRequestSchema,
  nfseSearchResponseSchema,
  nfseV1PageSchema,
  nfseV2PageSchema,
} from '../../../api/wire/nfse.js';
import { DOC_TYPES } from '../../../fiscal/doc-types.js';
import { okAs, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { bodySearchRoute, parseBody } from '../listing/body-search.js';
import { listDocsV1, parseDocV1Query } from '../listing/v1-doc-listing.js';
import { compileNfseFilters } from './filters.js';
import { toNfseRecord, toNfseV1Item, toNfseV2Item } from './records.js';

export function registerNfse(router: Router): void {
  router.add('POST', DOC_TYPES.nfse.endpoints.search, search, { errors: 'service', gateway: true });
  router.add('GET', DOC_TYPES.nfse.endpoints.listing, listByRole, { errors: 'v1' });
  router.add('GET', '/v2/nfse/received', listReceivedV2, { errors: 'v1' });
}

/** R22: the NFS-e search spells its keys in lower camel case. */
const search = bodySearchRoute({
  read: (body) => parseBody(nfseSearchRequestSchema, body),
  keys: { fields: 'fields', limit: 'limit', paginator: 'paginator' },
  known: NFSE_FIELDS,
  defaults: NFSE_DEFAULT_FIELDS,
  max: NFSE_LIMIT_MAX,
  toRecord: toNfseRecord,
  records: (ctx) => ctx.store.docsOf(ctx.account.id, 'nfse').records,
  filters: (request) => compileNfseFilters(request.filters ?? {}),
  answer: (page) =>
    okAs(nfseSearchResponseSchema, { nfses: page.records, paginator: page.paginator, total: page.total }),
});

function listByRole(ctx: RequestContext): Reply {
  const q = parseDocV1Query(ctx, ctx.params.role!, { roles: NFSE_ROLES, accessKeys: false });
  return listDocsV1(ctx, ctx.store.docsOf(ctx.account.id, 'nfse'), q, {
    schema: nfseV1PageSchema,
    toItem: toNfseV1Item,
  });
}

function listReceivedV2(ctx: RequestContext): Reply {
  const q = parseDocV1Query(ctx, 'received', { roles: ['received'], accessKeys: false });
  return listDocsV1(ctx, ctx.store.docsOf(ctx.account.id, 'nfse'), q, {
    schema: nfseV2PageSchema,
    toItem: toNfseV2Item,
  });
}
