// Options of `search mdfe`: raw commander values -> typed, validated options (nothing is sent on error).
import { z } from 'zod';
import { MDFE_FIELDS, MDFE_ROLES, MDFE_STATUSES } from '../../api/wire/mdfe.js';
import { parseWith } from '../options.js';
import { checkRanges, createdTo, date, accessKeys, limit, oneOf, customs, propertyExpression, taxIds } from '../shared/values.js';

const UFS = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR',
  'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const;

/** Brazilian plates: old AAA9999 and Mercosul AAA9A99. */
const plates = z.array(z.string()).transform((values, ctx) =>
  values.map((v) => {
    const plate = v.replace(/[\s-]/g, '').toUpperCase();
    if (!/^[A-Z]{3}\d[A-Z0-9]\d{2}$/.test(plate)) ctx.addIssue({ code: 'custom', message: `"${v}" is not a plate (AAA9999 or AAA9A99)` });
    return plate;
  }),
);

const schema = z
  .object({
    role: oneOf(MDFE_ROLES, 'role').optional(),
    owner: taxIds.optional(),
    emitter: taxIds.optional(),
    status: oneOf(MDFE_STATUSES, 'status').optional(),
    uf: oneOf(UFS, 'UF').optional(),
    plate: plates.optional(),
    cte: accessKeys(['57']).optional(),
    nfe: accessKeys(['55']).optional(),
    from: date.optional(),
    to: date.optional(),
    createdFrom: date.optional(),
    createdTo: createdTo.optional(),
    tag: z.array(z.string()).optional(),
    prop: customs.optional(),
    filter: propertyExpression.optional(),
    fields: oneOf(MDFE_FIELDS, 'field').optional(),
    limit: limit.optional(),
    all: z.boolean().optional(),
  })
  .strict()
  .superRefine((o, ctx) => {
    checkRanges(o, ctx);
    if (o.status && new Set(o.status).size > 1) ctx.addIssue({ code: 'custom', path: ['status'], message: 'one status at a time' });
  });

export type MdfeSearchOptions = z.infer<typeof schema>;

export function parseMdfeSearchOptions(raw: Record<string, unknown>): MdfeSearchOptions {
  return parseWith(schema, raw);
}
