// Zod pieces the record groups' list flags share (boletos, receipts, invoices, utility bills):
// codes, months, amounts, and ranges, checked before anything is sent; and how a range becomes the
// listing's `name[from]`/`name[to]` or `name[min]`/`name[max]` query. Errors name the value;
// parseWith adds the flag.
import { z } from 'zod';
import type { RecordQuery } from '../../api/records.js';
import { filterDateProblem, filterDateToMs } from '../../fiscal/dates.js';
import { flagName } from '../options.js';

const pattern = (re: RegExp, what: string) =>
  z.string().transform((v, ctx) => {
    const value = v.trim();
    if (re.test(value)) return value;
    ctx.addIssue({ code: 'custom', message: `expected ${what}, got "${v}"` });
    return z.NEVER;
  });

export const codes = (re: RegExp, what: string) => z.array(pattern(re, what));
export const upperCodes = (length: number, what: string) =>
  z.array(z.string().transform((v) => v.trim().toUpperCase())).pipe(codes(new RegExp(`^[A-Z]{${length}}$`), what));
export const amount = pattern(/^\d{1,13}(\.\d{1,2})?$/, 'an amount in reais like 1234.56');
export { month } from '../shared/values.js';

/** The query of one range: `name[from]`/`name[to]` (dates) or `name[min]`/`name[max]` (amounts). */
export function rangeQuery(name: string, sides: [string, string], low: string | undefined, high: string | undefined): RecordQuery {
  const q: RecordQuery = {};
  if (low !== undefined) q[`${name}[${sides[0]}]`] = low;
  if (high !== undefined) q[`${name}[${sides[1]}]`] = high;
  return q;
}

/** `--<from>` not after `--<to>`, `--min-…` not above `--max-…`. */
export function checkOrder(ctx: z.RefinementCtx, pairs: [low: string | undefined, high: string | undefined, lowFlag: string, highFlag: string, dates: boolean][]): void {
  for (const [low, high, lowFlag, highFlag, dates] of pairs) {
    if (low === undefined || high === undefined) continue;
    if (dates && (filterDateProblem(low) || filterDateProblem(high))) continue;
    const after = dates ? filterDateToMs(low, 'from') > filterDateToMs(high, 'to') : Number(low) > Number(high);
    if (after) ctx.addIssue({ code: 'custom', path: [lowFlag], message: `${low} is after ${flagName(highFlag)} ${high}` });
  }
}
