// The NFS-e search plan: which endpoint answers a `search nfse` given in the client's words, and the
// request it gets. Pure; commands hand it options, never a body.
//
// POST /v1/dfe/nfse has every filter but no property expression; GET /v1/nfse/{role} has the
// expression (R17) but one role, owners and reception dates only. --filter picks the listing.
import { nfseFilters, type NfseSearchFilters } from './nfse.js';
import { planListingOrBody, type ListingOrBodyPlan, type ListingOrBodyRules } from './listing-plan.js';
import {
  NFSE_DEFAULT_FIELDS,
  NFSE_LIMIT_MAX,
  type NfseField,
  type NfseRole,
  type NfseSearchRequest,
} from './wire/nfse.js';

/** An NFS-e search: the filters in the client's words, and how much of what to list. */
export interface NfseSearch extends NfseSearchFilters {
  filter?: string | undefined;
  fields?: NfseField[] | undefined;
  limit?: number | undefined;
  all?: boolean | undefined;
}

/** Fields the listing can give: read from the XML it returns. */
const NFSE_V1_FIELDS: NfseField[] = ['document', 'xmlAbrasf'];

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
