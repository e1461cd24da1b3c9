// POST /v2/dfe/nfe (spec 4.1, R18-R20, R23): filters, projection and Paginator paging.
import { NFE_V2_DEFAULT_FIELDS, NFE_V2_FIELDS, nfeV2RequestSchema, type NfeV2Field } from '../../api/wire/nfe.js';
import { badRequest, ok, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { anchorOf, bodyPage, pageSize, requestError } from './body-listing.js';
import { compileFilters } from './nfe-v2-filters.js';
import { toV2Record } from './nfe-records.js';

export { decodePaginator, encodePaginator } from './body-listing.js';

export function registerNfeV2(router: Router): void {
  router.add('POST', '/v2/dfe/nfe', listNfes, { errors: 'service', gateway: true });
}

function parseRequest(body: unknown) {
  const parsed = nfeV2RequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw requestError(parsed.error.issues[0]!);
  return parsed.data;
}

function projection(fields: string[] | undefined): NfeV2Field[] {
  if (!fields || fields.length === 0) return NFE_V2_DEFAULT_FIELDS;
  for (const field of fields) {
    if (!(NFE_V2_FIELDS as readonly string[]).includes(field)) {
      throw badRequest('service', `unknown field "${field}"; expected some of ${NFE_V2_FIELDS.join(', ')}`, 'Fields');
    }
  }
  return [...new Set(fields)] as NfeV2Field[];
}

function listNfes(ctx: RequestContext): Reply {
  const request = parseRequest(ctx.json());
  const fields = projection(request.Fields);
  const limit = pageSize(request.Limit);
  const anchor = anchorOf(request.Paginator);
  const matches = compileFilters(request.Filters ?? {}, ctx.now());
  const { page, total, paginator } = bodyPage(ctx.store.nfesOf(ctx.account.id).records, matches, limit, anchor);
  return ok({ Nfes: page.map((r) => toV2Record(r, fields)), Paginator: paginator, Total: total });
}
