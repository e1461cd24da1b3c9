// The plan of a search answered by a type's v1 role listing (`--filter`, R17): what that listing
// cannot do is refused naming the flag, and the rest becomes its query (R11, R15). For the types
// whose body search has every filter but the expression (MDF-e, NFS-e), the whole plan: --filter
// picks the listing, anything else the body search.
import { listingQuery, type ListingFilters } from './document-filters.js';
import type { V1ListingQuery } from './wire/common.js';
import { flagName, UsageError } from '../errors.js';

/** The role listings take 14-digit CNPJs only (R8): a CPF owner is refused. */
export function cnpjOwnersOnly(owners: readonly string[] | undefined, listing: string): void {
  const cpf = owners?.find((v) => v.length !== 14);
  if (cpf) throw new UsageError(`--owner: ${listing} takes 14-digit CNPJs only, got "${cpf}"`);
}

interface RoleListingFlags extends ListingFilters {
  role?: string[] | undefined;
  fields?: string[] | undefined;
}

interface RoleListingRules<O> {
  /** Flags only the body search has. */
  searchOnly: readonly (keyof O)[];
  /** Fields the listing can show (read from the XML). */
  fields: readonly string[];
}

function roleListingQuery<O extends RoleListingFlags>(
  o: O,
  rules: RoleListingRules<O>,
  limit: number | undefined,
  now: Date,
): { role: string; query: V1ListingQuery } {
  const other = rules.searchOnly.find((k) => o[k] !== undefined);
  if (other) {
    throw new UsageError(`--filter needs the role listing, which has no ${flagName(String(other))} filter`, {
      details: ['run two searches, or express the condition as a custom property (--filter)'],
    });
  }
  const roles = [...new Set(o.role ?? [])];
  if (roles.length !== 1)
    throw new UsageError(`--role: --filter lists one role at a time, got ${roles.length ? roles.join(',') : 'none'}`);
  cnpjOwnersOnly(o.owner, 'the role listing');
  const unavailable = o.fields?.find((f) => !rules.fields.includes(f));
  if (unavailable)
    throw new UsageError(
      `--fields: ${unavailable} is not available with --filter; the role listing gives ${rules.fields.join(', ')}`,
    );
  return { role: roles[0]!, query: listingQuery(o, limit, now) };
}

/** How many records a search lists without --limit or --all. */
const DEFAULT_LIMIT = 50;

export interface ListingOrBodyRules<O, F extends string> extends RoleListingRules<O> {
  fields: readonly F[];
  /** The fields the listing shows without --fields. */
  defaultFields: F[];
  /** The most records one page of the body search may ask for. */
  limitMax: number;
}

export type ListingOrBodyPlan<Request, Role extends string, F extends string> =
  | { api: 'search'; request: Request; limit: number | undefined }
  | { api: 'v1'; role: Role; query: V1ListingQuery; limit: number | undefined; fields: F[] };

interface ListingOrBodyFlags<F extends string> extends RoleListingFlags {
  fields?: F[] | undefined;
  limit?: number | undefined;
  all?: boolean | undefined;
}

/**
 * The listing's plan for --filter, else the body search's: `request` builds its body for a page of
 * at most `pageLimit` records, the smaller of --limit and the body search's most.
 */
export function planListingOrBody<O extends ListingOrBodyFlags<F>, F extends string, Role extends string, Request>(
  o: O,
  rules: ListingOrBodyRules<O, F>,
  now: Date,
  request: (pageLimit: number) => Request,
): ListingOrBodyPlan<Request, Role, F> {
  const limit = o.all ? undefined : (o.limit ?? DEFAULT_LIMIT);
  if (o.filter === undefined)
    return { api: 'search', request: request(Math.min(limit ?? rules.limitMax, rules.limitMax)), limit };
  const { role, query } = roleListingQuery(o, rules, limit, now);
  return { api: 'v1', role: role as Role, query, limit, fields: o.fields ?? rules.defaultFields };
}
