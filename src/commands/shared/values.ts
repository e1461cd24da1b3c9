// Zod pieces the options of every command share: tax ids, dates and months as people write them
// (one parser each), booleans, access keys of a model, field lists and the R17 expression. Errors
// name the value; parseWith adds the flag.
import * as z from 'zod';
import {
  accessKeyProblem,
  badAccessKey,
  modelName,
  parseAccessKey,
  pastedAccessKey,
  MODELS,
} from '../../fiscal/access-key.js';
import { NOW, readDate, readMonth } from '../../fiscal/dates.js';
import { parsePropertyFilter } from '../../fiscal/property-filter.js';
import { readTaxId } from '../../fiscal/tax-id.js';

/** One parse of `read`, an issue naming the value when it fails. */
const readWith = (read: (raw: string) => { value: string } | { problem: string }) =>
  z.string().transform((v, ctx) => {
    const r = read(v);
    if ('value' in r) return r.value;
    ctx.addIssue({ code: 'custom', message: `"${v}": ${r.problem}` });
    return z.NEVER;
  });

/** A CNPJ or CPF as people write it (digits or masked), given back as digits. */
export const taxId = readWith((v) => readTaxId(v, 'either'));
/** A CNPJ as people write it (digits or 12.345.678/0001-95), given back as digits. */
export const cnpj = readWith((v) => readTaxId(v, 'cnpj'));

/** A date (and time) as people write it, given back as `YYYY-MM-DD[ hh:mm:ss]`. */
export const date = readWith((v) => (v.trim() === NOW ? { problem: 'only --created-to takes "now"' } : readDate(v)));
/** --created-to: a date as above, or `now` (the service's public documentation accepts it). */
export const createdTo = readWith((v) => (v.trim() === NOW ? { value: NOW } : readDate(v)));
/** A day without time (`YYYY-MM-DD` or dd/mm/yyyy), given back as `YYYY-MM-DD`. */
export const day = readWith((v) => readDate(v, false));
/** A month (`YYYY-MM` or MM/YYYY), given back as `YYYY-MM`. */
export const month = readWith(readMonth);

export const bool = z.union([z.boolean(), z.string()]).transform((v, ctx) => {
  if (typeof v === 'boolean') return v;
  const s = v.toLowerCase();
  if (['true', 'yes', '1'].includes(s)) return true;
  if (['false', 'no', '0'].includes(s)) return false;
  ctx.addIssue({ code: 'custom', message: `expected true or false, got "${v}"` });
  return z.NEVER;
});

type Model = keyof typeof MODELS;

/** A valid access key (R7) of one of `models`. */
export function accessKey(models: readonly Model[]) {
  return z
    .string()
    .transform(pastedAccessKey)
    .superRefine((v, ctx) => {
      const problem = accessKeyProblem(v);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: badAccessKey(v, problem) });
        return;
      }
      const model = parseAccessKey(v).model as Model;
      if (!models.includes(model)) {
        const wanted = models.map((m) => `${modelName(m)} (${m})`).join(' or ');
        ctx.addIssue({
          code: 'custom',
          message: `"${v}" is a key of model ${model} (${MODELS[model] ?? 'unknown'}), not ${wanted}`,
        });
      }
    });
}

/** An R17 expression, checked before anything is sent. */
export const propertyExpression = z.string().superRefine((v, ctx) => {
  try {
    parsePropertyFilter(v);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: `malformed expression: ${(e as Error).message}` });
  }
});

/**
 * A request quota, `<requests>/[<n>]<s|min>`: 30/5s, 60/min, 5/s. One grammar for the emulator's
 * limit and the pull's knowledge of the account's quota.
 */
export const rateLimit = z
  .string()
  .regex(/^[1-9]\d{0,5}\/([1-9]\d{0,4})?(s|min)$/, 'expected <requests>/[<n>]<s|min>, e.g. 30/5s, 60/min or 5/s')
  .transform((text) => {
    const [, limit, count, unit] = /^(\d+)\/(\d*)(s|min)$/.exec(text)!;
    return { limit: Number(limit), windowMs: (unit === 'min' ? 60_000 : 1_000) * Number(count || 1) };
  });
