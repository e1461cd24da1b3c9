// zod pieces shared by the options of the `search` verbs (and `pull`): CNPJ/CPF with check digits
// (R8), filter dates (R9), access keys of one model (R7), booleans, name=value properties (R23)
// and property expressions (R17). Each issue says what is wrong; parseWith names the flag.
import { z } from 'zod';
import { MODELS, accessKeyProblem, parseAccessKey, type ModelCode } from '../../fiscal/access-key.js';
import { filterDateProblem, filterDateToMs } from '../../fiscal/dates.js';
import { parsePropertyFilter } from '../../fiscal/property-filter.js';
import { taxIdProblem } from '../../fiscal/tax-id.js';

export const taxIds = z.array(z.string()).superRefine((values, ctx) => {
  for (const v of values) {
    const problem = taxIdProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: `"${v}": ${problem}` });
  }
});

export const date = z.string().superRefine((v, ctx) => {
  const problem = filterDateProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: `"${v}": ${problem}` });
});

export const bool = z.union([z.boolean(), z.string()]).transform((v, ctx) => {
  if (typeof v === 'boolean') return v;
  const s = v.toLowerCase();
  if (['true', 'yes', '1'].includes(s)) return true;
  if (['false', 'no', '0'].includes(s)) return false;
  ctx.addIssue({ code: 'custom', message: `expected true or false, got "${v}"` });
  return z.NEVER;
});

/** Access keys with the R7 check digit, of the model `model` only. */
export function keysOf(model: ModelCode, kind: string) {
  return z.array(z.string()).superRefine((values, ctx) => {
    for (const v of values) {
      const problem = accessKeyProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: `"${v}": ${problem}` });
      else if (parseAccessKey(v).model !== model) {
        const other = parseAccessKey(v).model as ModelCode;
        ctx.addIssue({ code: 'custom', message: `"${v}" is a key of model ${other} (${MODELS[other] ?? 'unknown'}), not an ${kind} (${model})` });
      }
    }
  });
}

/** `name=value` items; one name given twice is any of its values (R23). */
export const properties = z.array(z.string()).transform((values, ctx) => {
  const byName = new Map<string, string[]>();
  for (const v of values) {
    const eq = v.indexOf('=');
    if (eq <= 0) {
      ctx.addIssue({ code: 'custom', message: `expected name=value, got "${v}"` });
      continue;
    }
    const name = v.slice(0, eq);
    byName.set(name, [...(byName.get(name) ?? []), v.slice(eq + 1)]);
  }
  return [...byName].map(([Name, Values]) => ({ Name, Values }));
});

/** R17: a property expression, checked before it is sent. */
export const propertyFilter = z.string().superRefine((v, ctx) => {
  try {
    parsePropertyFilter(v);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: `malformed expression: ${(e as Error).message}` });
  }
});

export const limit = z.coerce.number().int('expected a whole number').positive('expected a positive number');

/** Values of one of `choices`, case-insensitive, returned as spelled in `choices`. */
export function oneOf<T extends string>(choices: readonly T[], what: string) {
  return z.array(z.string()).transform((values, ctx) =>
    values.map((v) => {
      const found = choices.find((c) => c.toLowerCase() === v.toLowerCase());
      if (!found) ctx.addIssue({ code: 'custom', message: `unknown ${what} "${v}"; use ${choices.join(', ')}` });
      return found as T;
    }),
  );
}

/** Flags a search reads: date ranges in order, --all without --limit. */
export function checkRanges(o: { from?: string | undefined; to?: string | undefined; createdFrom?: string | undefined; createdTo?: string | undefined; all?: boolean | undefined; limit?: number | undefined }, ctx: z.RefinementCtx): void {
  const order = (a: string | undefined, b: string | undefined, flagA: string, flagB: string) => {
    if (a && b && !filterDateProblem(a) && !filterDateProblem(b) && filterDateToMs(a, 'from') > filterDateToMs(b, 'to')) {
      ctx.addIssue({ code: 'custom', path: [flagA], message: `${a} is after --${flagB} ${b}` });
    }
  };
  order(o.from, o.to, 'from', 'to');
  order(o.createdFrom, o.createdTo, 'createdFrom', 'created-to');
  if (o.all && o.limit !== undefined) ctx.addIssue({ code: 'custom', path: ['all'], message: 'use either --all or --limit' });
}
