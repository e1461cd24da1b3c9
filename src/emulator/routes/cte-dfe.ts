// POST /v1/dfe/cte (spec 4.2, R21, R23) and POST /v1/dfe/cteos (R24): filters, projection and
// Paginator paging over (document, owner role) records, like /v2/dfe/nfe.
import type { z } from 'zod';
import { CTE_DEFAULT_FIELDS, CTE_FIELDS, cteOsRequestSchema, cteRequestSchema, type CteField, type CteFilters } from '../../api/wire/cte.js';
import { badRequest, ok, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { anchorOf, bodyPage, pageSize, requestError } from './body-listing.js';
import { compileCteFilters } from './cte-filters.js';
import { toCteRecord, type CteLikeRecord, type CteLikeType } from './cte-records.js';

export function registerCteDfe(router: Router): void {
  router.add('POST', '/v1/dfe/cte', (ctx) => listRecords(ctx, 'cte'), { errors: 'service', gateway: true });
  router.add('POST', '/v1/dfe/cteos', (ctx) => listRecords(ctx, 'cteos'), { errors: 'service', gateway: true });
}

function parseRequest(type: CteLikeType, body: unknown): z.infer<typeof cteRequestSchema> {
  const input = body ?? {};
  // R24: say why IsTaker is refused rather than only that the key is unknown.
  const filters = (input as { Filters?: unknown }).Filters;
  if (type === 'cteos' && filters && typeof filters === 'object' && Object.hasOwn(filters, 'IsTaker')) {
    throw badRequest('service', 'unknown key "IsTaker": /v1/dfe/cteos has no role filter; it returns every role of the Owners', 'Filters.IsTaker');
  }
  const parsed = (type === 'cte' ? cteRequestSchema : cteOsRequestSchema).safeParse(input);
  if (!parsed.success) throw requestError(parsed.error.issues[0]!);
  return parsed.data;
}

/** R21: `fields` names spec 2.2's CT-e fields; without it, Xml and AccessKey. */
function projection(fields: string[] | undefined): CteField[] {
  if (!fields || fields.length === 0) return CTE_DEFAULT_FIELDS;
  for (const field of fields) {
    if (!(CTE_FIELDS as readonly string[]).includes(field)) {
      throw badRequest('service', `unknown field "${field}"; expected some of ${CTE_FIELDS.join(', ')}`, 'fields');
    }
  }
  return [...new Set(fields)] as CteField[];
}

function listRecords(ctx: RequestContext, type: CteLikeType): Reply {
  const request = parseRequest(type, ctx.json());
  const fields = projection(request.fields);
  const limit = pageSize(request.Limit);
  const anchor = anchorOf(request.Paginator);
  const matches = compileCteFilters((request.Filters ?? {}) as CteFilters);
  const records = ctx.store.docsOf(ctx.account.id, type).records as readonly CteLikeRecord[];
  const { page, total, paginator } = bodyPage(records, matches, limit, anchor);
  return ok({ Ctes: page.map((r) => toCteRecord(r, type, fields)), Paginator: paginator, Total: total });
}
