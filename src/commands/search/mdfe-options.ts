// The flags of `search mdfe` turned into the search src/api/mdfe-search.ts plans.
import * as z from 'zod';
import type { MdfeSearch } from '../../api/mdfe-search.js';
import type { MdfeStatus } from '../../api/wire/mdfe.js';
import { UsageError } from '../../errors.js';
import { checkRanges, emissionMonth, propertyFilters } from '../shared/document-options.js';

/** Parsers of the `custom` flags of `search mdfe`. */
export const MDFE_PARSERS = {
  /** Brazilian plates: old AAA9999 and Mercosul AAA9A99, given back without blanks or dashes, upper case. */
  plate: z.string().transform((v, ctx) => {
    const plate = v.replace(/[\s-]/g, '').toUpperCase();
    if (!/^[A-Z]{3}\d[A-Z0-9]\d{2}$/.test(plate))
      ctx.addIssue({ code: 'custom', message: `"${v}" is not a plate (AAA9999 or AAA9A99)` });
    return plate;
  }),
};

/** The search the flags ask for; every problem across flags is a UsageError naming one. */
export function mdfeSearchOf(
  flags: Omit<MdfeSearch, 'prop' | 'status'> & {
    prop?: string[] | undefined;
    status?: MdfeStatus[] | undefined;
    month?: string | undefined;
  },
): MdfeSearch {
  const o = emissionMonth(flags);
  checkRanges(o);
  const statuses = [...new Set(o.status ?? [])];
  if (statuses.length > 1) throw new UsageError('--status: one status at a time');
  const search: MdfeSearch = { ...o, status: statuses[0], prop: propertyFilters(o.prop) };
  for (const k of Object.keys(search) as (keyof MdfeSearch)[]) if (search[k] === undefined) delete search[k];
  return search;
}
