// GET /v1/nfe/{role} (spec 4.6, R11-R17): cursor paging over the account's document stream.
import { NFE_ROLES } from '../../api/wire/nfe.js';
import type { Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { toV1Item } from './nfe-records.js';
import { parseV1Query, v1Page } from './v1-listing.js';

export function registerNfeV1(router: Router): void {
  router.add('GET', '/v1/nfe/:role', listByRole, { errors: 'v1' });
}

function listByRole(ctx: RequestContext): Reply {
  const q = parseV1Query(ctx, NFE_ROLES);
  const entries = ctx.store.nfesOf(ctx.account.id).byRole[q.role];
  return v1Page(ctx, q, entries, (entry) => toV1Item(entry.doc, q.format));
}
