// Options of `search cte` and `search cteos`: raw commander values -> typed, validated options
// (nothing is sent on error; every message names the flag).
import { z } from 'zod';
import { CTE_FIELDS, CTE_ROLES, CTE_TYPES, CTEOS_ROLES, type CteRole, type CteTypeCode } from '../../api/wire/cte.js';
import type { CteKind } from '../cte-flags.js';
import { parseWith } from '../options.js';
import { accessKeys, bool, checkRanges, customs, createdTo, date, fieldList, limit, propertyExpression, taxIds } from '../shared/values.js';

const TYPE_NAMES: Record<string, CteTypeCode> = { normal: '0', complementary: '1', complement: '1', substitute: '3', substitution: '3' };

function roles(kind: CteKind) {
  const valid: readonly string[] = kind === 'cte' ? CTE_ROLES : CTEOS_ROLES;
  return z.array(z.string()).superRefine((values, ctx) => {
    for (const v of values) if (!valid.includes(v)) ctx.addIssue({ code: 'custom', message: `"${v}" is not a role of ${kind === 'cte' ? 'a CT-e' : 'a CT-e OS'}; use ${valid.join(', ')}` });
  }).transform((values) => [...new Set(values)] as CteRole[]);
}

const types = z
  .array(z.string())
  .transform((vs) => vs.map((v) => TYPE_NAMES[v.toLowerCase()] ?? v))
  .pipe(z.array(z.enum(CTE_TYPES, { message: 'tpCTe is 0, 1, 3 or normal, complementary, substitute' })))
  .transform((vs) => [...new Set(vs)]);

function schemaFor(kind: CteKind) {
  return z
    .object({
      kind: z.literal(kind),
      role: roles(kind).optional(),
      taker: z.boolean().optional(),
      notTaker: z.boolean().optional(),
      owner: taxIds.optional(),
      emitter: taxIds.optional(),
      from: date.optional(),
      to: date.optional(),
      createdFrom: date.optional(),
      createdTo: createdTo.optional(),
      status: z.enum(['authorized', 'canceled']).optional(),
      key: accessKeys([kind === 'cte' ? '57' : '67']).optional(),
      cteType: types.optional(),
      nfe: accessKeys(['55']).optional(),
      cfop: z.array(z.string().regex(/^\d{4}$/, 'a CFOP has 4 digits')).optional(),
      tag: z.array(z.string()).optional(),
      origin: z.array(z.string()).optional(),
      hasCce: bool.optional(),
      hasManifestation: bool.optional(),
      prop: customs.optional(),
      filter: propertyExpression.optional(),
      fields: fieldList(CTE_FIELDS).optional(),
      limit: limit.optional(),
      all: z.boolean().optional(),
      api: z.enum(['dfe', 'v1']).optional(),
    })
    .strict()
    .superRefine((o, ctx) => {
      checkRanges(o, ctx);
      if (o.taker && o.notTaker) ctx.addIssue({ code: 'custom', path: ['notTaker'], message: 'use either --role taker or --role not-taker' });
      if ((o.taker || o.notTaker) && o.role) ctx.addIssue({ code: 'custom', path: [o.taker ? 'taker' : 'notTaker'], message: 'use --role alone (--taker and --not-taker are its old spellings)' });
    });
}

export type CteSearchOptions = z.infer<ReturnType<typeof schemaFor>> & { kind: CteKind };

export function parseCteSearchOptions(raw: Record<string, unknown>, kind: CteKind): CteSearchOptions {
  return parseWith(schemaFor(kind), { ...raw, kind }) as CteSearchOptions;
}
