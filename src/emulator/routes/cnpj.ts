// GET /v1/cnpj/{cnpj} (designed): public registry data of any CNPJ, synthetic and deterministic.
// 400 for a malformed CNPJ (digits, length, check digits); 404 for the designed unknown ones.
import { cnpjProblem } from '../../fiscal/tax-id.js';
import { cnpjRegistryData, isUnknownCnpj } from '../data/cnpj-registry.js';
import { CNPJ_DATA_PATH, cnpjDataResponseSchema } from '../../api/wire/cnpj.js';
import { HttpError, badRequest, okAs, v1Error, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';

export function registerCnpj(router: Router): void {
  router.add('GET', CNPJ_DATA_PATH, cnpjData, { errors: 'v1' });
}

function cnpjData(ctx: RequestContext): Reply {
  const cnpj = ctx.params.cnpj!;
  const problem = cnpjProblem(cnpj);
  if (problem) throw badRequest('v1', problem, 'cnpj');
  // Public data: any account's company reads the same, whoever asks.
  const company = ctx.store.accounts.flatMap((a) => a.companies).find((c) => c.cnpj === cnpj);
  if (!company && isUnknownCnpj(cnpj)) throw new HttpError(v1Error(404, `CNPJ ${cnpj} not found in the registry`));
  return okAs(cnpjDataResponseSchema, { data: cnpjRegistryData(cnpj, company) });
}
