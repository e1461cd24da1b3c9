// The companies the credentials may access (spec group "Empresas", R3): designed shapes, a v1
// cursor listing in the `{status, data}` envelope (R12), and one company by CNPJ. The rural
// properties (./properties.ts) page and list their documents the same way. See docs/companies.md.
import * as z from 'zod';
import { fillPath } from '../../fiscal/doc-types.js';
import { statusSchema, v1PageSchema } from './common.js';

export const COMPANIES_PATH = '/v1/companies';
/** The route the emulator registers; `companyPath` fills it. */
export const COMPANY_PATH = `${COMPANIES_PATH}/:cnpj`;
export const companyPath = (cnpj: string): string => fillPath(COMPANY_PATH, { cnpj });
/** Designed: most items one page of the companies or the rural properties carries. */
export const DIRECTORY_LIMIT_MAX = 100;

/** Designed: a document type and the roles the company holds documents of it in. */
export const enabledDocumentsSchema = z.object({ type: z.string(), roles: z.array(z.string()) });
export type EnabledDocuments = z.infer<typeof enabledDocumentsSchema>;

/** Designed: a company of the account, with what an ERP needs to emit and book its documents. */
const companySchema = z.object({
  cnpj: z.string(),
  name: z.string(),
  trade_name: z.string(),
  state_registration: z.string(),
  uf: z.string(),
  uf_code: z.string(),
  city: z.string(),
  city_code: z.string(),
  /** CRT: 1 Simples Nacional, 3 regime normal. */
  tax_regime: z.enum(['1', '3']),
  documents: z.array(enabledDocumentsSchema),
});
export type CompanyItem = z.infer<typeof companySchema>;
export const companiesPageSchema = v1PageSchema(companySchema);
export const companyResponseSchema = z.object({ status: statusSchema, data: companySchema });
