// The companies the credentials may access (designed, R3): `fiscal companies`.
import { requestData, type HttpClient } from './http.js';
import { cursorListingItems } from './paginate.js';
import {
  COMPANIES_PATH,
  DIRECTORY_LIMIT_MAX,
  companiesPageSchema,
  companyPath,
  companyResponseSchema,
  type CompanyItem,
} from './wire/companies.js';

/** Every company of the account, page after page. */
export function allCompanies(http: HttpClient): AsyncIterable<CompanyItem> {
  return cursorListingItems(http, COMPANIES_PATH, companiesPageSchema, DIRECTORY_LIMIT_MAX);
}

/** One company of the account; a CNPJ the credentials may not access is a 404 (NotFoundError). */
export async function getCompany(http: HttpClient, cnpj: string): Promise<CompanyItem> {
  return requestData(http, { method: 'GET', path: companyPath(cnpj), schema: companyResponseSchema });
}
