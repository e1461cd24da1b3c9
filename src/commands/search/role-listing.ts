// The plan of a search answered by a type's v1 role listing (`--filter`, R17): what that listing
// cannot do is refused naming the flag, and the rest becomes its query (R11, R15).
import type { V1ListingQuery } from '../../api/wire/common.js';
import { V1_LIMIT_MAX } from '../../api/wire/nfe.js';
import { UsageError } from '../../errors.js';
import { brasiliaDateTime } from '../../fiscal/dates.js';
import { flagOf } from './write-records.js';

export interface RoleListingFlags {
  role?: string[] | undefined;
  owner?: string[] | undefined;
  filter?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  fields?: string[] | undefined;
}

export interface RoleListingRules<O> {
  /** Flags only the body search has. */
  searchOnly: readonly (keyof O)[];
  /** Fields the listing can show (read from the XML). */
  fields: readonly string[];
}

export function roleListingQuery<O extends RoleListingFlags>(o: O, rules: RoleListingRules<O>, limit: number | undefined, now: Date): { role: string; query: V1ListingQuery } {
  const other = rules.searchOnly.find((k) => o[k] !== undefined);
  if (other) {
    throw new UsageError(`--filter needs the role listing, which has no ${flagOf(String(other))} filter`, {
      details: ['run two searches, or express the condition as a custom property (--filter)'],
    });
  }
  const roles = [...new Set(o.role ?? [])];
  if (roles.length !== 1) throw new UsageError(`--role: --filter lists one role at a time, got ${roles.length ? roles.join(',') : 'none'}`);
  const cpf = o.owner?.find((v) => v.length !== 14);
  if (cpf) throw new UsageError(`--owner: the role listing takes 14-digit CNPJs only, got "${cpf}"`);
  const unavailable = o.fields?.find((f) => !rules.fields.includes(f));
  if (unavailable) throw new UsageError(`--fields: ${unavailable} is not available with --filter; the role listing gives ${rules.fields.join(', ')}`);
  return { role: roles[0]!, query: listingQuery(o, limit, now) };
}

/** The query of a v1 role listing from the flags it has (R11, R15-R17). */
export function listingQuery(o: RoleListingFlags & { key?: string[] | undefined }, limit: number | undefined, now: Date): V1ListingQuery {
  const query: V1ListingQuery = { limit: Math.min(limit ?? V1_LIMIT_MAX, V1_LIMIT_MAX) };
  if (o.key) query.accessKeys = o.key;
  if (o.owner) query.cnpjs = o.owner;
  if (o.filter) query.filter = o.filter;
  // R15: the two created_at bounds go together; an open side becomes the epoch or now.
  if (o.createdFrom || o.createdTo) {
    query.createdFrom = o.createdFrom ?? '2000-01-01';
    query.createdTo = o.createdTo ?? brasiliaDateTime(now);
  }
  return query;
}
