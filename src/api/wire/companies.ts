// The companies the credentials may access (spec group "Empresas", R3) and the rural properties
// ("Property"): designed shapes, v1 cursor listings in the `{status, data}` envelope (R12), and
// one item by its identifier. See docs/companies-cnpj.md.
import { z } from 'zod';
import { statusSchema, v1PageSchema } from './common.js';

export const COMPANIES_PATH = '/v1/companies';
export const companyPath = (cnpj: string): string => `${COMPANIES_PATH}/${encodeURIComponent(cnpj)}`;
export const RURAL_PROPERTIES_PATH = '/v1/properties';
export const ruralPropertyPath = (id: string): string => `${RURAL_PROPERTIES_PATH}/${encodeURIComponent(id)}`;
/** Designed: most items one page of either listing carries. */
export const DIRECTORY_LIMIT_MAX = 100;

/** Designed: a document type and the roles the company holds documents of it in. */
export const enabledDocumentsSchema = z.object({ type: z.string(), roles: z.array(z.string()) });
export type EnabledDocuments = z.infer<typeof enabledDocumentsSchema>;

/** Designed: a company of the account, with what an ERP needs to emit and book its documents. */
export const companySchema = z.object({
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

/** Designed: id of a rural property, the UF then its producer state registration (`MG0012345678`). */
export const RURAL_PROPERTY_ID = /^[A-Z]{2}\d{2,14}$/;

/** Designed: a rural property (propriedade rural) of a producer, a unit with its own state registration. */
export const ruralPropertySchema = z.object({
  id: z.string(),
  name: z.string(),
  producer: z.object({ cpf: z.string().optional(), cnpj: z.string().optional(), name: z.string() }),
  state_registration: z.string(),
  uf: z.string(),
  city: z.string(),
  city_code: z.string(),
  /** NIRF/CIB of the Receita Federal (8 digits). */
  nirf: z.string(),
  area_hectares: z.number(),
  documents: z.array(enabledDocumentsSchema),
});
export type RuralPropertyItem = z.infer<typeof ruralPropertySchema>;
export const ruralPropertiesPageSchema = v1PageSchema(ruralPropertySchema);
export const ruralPropertyResponseSchema = z.object({ status: statusSchema, data: ruralPropertySchema });
