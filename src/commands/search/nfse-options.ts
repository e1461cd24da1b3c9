// The flags of `search nfse` turned into the search src/api/nfse-search.ts plans.
import * as z from 'zod';
import type { NfseSearch } from '../../api/nfse-search.js';
import { NFSE_ID } from '../../api/wire/nfse.js';
import { filterDateProblem } from '../../fiscal/dates.js';
import { taxIdProblem } from '../../fiscal/tax-id.js';
import { checkRanges, emissionMonth, propertyFilters } from '../shared/document-options.js';

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
