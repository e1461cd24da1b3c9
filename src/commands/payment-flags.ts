// Zod pieces the payment groups' list flags share (boletos, receipts): amounts and date ranges,
// checked before anything is sent, and how a range becomes the listing's `name[from]`... query.
import { z } from 'zod';
import type { RecordQuery } from '../api/records.js';
import { filterDateProblem, filterDateToMs } from '../fiscal/dates.js';
import { flagName } from './options.js';

export const amount = z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'expected an amount in reais like 1234.56');

/** The query of one range: `name[from]`/`name[to]` (dates) or `name[min]`/`name[max]` (amounts). */
export function rangeQuery(name: string, sides: [string, string], low: string | undefined, high: string | undefined): RecordQuery {
  const q: RecordQuery = {};
  if (low !== undefined) q[`${name}[${sides[0]}]`] = low;
  if (high !== undefined) q[`${name}[${sides[1]}]`] = high;
  return q;
}

/** `--<from>` not after `--<to>`, `--min-amount` not above `--max-amount`. */
export function checkOrder(ctx: z.RefinementCtx, pairs: [low: string | undefined, high: string | undefined, lowFlag: string, highFlag: string, dates: boolean][]): void {
  for (const [low, high, lowFlag, highFlag, dates] of pairs) {
    if (low === undefined || high === undefined) continue;
    if (dates && (filterDateProblem(low) || filterDateProblem(high))) continue;
    const after = dates ? filterDateToMs(low, 'from') > filterDateToMs(high, 'to') : Number(low) > Number(high);
    if (after) ctx.addIssue({ code: 'custom', path: [lowFlag], message: `${low} is after ${flagName(highFlag)} ${high}` });
  }
}
