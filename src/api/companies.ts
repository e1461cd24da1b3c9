// The companies the credentials may access (designed, R3): `fiscal companies`.
import type { HttpClient } from './http.js';
import { itemsOf, paginateCursor } from './paginate.js';
import type { V1Page } from './wire/common.js';
import {
  COMPANIES_PATH,
  DIRECTORY_LIMIT_MAX,
  companiesPageSchema,
  companyPath,
  companyResponseSchema,
  type CompanyItem,
} from './wire/companies.js';

async function listCompanies(http: HttpClient, cursor = 0): Promise<V1Page<CompanyItem>> {
  const res = await http.request({
    method: 'GET',
    path: COMPANIES_PATH,
    query: { cursor, limit: DIRECTORY_LIMIT_MAX },
    schema: companiesPageSchema,
    verifySignature: true,
  });
  return res.body;
}

/** Every company of the account, page after page. */
export function allCompanies(http: HttpClient): AsyncIterable<CompanyItem> {
  return itemsOf(paginateCursor((cursor) => listCompanies(http, cursor)));
}

/** One company of the account; a CNPJ the credentials may not access is a 404 (NotFoundError). */
export async function getCompany(http: HttpClient, cnpj: string): Promise<CompanyItem> {
  const res = await http.request({ method: 'GET', path: companyPath(cnpj), schema: companyResponseSchema });
  return res.body.data;
}
