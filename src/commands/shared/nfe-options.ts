// The NF-e flags `search nfe` and `pull nfe` share, turned into one typed search (--month, --where,
// --prop resolved) that src/api/nfe-search.ts plans. Every problem across flags is a UsageError
// naming one.
import * as z from 'zod';
import type { NfeSearch } from '../../api/nfe-search.js';
import type { OptionsOf } from './define.js';
import { NFE_FILTER_FLAGS } from './document-flags.js';
import type { DOCUMENT_FLAGS, NFE_FIELDS_FLAG, NFE_KEY_FLAG, ROLE_FLAGS } from './document-flags.js';
import { checkRanges, DOCUMENT_PARSERS, emissionMonth, given, propertyFilters } from './document-options.js';
import { whereFilter } from './where.js';

/** Parsers of the `custom` NF-e flags (NFE_FILTER_FLAGS). */
export const NFE_PARSERS = {
  ...DOCUMENT_PARSERS,
  /** `100`, `100..200` or `100-200`. */
  number: z.string().transform((v, ctx) => {
    const m = /^(\d{1,9})(?:(?:\.\.|-)(\d{1,9}))?$/.exec(v.trim());
    if (!m) {
      ctx.addIssue({ code: 'custom', message: `expected a number or a range like 100..200, got "${v}"` });
      return z.NEVER;
    }
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) ctx.addIssue({ code: 'custom', message: `range ${from}..${to} is empty` });
    return { from, to };
  }),
};

/** The values of the NF-e flags a verb declares (`pull nfe` has no --key, --month, --fields...). */
type NfeFlagValues = Partial<OptionsOf<NfeFlags, typeof NFE_PARSERS>>;
type NfeFlags = typeof NFE_FILTER_FLAGS &
  Pick<typeof DOCUMENT_FLAGS, 'month' | 'limit' | 'all'> & {
    role: (typeof ROLE_FLAGS)['nfe'];
    key: typeof NFE_KEY_FLAG;
    fields: typeof NFE_FIELDS_FLAG;
  };

/** The filter flags nfeSearchOf composes rather than copies (--custom is --prop by then). */
type Composed = 'prop' | 'filter' | 'where' | 'whereMissing' | 'custom';
const COMPOSED: readonly string[] = ['prop', 'filter', 'where', 'whereMissing', 'custom'] satisfies Composed[];
type FilterFlag = keyof typeof NFE_FILTER_FLAGS;

/** What a search copies from the flags: every filter flag the verbs declare, and what to list. */
const NFE_SEARCH_KEYS = [
  'role',
  'key',
  ...(Object.keys(NFE_FILTER_FLAGS) as FilterFlag[]).filter(
    (k): k is Exclude<FilterFlag, Composed> => !COMPOSED.includes(k),
  ),
  'fields',
  'limit',
  'all',
] satisfies readonly (keyof NfeSearch)[];

/**
 * The search the flags ask for: --month is the emission window of that month (first to last day),
 * --where and --where-missing compose --filter, --prop items become property filters. Every
 * problem across flags is a UsageError naming one.
 */
export function nfeSearchOf(o: NfeFlagValues): NfeSearch {
  const search: NfeSearch = given(emissionMonth(o), NFE_SEARCH_KEYS);
  const filter = whereFilter(o);
  const prop = propertyFilters(o.prop);
  if (filter !== undefined) search.filter = filter;
  if (prop) search.prop = prop;
  checkRanges(search);
  return search;
}
