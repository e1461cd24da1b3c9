// GET /v1/cte/{role} and GET /v1/cte-os/{role} (R11-R17): the v1 cursor listing of NF-e over the
// CT-e and CT-e OS streams.
import { CTE_ROLES, CTEOS_ROLES } from '../../api/wire/cte.js';
import type { Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { toCteV1Item, type CteLikeType } from './cte-records.js';
import { parseV1Query, v1Page } from './v1-listing.js';

export function registerCteV1(router: Router): void {
  router.add('GET', '/v1/cte/:role', (ctx) => listByRole(ctx, 'cte'), { errors: 'v1' });
  router.add('GET', '/v1/cte-os/:role', (ctx) => listByRole(ctx, 'cteos'), { errors: 'v1' });
}

function listByRole(ctx: RequestContext, type: CteLikeType): Reply {
  const q = parseV1Query(ctx, type === 'cte' ? CTE_ROLES : CTEOS_ROLES);
  const entries = ctx.store.docsOf(ctx.account.id, type).byRole(q.role);
  return v1Page(ctx, q, entries, (entry) => toCteV1Item(type, entry.doc, q.format));
}
