// Options of `search nfe`: raw commander values -> typed, validated options (nothing is sent on error).
import { z } from 'zod';
import { NFE_ROLES, NFE_ROLE_ALIASES, NFE_V2_FIELDS, type NfeRole } from '../../api/wire/nfe.js';
import { parseWith } from '../options.js';
import { applyWhere } from './where.js';
import { monthDays } from '../../fiscal/dates.js';
import { accessKeys, bool, checkRanges, customs, createdTo, date, fieldList, limit, month, propertyExpression, taxIds } from '../shared/values.js';

const FIN_NAMES: Record<string, string> = { normal: '1', complementary: '2', adjustment: '3', return: '4', credit: '5', debit: '6' };

const roles = z.array(z.string()).transform((values, ctx) =>
  values.map((v) => {
    const role = (NFE_ROLES as readonly string[]).includes(v) ? (v as NfeRole) : NFE_ROLE_ALIASES[v];
    if (!role) ctx.addIssue({ code: 'custom', message: `"${v}" is not a role; use ${NFE_ROLES.join(', ')}` });
    return role as NfeRole;
  }),
);

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

const schema = z
  .object({
    role: roles.optional(),
    owner: taxIds.optional(),
    emitter: taxIds.optional(),
    receiver: taxIds.optional(),
    transporter: taxIds.optional(),
    from: date.optional(),
    to: date.optional(),
    month: month.optional(),
    createdFrom: date.optional(),
    createdTo: createdTo.optional(),
    status: z.enum(['authorized', 'canceled']).optional(),
    key: accessKeys(['55']).optional(),
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
    prop: customs.optional(),
    filter: propertyExpression.optional(),
    fields: fieldList(NFE_V2_FIELDS).optional(),
    limit: limit.optional(),
    all: z.boolean().optional(),
    api: z.enum(['v1', 'v2']).optional(),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.month !== undefined && (o.from !== undefined || o.to !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['month'], message: 'is a window of emission dates of its own: use either --month or --from/--to' });
    }
    checkRanges(o, ctx);
  })
  // --month is the emission window of that month, first to last day.
  .transform(({ month, ...o }) => (month === undefined ? o : { ...o, ...monthDays(month) }));

export type NfeSearchOptions = z.infer<typeof schema>;

export function parseNfeSearchOptions(raw: Record<string, unknown>): NfeSearchOptions {
  return parseWith(schema, applyWhere(raw));
}
