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
} from '../../api/wire/mdfe.js';
import { UsageError } from '../../errors.js';
import { checkRanges, emissionMonth, propertyFilters } from '../shared/document-options.js';
import { planListingOrBody, type ListingOrBodyPlan, type ListingOrBodyRules } from '../shared/role-listing.js';

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
  flags: Omit<MdfeSearch, 'prop' | 'status'> & {
    prop?: string[] | undefined;
    status?: MdfeStatus[] | undefined;
    month?: string | undefined;
  },
): MdfeSearch {
  const o = emissionMonth(flags);
  checkRanges(o);
  const statuses = [...new Set(o.status ?? [])];
  if (statuses.length > 1) throw new UsageError('--status: one status at a time');
  const search: MdfeSearch = { ...o, status: statuses[0], prop: propertyFilters(o.prop) };
  for (const k of Object.keys(search) as (keyof MdfeSearch)[]) if (search[k] === undefined) delete search[k];
  return search;
}

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

export type MdfeSearchPlan = ListingOrBodyPlan<MdfeSearchRequest, MdfeRole, MdfeField>;

const RULES: ListingOrBodyRules<MdfeSearch, MdfeField> = {
  searchOnly: ['emitter', 'status', 'uf', 'plate', 'cte', 'nfe', 'from', 'to', 'tag', 'prop'],
  fields: MDFE_V1_FIELDS,
  defaultFields: MDFE_SEARCH_FIELDS.filter((f) => MDFE_V1_FIELDS.includes(f)),
  limitMax: MDFE_LIMIT_MAX,
};

export function planMdfeSearch(o: MdfeSearch, now: Date): MdfeSearchPlan {
  return planListingOrBody(o, RULES, now, (pageLimit) => ({
    Fields: o.fields ?? MDFE_SEARCH_FIELDS,
    Filters: mdfeFilters(o, now),
    Limit: pageLimit,
  }));
}
