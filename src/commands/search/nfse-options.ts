// Options of `search nfse`: raw commander values -> typed, validated options (nothing is sent on error).
import { z } from 'zod';
import { NFSE_FIELDS, NFSE_ID, NFSE_ROLES } from '../../api/wire/nfse.js';
import { filterDateProblem } from '../../fiscal/dates.js';
import { taxIdProblem } from '../../fiscal/tax-id.js';
import { parseWith } from '../options.js';
import { bool, checkRanges, createdTo, date, limit, month, oneOf, customs, propertyExpression, taxIds } from '../shared/values.js';

/** R10: `<owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>`, tax ids with their check digits and a real date. */
const nfseId = z.string().superRefine((v, ctx) => {
  const m = NFSE_ID.exec(v);
  if (!m) {
    ctx.addIssue({ code: 'custom', message: `expected <owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>, got "${v}"` });
    return;
  }
  const problem = taxIdProblem(m[1]!) ?? taxIdProblem(m[2]!) ?? filterDateProblem(m[3]!);
  if (problem) ctx.addIssue({ code: 'custom', message: `"${v}": ${problem}` });
});

const schema = z
  .object({
    role: oneOf(NFSE_ROLES, 'role').optional(),
    competence: z.array(month).optional(),
    canceled: bool.optional(),
    taker: taxIds.optional(),
    emitter: taxIds.optional(),
    owner: taxIds.optional(),
    id: nfseId.optional(),
    from: date.optional(),
    to: date.optional(),
    createdFrom: date.optional(),
    createdTo: createdTo.optional(),
    origin: z.string().min(1, 'expected an origin, e.g. nacional or upload').optional(),
    prop: customs.optional(),
    filter: propertyExpression.optional(),
    fields: oneOf(NFSE_FIELDS, 'field').optional(),
    limit: limit.optional(),
    all: z.boolean().optional(),
  })
  .strict()
  .superRefine(checkRanges);

export type NfseSearchOptions = z.infer<typeof schema>;

export function parseNfseSearchOptions(raw: Record<string, unknown>): NfseSearchOptions {
  return parseWith(schema, raw);
}
