// LATAM documents (designed: the spec names the group and shows no shape; see docs/latam.md).
// Electronic invoices of other Latin American countries, uploaded as XML and read back as XML or
// as one parsed JSON shape whatever the country. Shared by the client and the emulator.
import * as z from 'zod';
import { fillPath } from '../../fiscal/doc-types.js';
import { LATAM_COUNTRIES, type LatamCountry } from '../../fiscal/latam/countries.js';
import { statusSchema, v1PageSchema } from './common.js';

export { LATAM_COUNTRIES, type LatamCountry };

export const LATAM_PATH = '/v1/latam';
export const LATAM_UPLOAD_PATH = '/v1/latam/upload';
export const LATAM_XML_PATH = `${LATAM_PATH}/:id/xml`;
export const LATAM_JSON_PATH = `${LATAM_PATH}/:id/json`;
export const latamXmlPath = (id: string): string => fillPath(LATAM_XML_PATH, { id });
export const latamJsonPath = (id: string): string => fillPath(LATAM_JSON_PATH, { id });

/** Ids are `<country>-<the document's own key>`: letters, digits and `-`, safe in a path and a file name. */
export const LATAM_ID = /^(MX|CL|CO|PE)-[A-Za-z0-9-]{1,120}$/;

const latamPartySchema = z.object({
  tax_id: z.string().nullable(),
  name: z.string().nullable(),
  country: z.string().nullable(),
});
export type LatamParty = z.infer<typeof latamPartySchema>;

const latamTaxSchema = z.object({
  /** `transfer` (charged: IVA, IEPS, IGV...) or `withholding` (retained). */
  kind: z.enum(['transfer', 'withholding']),
  /** The tax's code in its country (MX 002, CO 01, PE 1000, CL IVA). */
  code: z.string(),
  name: z.string(),
  /** Percent (16 for 16 %), null when the document gives none. */
  rate: z.number().nullable(),
  base: z.number().nullable(),
  amount: z.number(),
});
export type LatamTax = z.infer<typeof latamTaxSchema>;

const latamItemSchema = z.object({
  description: z.string(),
  quantity: z.number().nullable(),
  unit_price: z.number().nullable(),
  amount: z.number().nullable(),
});

/** The parsed document (`GET /v1/latam/{id}/json`, designed). */
export const latamDocumentSchema = z.object({
  id: z.string(),
  country: z.enum(LATAM_COUNTRIES),
  /** `CFDI-I`, `DTE-33`, `FE-01`, `CPE-01`...: the country's scheme and its own type code. */
  doc_type: z.string(),
  /** Series and number as the country writes them (Serie-Folio, Folio, ID). */
  number: z.string().nullable(),
  issuer: latamPartySchema,
  receiver: latamPartySchema,
  /** As written: `YYYY-MM-DD`, or with the time (and offset when the document has one). */
  issued_at: z.string(),
  currency: z.string(),
  subtotal: z.number().nullable(),
  total: z.number(),
  taxes: z.array(latamTaxSchema),
  items: z.array(latamItemSchema),
});
export type LatamDocument = z.infer<typeof latamDocumentSchema>;

export const latamUploadRequestSchema = z.object({
  xml: z.string().min(1, 'xml (base64) is required'),
  country: z.enum(LATAM_COUNTRIES, { message: `country must be one of ${LATAM_COUNTRIES.join(', ')}` }).optional(),
});

/** R25-like: a document that cannot be read answers 200 with success false and the problem. */
const latamUploadResultSchema = z.object({
  id: z.string().nullable(),
  country: z.enum(LATAM_COUNTRIES).nullable(),
  doc_type: z.string().nullable(),
  success: z.boolean(),
  message: z.string(),
});
export type LatamUploadResult = z.infer<typeof latamUploadResultSchema>;
export const latamUploadResponseSchema = z.object({ status: statusSchema, data: latamUploadResultSchema });

export const latamXmlResponseSchema = z.object({
  status: statusSchema,
  data: z.object({ id: z.string(), xml: z.string() }),
});
export const latamJsonResponseSchema = z.object({ status: statusSchema, data: latamDocumentSchema });

/** An item of the listing: the document without its taxes and items. */
const latamListItemSchema = latamDocumentSchema.omit({ taxes: true, items: true });
export type LatamListItem = z.infer<typeof latamListItemSchema>;
export const latamPageSchema = v1PageSchema(latamListItemSchema);

/** `GET /v1/latam` query (designed): v1 cursor paging (R11-R14) and these filters. */
export interface LatamListQuery {
  cursor?: number;
  limit?: number;
  country?: LatamCountry;
  /** The issuer's tax id as the document writes it (RFC, RUT with dash, NIT, RUC). */
  issuer?: string;
  /** `YYYY-MM-DD`, on the document's own calendar date. */
  issuedFrom?: string;
  issuedTo?: string;
}

export function latamQueryParams(q: LatamListQuery): Record<string, string | number | undefined> {
  return {
    cursor: q.cursor,
    limit: q.limit,
    country: q.country,
    issuer: q.issuer,
    'issued_at[from]': q.issuedFrom,
    'issued_at[to]': q.issuedTo,
  };
}
