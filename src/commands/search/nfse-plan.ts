// Which endpoint answers a `search nfse`, and the request it gets. Pure.
//
// POST /v1/dfe/nfse has every filter but no property expression; GET /v1/nfse/{role} has the
// expression (R17) but one role, owners and reception dates only. --filter picks the listing.
import { z } from 'zod';
import { nfseFilters, type NfseSearchFilters } from '../../api/nfse.js';
import {
  NFSE_DEFAULT_FIELDS,
  NFSE_ID,
  NFSE_LIMIT_MAX,
  type NfseField,
  type NfseRole,
  type NfseSearchRequest,
  type NfseV1Query,
} from '../../api/wire/nfse.js';
import { filterDateProblem } from '../../fiscal/dates.js';
import { taxIdProblem } from '../../fiscal/tax-id.js';
import { checkRanges, propertyFilters } from '../shared/document-options.js';
import { roleListingQuery } from '../shared/role-listing.js';

/** Parsers of the `custom` flags of `search nfse`. */
export const NFSE_PARSERS = {
  /** R10: `<owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>`, tax ids with their check digits and a real date. */
  id: z.string().superRefine((v, ctx) => {
    const m = NFSE_ID.exec(v);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: `expected <owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>, got "${v}"` });
      return;
    }
    const problem = taxIdProblem(m[1]!) ?? taxIdProblem(m[2]!) ?? filterDateProblem(m[3]!);
    if (problem) ctx.addIssue({ code: 'custom', message: `"${v}": ${problem}` });
  }),
};

/** An NFS-e search: the filters in the client's words, and how much of what to list. */
export interface NfseSearch extends NfseSearchFilters {
  filter?: string | undefined;
  fields?: NfseField[] | undefined;
  limit?: number | undefined;
  all?: boolean | undefined;
}

/** The search the flags ask for; every problem across flags is a UsageError naming one. */
export function nfseSearchOf(o: Omit<NfseSearch, 'prop'> & { prop?: string[] | undefined }): NfseSearch {
  checkRanges(o);
  const search: NfseSearch = { ...o, prop: propertyFilters(o.prop) };
  for (const k of Object.keys(search) as (keyof NfseSearch)[]) if (search[k] === undefined) delete search[k];
  return search;
}
export const DEFAULT_LIMIT = 50;
/** Fields the listing can give: read from the XML it returns. */
export const NFSE_V1_FIELDS: NfseField[] = ['document', 'xmlAbrasf'];

export type NfseSearchPlan =
  | { api: 'search'; request: NfseSearchRequest; limit: number | undefined }
  | { api: 'v1'; role: NfseRole; query: NfseV1Query; limit: number | undefined; fields: NfseField[] };

const SEARCH_ONLY: (keyof NfseSearch)[] = [
  'competence',
  'canceled',
  'taker',
  'emitter',
  'id',
  'from',
  'to',
  'origin',
  'prop',
];

export function planNfseSearch(o: NfseSearch, now: Date): NfseSearchPlan {
  const limit = o.all ? undefined : (o.limit ?? DEFAULT_LIMIT);
  if (o.filter !== undefined) return planV1(o, limit, now);
  const f = nfseFilters(o, now);
  return {
    api: 'search',
    request: {
      fields: o.fields ?? NFSE_DEFAULT_FIELDS,
      filters: f,
      limit: Math.min(limit ?? NFSE_LIMIT_MAX, NFSE_LIMIT_MAX),
    },
    limit,
  };
}

function planV1(o: NfseSearch, limit: number | undefined, now: Date): NfseSearchPlan {
  const { role, query } = roleListingQuery(o, { searchOnly: SEARCH_ONLY, fields: NFSE_V1_FIELDS }, limit, now);
  return { api: 'v1', role: role as NfseRole, query, limit, fields: o.fields ?? ['document'] };
}
