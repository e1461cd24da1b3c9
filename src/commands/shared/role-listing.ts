// The plan of a search answered by a type's v1 role listing (`--filter`, R17): what that listing
// cannot do is refused naming the flag, and the rest becomes its query (R11, R15).
import { listingQuery, type ListingFilters } from '../../api/document-filters.js';
import type { V1ListingQuery } from '../../api/wire/common.js';
import { UsageError } from '../../errors.js';
import { flagName } from './define.js';
import { cnpjOwnersOnly } from './document-options.js';

export interface RoleListingFlags extends ListingFilters {
  role?: string[] | undefined;
  fields?: string[] | undefined;
}

export interface RoleListingRules<O> {
  /** Flags only the body search has. */
  searchOnly: readonly (keyof O)[];
  /** Fields the listing can show (read from the XML). */
  fields: readonly string[];
}

export function roleListingQuery<O extends RoleListingFlags>(
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
