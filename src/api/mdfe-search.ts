// The MDF-e search plan: which endpoint answers a `search mdfe` given in the client's words, and the
// request it gets. Pure; commands hand it options, never a body. POST /v1/dfe/mdfe has every
// filter; --filter (a property expression, R17) needs GET /v1/mdfe/{role}.
import { mdfeFilters, type MdfeSearchFilters } from './mdfe.js';
import { planListingOrBody, type ListingOrBodyPlan, type ListingOrBodyRules } from './listing-plan.js';
import { MDFE_LIMIT_MAX, type MdfeField, type MdfeRole, type MdfeSearchRequest } from './wire/mdfe.js';

/** An MDF-e search: the filters in the client's words, and how much of what to list. */
export interface MdfeSearch extends MdfeSearchFilters {
  filter?: string | undefined;
  fields?: MdfeField[] | undefined;
  limit?: number | undefined;
  all?: boolean | undefined;
}

const MDFE_SEARCH_FIELDS: MdfeField[] = [
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
const MDFE_V1_FIELDS: MdfeField[] = [
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
