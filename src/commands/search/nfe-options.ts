// Options of `search nfe`: raw commander values -> typed, validated options (nothing is sent on error).
import { z } from 'zod';
import { NFE_ROLES, NFE_ROLE_ALIASES, NFE_V2_FIELDS, type NfeRole, type NfeV2Field } from '../../api/wire/nfe.js';
import { accessKeyProblem, parseAccessKey, MODELS } from '../../fiscal/access-key.js';
import { filterDateProblem, filterDateToMs } from '../../fiscal/dates.js';
import { taxIdProblem } from '../../fiscal/tax-id.js';
import { parsePropertyFilter } from '../../fiscal/property-filter.js';
import { parseWith } from '../options.js';

const FIN_NAMES: Record<string, string> = { normal: '1', complementary: '2', adjustment: '3', return: '4', credit: '5', debit: '6' };

const taxIds = z.array(z.string()).superRefine((values, ctx) => {
  for (const v of values) {
    const problem = taxIdProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: `"${v}": ${problem}` });
  }
});

const date = z.string().superRefine((v, ctx) => {
  const problem = filterDateProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: `"${v}": ${problem}` });
});

const bool = z
  .union([z.boolean(), z.string()])
  .transform((v, ctx) => {
    if (typeof v === 'boolean') return v;
    const s = v.toLowerCase();
    if (['true', 'yes', '1'].includes(s)) return true;
    if (['false', 'no', '0'].includes(s)) return false;
    ctx.addIssue({ code: 'custom', message: `expected true or false, got "${v}"` });
    return z.NEVER;
  });

const roles = z.array(z.string()).transform((values, ctx) =>
  values.map((v) => {
    const role = (NFE_ROLES as readonly string[]).includes(v) ? (v as NfeRole) : NFE_ROLE_ALIASES[v];
    if (!role) ctx.addIssue({ code: 'custom', message: `"${v}" is not a role; use ${NFE_ROLES.join(', ')}` });
    return role as NfeRole;
  }),
);

const keys = z.array(z.string()).superRefine((values, ctx) => {
  for (const v of values) {
    const problem = accessKeyProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: `"${v}": ${problem}` });
    else if (parseAccessKey(v).model !== '55') {
      const model = parseAccessKey(v).model as keyof typeof MODELS;
      ctx.addIssue({ code: 'custom', message: `"${v}" is a key of model ${model} (${MODELS[model] ?? 'unknown'}), not an NF-e (55)` });
    }
  }
});

const numberRange = z.string().transform((v, ctx) => {
  const m = /^(\d{1,9})(?:(?:\.\.|-)(\d{1,9}))?$/.exec(v.trim());
  if (!m) {
    ctx.addIssue({ code: 'custom', message: `expected a number or a range like 100..200, got "${v}"` });
    return z.NEVER;
  }
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  if (to < from) ctx.addIssue({ code: 'custom', message: `range ${from}..${to} is empty` });
  return { from, to };
});

const fields = z.array(z.string()).transform((values, ctx) =>
  values.map((v) => {
    const field = NFE_V2_FIELDS.find((f) => f.toLowerCase() === v.toLowerCase());
    if (!field) ctx.addIssue({ code: 'custom', message: `unknown field "${v}"; fields are ${NFE_V2_FIELDS.join(', ')}` });
    return field as NfeV2Field;
  }),
);

const customs = z.array(z.string()).transform((values, ctx) => {
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

const schema = z
  .object({
    role: roles.optional(),
    owner: taxIds.optional(),
    emitter: taxIds.optional(),
    receiver: taxIds.optional(),
    transporter: taxIds.optional(),
    from: date.optional(),
    to: date.optional(),
    createdFrom: date.optional(),
    createdTo: date.optional(),
    status: z.enum(['authorized', 'canceled']).optional(),
    key: keys.optional(),
    number: numberRange.optional(),
    cfop: z.array(z.string().regex(/^\d{4}$/, 'a CFOP has 4 digits')).optional(),
    tag: z.array(z.string()).optional(),
    tagsAll: z.array(z.string()).optional(),
    origin: z.array(z.string()).optional(),
    fin: z
      .array(z.string())
      .transform((vs) => vs.map((v) => FIN_NAMES[v.toLowerCase()] ?? v))
      .pipe(z.array(z.enum(['1', '2', '3', '4', '5', '6'], { message: 'finNFe is 1-6 or a purpose name' })))
      .optional(),
    hasCce: bool.optional(),
    hasEvent: bool.optional(),
    hasManifestation: bool.optional(),
    hasXped: bool.optional(),
    xped: z.array(z.string()).optional(),
    custom: customs.optional(),
    filter: z
      .string()
      .superRefine((v, ctx) => {
        try {
          parsePropertyFilter(v);
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: `malformed expression: ${(e as Error).message}` });
        }
      })
      .optional(),
    fields: fields.optional(),
    limit: z.coerce.number().int('expected a whole number').positive('expected a positive number').optional(),
    all: z.boolean().optional(),
    api: z.enum(['v1', 'v2']).optional(),
  })
  .strict()
  .superRefine((o, ctx) => {
    const order = (a: string | undefined, b: string | undefined, flagA: string, flagB: string) => {
      if (a && b && !filterDateProblem(a) && !filterDateProblem(b) && filterDateToMs(a, 'from') > filterDateToMs(b, 'to')) {
        ctx.addIssue({ code: 'custom', path: [flagA], message: `${a} is after --${flagB} ${b}` });
      }
    };
    order(o.from, o.to, 'from', 'to');
    order(o.createdFrom, o.createdTo, 'createdFrom', 'created-to');
    if (o.all && o.limit !== undefined) ctx.addIssue({ code: 'custom', path: ['all'], message: 'use either --all or --limit' });
  });

export type NfeSearchOptions = z.infer<typeof schema>;

export function parseNfeSearchOptions(raw: Record<string, unknown>): NfeSearchOptions {
  return parseWith(schema, raw);
}
