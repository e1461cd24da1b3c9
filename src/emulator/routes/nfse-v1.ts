// GET /v1/nfse/{role} (R11-R17) and GET /v2/nfse/received (R12, R16): v1 cursor listings of the
// account's NFS-e stream.
import { NFSE_ROLES } from '../../api/wire/nfse.js';
import type { Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { toNfseV1Item, toNfseV2Item } from './nfse-records.js';
import { listDocsV1, parseDocV1Query } from './v1-doc-listing.js';

export function registerNfseV1(router: Router): void {
  router.add('GET', '/v1/nfse/:role', listByRole, { errors: 'v1' });
  router.add('GET', '/v2/nfse/received', listReceivedV2, { errors: 'v1' });
}

function listByRole(ctx: RequestContext): Reply {
  const q = parseDocV1Query(ctx, ctx.params.role!, { roles: NFSE_ROLES, accessKeys: false });
  return listDocsV1(ctx, ctx.store.docsOf(ctx.account.id, 'nfse'), q, toNfseV1Item);
}

function listReceivedV2(ctx: RequestContext): Reply {
  const q = parseDocV1Query(ctx, 'received', { roles: ['received'], accessKeys: false });
  return listDocsV1(ctx, ctx.store.docsOf(ctx.account.id, 'nfse'), q, toNfseV2Item);
}
