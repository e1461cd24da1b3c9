// The flags of `search cte` / `search cteos` turned into the search src/api/cte-search.ts plans.
import type { CteKind } from '../../api/cte.js';
import type { CteSearch } from '../../api/cte-search.js';
import { UsageError } from '../../errors.js';
import { checkRanges, emissionMonth, propertyFilters } from '../shared/document-options.js';

/** The flags' values, checked: what CteSearch holds, properties still `name=value`. */
type CteFlagValues = Omit<CteSearch, 'kind' | 'prop'> & {
  prop?: string[] | undefined;
  month?: string | undefined;
};

/** The search the flags ask for; every problem across flags is a UsageError naming one. */
export function cteSearchOf(kind: CteKind, flags: CteFlagValues): CteSearch {
  const o = emissionMonth(flags);
  checkRanges(o);
  if (o.notTaker && o.role) throw new UsageError('--not-taker: use --role alone (--not-taker is its old spelling)');
  const search: CteSearch = {
    ...o,
    kind,
    role: o.role && [...new Set(o.role)],
    taker: o.taker && [...new Set(o.taker)],
    cteType: o.cteType && [...new Set(o.cteType)],
    prop: propertyFilters(o.prop),
  };
  // Absent flags are absent keys: the plan tells a filter given from one not.
  for (const k of Object.keys(search) as (keyof CteSearch)[]) if (search[k] === undefined) delete search[k];
  return search;
}
