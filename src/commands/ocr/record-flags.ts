// Zod pieces the record-group listings share: codes (ISO country, currency, month) and amounts.
// Errors name the value; parseWith adds the flag.
import { z } from 'zod';

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
export const amount = pattern(/^\d{1,13}(\.\d{1,2})?$/, 'an amount like 1234.56');
export const month = pattern(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as yyyy-mm');

/** `name[from]` / `name[to]` of a record listing, from a pair of flags. */
export function range(name: string, low: 'from' | 'min', from: string | undefined, to: string | undefined): Record<string, string> {
  const high = low === 'from' ? 'to' : 'max';
  return { ...(from === undefined ? {} : { [`${name}[${low}]`]: from }), ...(to === undefined ? {} : { [`${name}[${high}]`]: to }) };
}
