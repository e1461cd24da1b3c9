// NF-e wire shapes: POST /v2/dfe/nfe (spec 4.1, R18-R20, R23) and GET /v1/nfe/{role} (4.6, R11-R17).
import * as z from 'zod';
import {
  bodySearchSchema,
  customDataFilterSchema,
  dateRangeSchema,
  statusSchema,
  v1PageSchema,
  type V1ListingQuery,
} from './common.js';
import { NFE_ROLES, NFE_STATUSES, NFE_V2_FIELDS } from './words.js';

// The words (roles, statuses, fields) live in ./words.ts, zod-free, for the flag declarations.
export { FIN_NFE, FIN_NFE_NAMES, NFE_ROLES, NFE_ROLE_ALIASES, NFE_STATUSES, NFE_V2_FIELDS } from './words.js';

/**
 * R38 (observed): the statuses the service writes and filters on. The command-line flags offer
 * the two a user asks for (NFE_STATUSES); a record in any of these is read, not refused.
 */
export const NFE_STATUS_VOCABULARY = [
  ...NFE_STATUSES,
  'not_authorized',
  'not_protocoled',
  'unused',
  'waiting',
] as const;
export type NfeRole = (typeof NFE_ROLES)[number];
export type NfeV2Field = (typeof NFE_V2_FIELDS)[number];
export const NFE_V2_DEFAULT_FIELDS: NfeV2Field[] = ['Xml', 'AccessKey'];

const nfeV2FiltersSchema = z
  .object({
    CreatedAt: dateRangeSchema,
    EmissionDate: dateRangeSchema,
    DocumentIdentifier: z.string(),
    EmitterCnpj: z.array(z.string()),
    TransporterCnpj: z.array(z.string()),
    ReceiverCnpj: z.array(z.string()),
    Owners: z.array(z.string()),
    OwnerRoles: z.array(z.string()),
    Status: z.enum(NFE_STATUS_VOCABULARY),
    Origin: z.string(),
    Origins: z.array(z.string()),
    HasCCE: z.boolean(),
    HasEvent: z.boolean(),
    HasManifestation: z.boolean(),
    HasXPed: z.boolean(),
    Cfops: z.array(z.string()),
    NfeNumber: z.object({ From: z.number().int().optional(), To: z.number().int().optional() }),
    Tags: z.array(z.string()),
    TagsAll: z.array(z.string()),
    xPeds: z.array(z.string()),
    XPeds: z.array(z.string()),
    FinNFe: z.array(z.string()),
    CustomData: customDataFilterSchema,
  })
  .partial()
  .strict();
export type NfeV2Filters = z.infer<typeof nfeV2FiltersSchema>;

export const nfeV2RequestSchema = bodySearchSchema(nfeV2FiltersSchema);
export type NfeV2Request = z.infer<typeof nfeV2RequestSchema>;

const emitterSchema = z.object({
  EmitterAddressUf: z.string(),
  EmitterCnpj: z.string(),
  EmitterCpf: z.string(),
  EmitterInscription: z.string(),
  EmitterName: z.string(),
  EmitterTradingName: z.string(),
});
const receiverSchema = z.object({
  ReceiverAddressUf: z.string(),
  ReceiverCnpj: z.string(),
  ReceiverCpf: z.string(),
  ReceiverInscription: z.string(),
  ReceiverName: z.string(),
  ReceiverTradingName: z.string(),
});
export const manifestationSchema = z.object({
  Active: z.boolean(),
  CreatedAt: z.string(),
  Date: z.string(),
  IsForced: z.boolean(),
  Protocol: z.string(),
  Seq: z.string(),
  Type: z.string(),
});
export const eventItemSchema = z.object({ type: z.string(), xml: z.string() });

/**
 * Designed (spec: "not shown"): `Document` summarizes the invoice's identification and totals;
 * `FlagErp` maps flag keys to values; `CustomData` lists `{Name, Value}` custom properties.
 */
const nfeDocumentSummarySchema = z.object({
  Model: z.string(),
  Series: z.string(),
  Number: z.string(),
  Operation: z.string(),
  FinNFe: z.string(),
  NatOp: z.string(),
  TotalValue: z.string(),
  ItemCount: z.number().int(),
});

export const nfeV2RecordSchema = z
  .object({
    AccessKey: z.string(),
    Cfops: z.array(z.string()),
    CreatedAt: z.string(),
    CustomData: z.array(z.object({ Name: z.string(), Value: z.string() })),
    Document: nfeDocumentSummarySchema,
    EmissionDate: z.string(),
    Emitter: emitterSchema,
    Events: z.array(eventItemSchema),
    FlagErp: z.record(z.string(), z.string()),
    HasCCE: z.boolean(),
    Manifestations: z.array(manifestationSchema),
    Number: z.string(),
    Origin: z.string(),
    Owner: z.string(),
    OwnerRole: z.enum(NFE_ROLES),
    Receiver: receiverSchema,
    Status: z.enum(NFE_STATUS_VOCABULARY),
    Tags: z.array(z.string()),
    Xml: z.string(),
  })
  .partial();
export type NfeV2Record = z.infer<typeof nfeV2RecordSchema>;

export const nfeV2ResponseSchema = z.object({
  status: statusSchema.optional(),
  Nfes: z.array(nfeV2RecordSchema),
  /** R19a: the last page's Paginator is null or empty. */
  Paginator: z.string().nullable(),
  Total: z.number().int(),
});
export type NfeV2Response = z.infer<typeof nfeV2ResponseSchema>;

/** R16: v1 item; `xml` is base64 XML, or with `format_type=json` the document as a JSON object. */
export const nfeV1ItemSchema = z.object({
  access_key: z.string(),
  xml: z.union([z.string(), z.record(z.string(), z.unknown())]),
});
export type NfeV1Item = z.infer<typeof nfeV1ItemSchema>;
export const nfeV1PageSchema = v1PageSchema(nfeV1ItemSchema);

/** GET /v1/nfe/{role} query, as the client sends it and the emulator reads it. */
export interface NfeV1Query extends V1ListingQuery {
  formatType?: 'xml' | 'json';
}

export const V1_LIMIT_MAX = 50;
export const V2_LIMIT_MAX = 500;
