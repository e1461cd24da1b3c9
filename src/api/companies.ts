// The companies and the rural properties the credentials may access (designed, R3).
import type { ZodType } from 'zod';
import type { HttpClient } from './http.js';
import { itemsOf, paginateCursor } from './paginate.js';
import type { V1Page } from './wire/common.js';
import {
  COMPANIES_PATH, DIRECTORY_LIMIT_MAX, RURAL_PROPERTIES_PATH, companiesPageSchema, companyPath, companyResponseSchema,
  ruralPropertiesPageSchema, ruralPropertyPath, ruralPropertyResponseSchema, type CompanyItem, type RuralPropertyItem,
} from './wire/companies.js';

export function listCompanies(http: HttpClient, cursor = 0): Promise<V1Page<CompanyItem>> {
  return page(http, COMPANIES_PATH, companiesPageSchema, cursor);
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

export function listRuralProperties(http: HttpClient, cursor = 0): Promise<V1Page<RuralPropertyItem>> {
  return page(http, RURAL_PROPERTIES_PATH, ruralPropertiesPageSchema, cursor);
}

export function allRuralProperties(http: HttpClient): AsyncIterable<RuralPropertyItem> {
  return itemsOf(paginateCursor((cursor) => listRuralProperties(http, cursor)));
}

export async function getRuralProperty(http: HttpClient, id: string): Promise<RuralPropertyItem> {
  const res = await http.request({ method: 'GET', path: ruralPropertyPath(id), schema: ruralPropertyResponseSchema });
  return res.body.data;
}

async function page<T>(http: HttpClient, path: string, schema: ZodType<V1Page<T>>, cursor: number): Promise<V1Page<T>> {
  const res = await http.request({ method: 'GET', path, query: { cursor, limit: DIRECTORY_LIMIT_MAX }, schema, verifySignature: true });
  return res.body;
}
