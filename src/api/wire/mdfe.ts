// MDF-e wire shapes, all designed ("XML and events with advanced filters", spec 1):
// GET /v1/mdfe/{role}, a v1 cursor listing (R11-R17), and POST /v1/dfe/mdfe, a body search in
// the PascalCase of POST /v2/dfe/nfe (R18, R19a, R23). docs/mdfe.md has the shapes.
import * as z from 'zod';
import {
  bodySearchSchema,
  customDataFilterSchema,
  dateRangeSchema,
  statusSchema,
  v1PageSchema,
  type V1ListingQuery,
} from './common.js';
import { eventItemSchema } from './nfe.js';
import { MDFE_FIELDS, MDFE_ROLES, MDFE_STATUSES } from './words.js';

// The words (roles, statuses, fields) live in ./words.ts, zod-free, for the flag declarations.
export { MDFE_FIELDS, MDFE_ROLES, MDFE_STATUSES } from './words.js';
export type MdfeRole = (typeof MDFE_ROLES)[number];
export type MdfeStatus = (typeof MDFE_STATUSES)[number];
export type MdfeField = (typeof MDFE_FIELDS)[number];
export const MDFE_DEFAULT_FIELDS: MdfeField[] = ['Xml', 'AccessKey'];
export const MDFE_LIMIT_MAX = 500;

const mdfeFiltersSchema = z
  .object({
    CreatedAt: dateRangeSchema,
    EmissionDate: dateRangeSchema,
    DocumentIdentifier: z.string(),
    Owners: z.array(z.string()),
    OwnerRoles: z.array(z.string()),
    EmitterCnpj: z.array(z.string()),
    Status: z.enum(MDFE_STATUSES),
    /** Start or end UF, any of. */
    Ufs: z.array(z.string()),
    /** IBGE code of the loading city, any of. */
    LoadCity: z.array(z.string()),
    /** Access keys of CT-e / NF-e carried, any of. */
    Ctes: z.array(z.string()),
    Nfes: z.array(z.string()),
    Plate: z.array(z.string()),
    Tags: z.array(z.string()),
    CustomData: customDataFilterSchema,
  })
  .partial()
  .strict();
export type MdfeFilters = z.infer<typeof mdfeFiltersSchema>;

export const mdfeSearchRequestSchema = bodySearchSchema(mdfeFiltersSchema);
export type MdfeSearchRequest = z.infer<typeof mdfeSearchRequestSchema>;

const mdfeDocumentSchema = z.object({
  Series: z.string(),
  Number: z.string(),
  EmitterType: z.string(),
  StartUf: z.string(),
  EndUf: z.string(),
  LoadCity: z.string(),
  UnloadCities: z.array(z.string()),
  Plate: z.string(),
  CargoValue: z.string(),
  CargoWeight: z.string(),
  Ctes: z.array(z.string()),
  Nfes: z.array(z.string()),
});

const mdfeRecordSchema = z
  .object({
    AccessKey: z.string(),
    CreatedAt: z.string(),
    CustomData: z.array(z.object({ Name: z.string(), Value: z.string() })),
    Document: mdfeDocumentSchema,
    EmissionDate: z.string(),
    Emitter: z.object({
      EmitterCnpj: z.string(),
      EmitterCpf: z.string(),
      EmitterName: z.string(),
      EmitterAddressUf: z.string(),
    }),
    Events: z.array(eventItemSchema),
    FlagErp: z.record(z.string(), z.string()),
    Number: z.string(),
    Origin: z.string(),
    Owner: z.string(),
    OwnerRole: z.enum(MDFE_ROLES),
    Status: z.enum(MDFE_STATUSES),
    Tags: z.array(z.string()),
    Xml: z.string(),
  })
  .partial();
export type MdfeRecord = z.infer<typeof mdfeRecordSchema>;

export const mdfeSearchResponseSchema = z.object({
  status: statusSchema.optional(),
  Mdfes: z.array(mdfeRecordSchema),
  Paginator: z.string().nullable(),
  Total: z.number().int(),
});
export type MdfeSearchResponse = z.infer<typeof mdfeSearchResponseSchema>;

/** Designed v1 item: the mdfeProc and its events (closing, cancellation), each `{type, xml}` base64. */
const mdfeV1ItemSchema = z.object({ access_key: z.string(), xml: z.string(), events: z.array(eventItemSchema) });
export type MdfeV1Item = z.infer<typeof mdfeV1ItemSchema>;
export const mdfeV1PageSchema = v1PageSchema(mdfeV1ItemSchema);

export type MdfeV1Query = V1ListingQuery;
