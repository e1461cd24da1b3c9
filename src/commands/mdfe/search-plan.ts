// Which endpoint answers a `search mdfe`, and the request it gets. Pure. POST /v1/dfe/mdfe has
// every filter; --filter (a property expression, R17) needs GET /v1/mdfe/{role}.
import { z } from 'zod';
import { mdfeFilters, type MdfeSearchFilters } from '../../api/mdfe.js';
import {
  MDFE_LIMIT_MAX,
  type MdfeField,
  type MdfeRole,
  type MdfeSearchRequest,
  type MdfeStatus,
  type MdfeV1Query,
} from '../../api/wire/mdfe.js';
import { UsageError } from '../../errors.js';
import { checkRanges, propertyFilters } from '../shared/document-options.js';
import { roleListingQuery } from '../shared/role-listing.js';

/** Parsers of the `custom` flags of `search mdfe`. */
export const MDFE_PARSERS = {
  /** Brazilian plates: old AAA9999 and Mercosul AAA9A99, given back without blanks or dashes, upper case. */
  plate: z.string().transform((v, ctx) => {
    const plate = v.replace(/[\s-]/g, '').toUpperCase();
    if (!/^[A-Z]{3}\d[A-Z0-9]\d{2}$/.test(plate))
      ctx.addIssue({ code: 'custom', message: `"${v}" is not a plate (AAA9999 or AAA9A99)` });
    return plate;
  }),
};

/** An MDF-e search: the filters in the client's words, and how much of what to list. */
export interface MdfeSearch extends MdfeSearchFilters {
  filter?: string | undefined;
  fields?: MdfeField[] | undefined;
  limit?: number | undefined;
  all?: boolean | undefined;
}

/** The search the flags ask for; every problem across flags is a UsageError naming one. */
export function mdfeSearchOf(
  o: Omit<MdfeSearch, 'prop' | 'status'> & { prop?: string[] | undefined; status?: MdfeStatus[] | undefined },
): MdfeSearch {
  checkRanges(o);
  const statuses = [...new Set(o.status ?? [])];
  if (statuses.length > 1) throw new UsageError('--status: one status at a time');
  const search: MdfeSearch = { ...o, status: statuses[0], prop: propertyFilters(o.prop) };
  for (const k of Object.keys(search) as (keyof MdfeSearch)[]) if (search[k] === undefined) delete search[k];
  return search;
}

export const DEFAULT_LIMIT = 50;
export const MDFE_SEARCH_FIELDS: MdfeField[] = [
  'AccessKey',
  'Number',
  'EmissionDate',
  'CreatedAt',
  'Emitter',
  'Status',
  'Document',
  'Owner',
  'OwnerRole',
];
/** What the role listing can give: the XML, its events, and what is read from them. */
export const MDFE_V1_FIELDS: MdfeField[] = [
  'AccessKey',
  'Number',
  'EmissionDate',
  'Emitter',
  'Status',
  'OwnerRole',
  'Events',
  'Xml',
];

export type MdfeSearchPlan =
  | { api: 'search'; request: MdfeSearchRequest; limit: number | undefined }
  | { api: 'v1'; role: MdfeRole; query: MdfeV1Query; limit: number | undefined; fields: MdfeField[] };

const SEARCH_ONLY: (keyof MdfeSearch)[] = [
  'emitter',
  'status',
  'uf',
  'plate',
  'cte',
  'nfe',
  'from',
  'to',
  'tag',
  'prop',
];

export function planMdfeSearch(o: MdfeSearch, now: Date): MdfeSearchPlan {
  const limit = o.all ? undefined : (o.limit ?? DEFAULT_LIMIT);
  if (o.filter !== undefined) return planV1(o, limit, now);
  const f = mdfeFilters(o, now);
  return {
    api: 'search',
    request: {
      Fields: o.fields ?? MDFE_SEARCH_FIELDS,
      Filters: f,
      Limit: Math.min(limit ?? MDFE_LIMIT_MAX, MDFE_LIMIT_MAX),
    },
    limit,
  };
}

function planV1(o: MdfeSearch, limit: number | undefined, now: Date): MdfeSearchPlan {
  const { role, query } = roleListingQuery(o, { searchOnly: SEARCH_ONLY, fields: MDFE_V1_FIELDS }, limit, now);
  const fields = o.fields ?? MDFE_SEARCH_FIELDS.filter((f) => MDFE_V1_FIELDS.includes(f));
  return { api: 'v1', role: role as MdfeRole, query, limit, fields };
}
