// Parsers and checks the record groups' list verbs share (boletos, receipts, invoices, utility
// bills), for their `custom` flags: amounts kept as the decimal the listing takes, ISO codes, and
// ranges in order, checked before anything is sent. Errors name the value; verb.ts adds the flag.
import * as z from 'zod';
import { UsageError } from '../../errors.js';
import { filterDateProblem, filterDateToMs } from '../../fiscal/dates.js';
import { flagName } from './define.js';

const pattern = (re: RegExp, what: string) =>
  z.string().transform((v, ctx) => {
    const value = v.trim();
    if (re.test(value)) return value;
    ctx.addIssue({ code: 'custom', message: `expected ${what}, got "${v}"` });
    return z.NEVER;
  });

/** Reais with a point and at most two decimals (`1234.56`), sent as written. */
export const amount = pattern(/^\d{1,13}(\.\d{1,2})?$/, 'an amount in reais like 1234.56');

/** An upper-case code of `length` letters (`us` is `US`). */
export const upperCode = (length: number, what: string) =>
  z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(pattern(new RegExp(`^[A-Z]{${length}}$`), what));

type Range = [low: string | undefined, high: string | undefined, lowFlag: string, highFlag: string];

/** `--<x>-from` not after `--<x>-to` (dates): a UsageError naming the first flag. */
export function checkDateOrder(...ranges: Range[]): void {
  for (const [low, high, lowFlag, highFlag] of ranges) {
    if (low === undefined || high === undefined || filterDateProblem(low) || filterDateProblem(high)) continue;
    if (filterDateToMs(low, 'from') > filterDateToMs(high, 'to')) throw afterError(low, high, lowFlag, highFlag);
  }
}

/** `--min-…` not above `--max-…` (amounts). */
export function checkAmountOrder(...ranges: Range[]): void {
  for (const [low, high, lowFlag, highFlag] of ranges) {
    if (low !== undefined && high !== undefined && Number(low) > Number(high))
      throw afterError(low, high, lowFlag, highFlag);
  }
}

const afterError = (low: string, high: string, lowFlag: string, highFlag: string) =>
  new UsageError(`${flagName(lowFlag)}: ${low} is after ${flagName(highFlag)} ${high}`);
