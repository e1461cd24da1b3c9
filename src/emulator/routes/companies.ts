// GET /v1/companies and /v1/companies/{cnpj} (designed): the companies the credentials may access
// (R3). A company's document types and roles are the ones its documents in the store are held in.
import {
  COMPANIES_PATH,
  COMPANY_PATH,
  companiesPageSchema,
  companyResponseSchema,
  type CompanyItem,
  type EnabledDocuments,
} from '../../api/wire/companies.js';
import { cnpjProblem } from '../../fiscal/tax-id.js';
import { addressOf, taxRegimeOf } from '../data/parties.js';
import { DOC_TYPES } from '../doc-index.js';
import type { Company } from '../model.js';
import { HttpError, badRequest, okAs, v1Error, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import type { Store } from '../store.js';
import { directoryPage } from './listing/directory-page.js';

export function registerCompanies(router: Router): void {
  router.add('GET', COMPANIES_PATH, (ctx) => directoryPage(ctx, companyItems(ctx), companiesPageSchema), {
    errors: 'v1',
  });
  router.add('GET', COMPANY_PATH, showCompany, { errors: 'v1' });
}

function companyItems(ctx: RequestContext): CompanyItem[] {
  const roles = rolesByOwner(ctx.store, ctx.account.id);
  return ctx.account.companies.map((c) => companyItem(c, roles.get(c.cnpj)));
}

function showCompany(ctx: RequestContext): Reply {
  const cnpj = ctx.params.cnpj!;
  const problem = cnpjProblem(cnpj);
  if (problem) throw badRequest('v1', problem, 'cnpj');
  const company = ctx.account.companies.find((c) => c.cnpj === cnpj);
  // R3: another account's company is as unknown as a CNPJ of no account.
  if (!company)
    throw new HttpError(v1Error(404, `no company ${cnpj} among the companies these credentials may access`));
  return okAs(companyResponseSchema, { data: companyItem(company, rolesByOwner(ctx.store, ctx.account.id).get(cnpj)) });
}

function companyItem(c: Company, roles: Map<string, Set<string>> | undefined): CompanyItem {
  const party = { cnpj: c.cnpj, name: c.name, uf: c.uf };
  const { city } = addressOf(party);
  const documents: EnabledDocuments[] = TYPE_ORDER.flatMap((type) => {
    const set = roles?.get(type);
    return set ? [{ type, roles: [...set].sort() }] : [];
  });
  return {
    cnpj: c.cnpj,
    name: c.name,
    trade_name: c.tradingName,
    state_registration: c.ie,
    uf: c.uf,
    uf_code: c.cuf,
    city: city.name,
    city_code: city.code,
    tax_regime: taxRegimeOf(party),
    documents,
  };
}

const TYPE_ORDER = ['nfe', ...DOC_TYPES] as const;

/** owner CNPJ -> document type -> the roles it holds documents of that type in. */
function rolesByOwner(store: Store, accountId: string): Map<string, Map<string, Set<string>>> {
  const out = new Map<string, Map<string, Set<string>>>();
  const add = (owner: string, type: string, role: string) => {
    let types = out.get(owner);
    if (!types) out.set(owner, (types = new Map()));
    let set = types.get(type);
    if (!set) types.set(type, (set = new Set()));
    set.add(role);
  };
  for (const r of store.nfesOf(accountId).records) add(r.owner, 'nfe', r.role);
  for (const type of DOC_TYPES) for (const r of store.docsOf(accountId, type).records) add(r.owner, type, r.role);
  return out;
}
