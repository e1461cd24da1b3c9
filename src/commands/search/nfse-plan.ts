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
} from '../../api/wire/nfse.js';
import { filterDateProblem } from '../../fiscal/dates.js';
import { taxIdProblem } from '../../fiscal/tax-id.js';
import { checkRanges, emissionMonth, propertyFilters } from '../shared/document-options.js';
import { planListingOrBody, type ListingOrBodyPlan, type ListingOrBodyRules } from '../shared/role-listing.js';

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
export function nfseSearchOf(
  flags: Omit<NfseSearch, 'prop'> & { prop?: string[] | undefined; month?: string | undefined },
): NfseSearch {
  const o = emissionMonth(flags);
  checkRanges(o);
  const search: NfseSearch = { ...o, prop: propertyFilters(o.prop) };
  for (const k of Object.keys(search) as (keyof NfseSearch)[]) if (search[k] === undefined) delete search[k];
  return search;
}
/** Fields the listing can give: read from the XML it returns. */
export const NFSE_V1_FIELDS: NfseField[] = ['document', 'xmlAbrasf'];

export type NfseSearchPlan = ListingOrBodyPlan<NfseSearchRequest, NfseRole, NfseField>;

const RULES: ListingOrBodyRules<NfseSearch, NfseField> = {
  searchOnly: ['competence', 'canceled', 'taker', 'emitter', 'id', 'from', 'to', 'origin', 'prop'],
  fields: NFSE_V1_FIELDS,
  defaultFields: ['document'],
  limitMax: NFSE_LIMIT_MAX,
};

export function planNfseSearch(o: NfseSearch, now: Date): NfseSearchPlan {
  return planListingOrBody(o, RULES, now, (pageLimit) => ({
    fields: o.fields ?? NFSE_DEFAULT_FIELDS,
    filters: nfseFilters(o, now),
    limit: pageLimit,
  }));
}
