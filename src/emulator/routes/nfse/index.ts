// The NFS-e listings: POST /v1/dfe/nfse (spec 4.3, R22, R23), lower camel case filters, projection
// and Paginator paging; GET /v1/nfse/{role} (R11-R17) and GET /v2/nfse/received (R12, R16), v1
// cursor listings of the account's NFS-e stream, with `id[]` and `format_type` (R16, R36); and the
// endpoints real clients call beside them (R37): the manual listing, properties, events.
import {
  NFSE_DEFAULT_FIELDS,
  NFSE_FIELDS,
  NFSE_EVENTS_PATH,
  NFSE_LIMIT_MAX,
  NFSE_MANUAL_PATH,
  NFSE_RECEIVED_V2_PATH,
  NFSE_ROLES,
  nfseManualPageSchema,
  nfseSearchRequestSchema,
  nfseSearchResponseSchema,
  nfseV1JsonPageSchema,
  nfseV1PageSchema,
  nfseV2JsonPageSchema,
  nfseV2PageSchema,
} from '../../../api/wire/nfse.js';
import { DOC_TYPES } from '../../../fiscal/doc-types.js';
import { okAs, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { bodySearchRoute, parseBody } from '../listing/body-search.js';
import { listDocsV1 } from '../listing/v1-doc-listing.js';
import { compileNfseFilters } from './filters.js';
import { ORIGINAL_PDF_ORIGINS } from '../pdf/nfse.js';
import { nfseEvents } from './events.js';
import { setNfseProperty } from './properties.js';
import { idMatcher, parseNfseQuery } from './query.js';
import { nfseJson, toNfseRecord, toNfseV1Item, toNfseV2Item } from './records.js';

export function registerNfse(router: Router): void {
  router.add('POST', DOC_TYPES.nfse.endpoints.search, search, { errors: 'service', gateway: true });
  router.add('GET', DOC_TYPES.nfse.endpoints.listing, listByRole, { errors: 'v1' });
  router.add('GET', NFSE_RECEIVED_V2_PATH, listReceivedV2, { errors: 'v1' });
  router.add('GET', NFSE_MANUAL_PATH, listManual, { errors: 'v1' });
  router.add('PUT', DOC_TYPES.nfse.endpoints.properties, setNfseProperty, { errors: 'v1' });
  router.add('GET', NFSE_EVENTS_PATH, nfseEvents, { errors: 'v1' });
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
  const q = parseNfseQuery(ctx, ctx.params.role!, NFSE_ROLES);
  const index = ctx.store.docsOf(ctx.account.id, 'nfse');
  const matches = idMatcher(q);
  if (q.format === 'json')
    return listDocsV1(ctx, index, q, {
      schema: nfseV1JsonPageSchema,
      toItem: (doc, owner) => ({ ...toNfseV1Item(doc, owner), xml: nfseJson(doc) }),
      matches,
    });
  return listDocsV1(ctx, index, q, { schema: nfseV1PageSchema, toItem: toNfseV1Item, matches });
}

function listReceivedV2(ctx: RequestContext): Reply {
  const q = parseNfseQuery(ctx, 'received', ['received']);
  const index = ctx.store.docsOf(ctx.account.id, 'nfse');
  const matches = idMatcher(q);
  if (q.format === 'json')
    return listDocsV1(ctx, index, q, {
      schema: nfseV2JsonPageSchema,
      toItem: (doc, owner) => ({ ...toNfseV2Item(doc, owner), xml: nfseJson(doc) }),
      matches,
    });
  return listDocsV1(ctx, index, q, { schema: nfseV2PageSchema, toItem: toNfseV2Item, matches });
}

/**
 * R37: GET /v1/nfse/received/manual, the received notes ingested manually (sent in as PDF: the
 * ones with an original PDF), as /v1/nfse/received lists them.
 */
function listManual(ctx: RequestContext): Reply {
  const q = parseNfseQuery(ctx, 'received', ['received']);
  const ids = idMatcher(q);
  return listDocsV1(ctx, ctx.store.docsOf(ctx.account.id, 'nfse'), q, {
    schema: nfseManualPageSchema,
    toItem: toNfseV1Item,
    matches: (doc, owner) => ORIGINAL_PDF_ORIGINS.includes(doc.origin) && (!ids || ids(doc, owner)),
  });
}
