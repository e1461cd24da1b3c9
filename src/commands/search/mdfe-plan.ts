// Which endpoint answers a `search mdfe`, and the request it gets. Pure. POST /v1/dfe/mdfe has
// every filter; --filter (a property expression, R17) needs GET /v1/mdfe/{role}.
import { MDFE_LIMIT_MAX, type MdfeField, type MdfeFilters, type MdfeRole, type MdfeSearchRequest, type MdfeV1Query } from '../../api/wire/mdfe.js';
import { commonBodyFilters } from './body-filters.js';
import type { MdfeSearchOptions } from './mdfe-options.js';
import { roleListingQuery } from './role-listing.js';

export const DEFAULT_LIMIT = 50;
export const MDFE_SEARCH_FIELDS: MdfeField[] = ['AccessKey', 'Number', 'EmissionDate', 'CreatedAt', 'Emitter', 'Status', 'Document', 'Owner', 'OwnerRole'];
/** What the role listing can give: the XML, its events, and what is read from them. */
export const MDFE_V1_FIELDS: MdfeField[] = ['AccessKey', 'Number', 'EmissionDate', 'Emitter', 'Status', 'OwnerRole', 'Events', 'Xml'];

export type MdfeSearchPlan =
  | { api: 'search'; request: MdfeSearchRequest; limit: number | undefined }
  | { api: 'v1'; role: MdfeRole; query: MdfeV1Query; limit: number | undefined; fields: MdfeField[] };

const SEARCH_ONLY: (keyof MdfeSearchOptions)[] = ['emitter', 'status', 'uf', 'plate', 'cte', 'nfe', 'from', 'to', 'tag', 'prop'];

export function planMdfeSearch(o: MdfeSearchOptions, now: Date): MdfeSearchPlan {
  const limit = o.all ? undefined : (o.limit ?? DEFAULT_LIMIT);
  if (o.filter !== undefined) return planV1(o, limit, now);
  const f: MdfeFilters = commonBodyFilters(o, now);
  if (o.role) f.OwnerRoles = [...new Set(o.role)];
  if (o.status) f.Status = o.status[0]!;
  if (o.uf) f.Ufs = o.uf;
  if (o.plate) f.Plate = o.plate;
  if (o.cte) f.Ctes = o.cte;
  if (o.nfe) f.Nfes = o.nfe;
  if (o.tag) f.Tags = o.tag;
  if (o.prop) f.CustomData = o.prop;
  return {
    api: 'search',
    request: { Fields: o.fields ?? MDFE_SEARCH_FIELDS, Filters: f, Limit: Math.min(limit ?? MDFE_LIMIT_MAX, MDFE_LIMIT_MAX) },
    limit,
  };
}

function planV1(o: MdfeSearchOptions, limit: number | undefined, now: Date): MdfeSearchPlan {
  const { role, query } = roleListingQuery(o, { searchOnly: SEARCH_ONLY, fields: MDFE_V1_FIELDS }, limit, now);
  const fields = o.fields ?? MDFE_SEARCH_FIELDS.filter((f) => MDFE_V1_FIELDS.includes(f));
  return { api: 'v1', role: role as MdfeRole, query, limit, fields };
}

