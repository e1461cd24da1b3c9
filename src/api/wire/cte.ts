// CT-e and CT-e OS wire shapes: POST /v1/dfe/cte (spec 4.2, R21, R23), POST /v1/dfe/cteos (R24)
// and the v1 role listings GET /v1/cte/{role}, /v1/cte-os/{role} (R11-R17).
import * as z from 'zod';
import { customDataFilterSchema, dateRangeSchema, statusSchema, v1PageSchema } from './common.js';
import { eventItemSchema, manifestationSchema, nfeV1ItemSchema, type NfeV1Item, type NfeV1Query } from './nfe.js';
import { CTE_FIELDS, CTE_ROLES, CTE_STATUSES, CTE_TYPES, CTEOS_ROLES } from './words.js';

// The words (roles, statuses, types, fields) live in ./words.ts, zod-free, for the flag declarations.
export { CTE_FIELDS, CTE_ROLES, CTE_STATUSES, CTE_TYPE_NAMES, CTE_TYPES, CTEOS_ROLES } from './words.js';
export type CteRole = (typeof CTE_ROLES)[number];
export type CteOsRole = (typeof CTEOS_ROLES)[number];
export type CteTypeCode = (typeof CTE_TYPES)[number];
export type CteField = (typeof CTE_FIELDS)[number];
export const CTE_DEFAULT_FIELDS: CteField[] = ['Xml', 'AccessKey'];

/** R20-like: `Origin` is a string in one place of the spec and an array in 4.2; both are accepted, as is `Origins`. */
const originSchema = z.union([z.string(), z.array(z.string())]);

const cteFiltersSchema = z
  .object({
    CreatedAt: dateRangeSchema,
    EmissionDate: dateRangeSchema,
    DocumentIdentifier: z.string(),
    Owners: z.array(z.string()),
    EmitterCnpj: z.array(z.string()),
    Status: z.enum(CTE_STATUSES),
    Origin: originSchema,
    Origins: z.array(z.string()),
    HasCCE: z.boolean(),
    HasManifestation: z.boolean(),
    Cfops: z.array(z.string()),
    Nfes: z.array(z.string()),
    Tags: z.array(z.string()),
    Types: z.array(z.string()),
    IsTaker: z.boolean(),
    CustomData: customDataFilterSchema,
  })
  .partial()
  .strict();
export type CteFilters = z.infer<typeof cteFiltersSchema>;

/** R24: the CT-e OS listing has no role filter. */
const cteOsFiltersSchema = cteFiltersSchema.omit({ IsTaker: true }).strict();

/** R21: `fields` lower case, the other keys PascalCase. */
export const cteRequestSchema = z
  .object({
    fields: z.array(z.string()).optional(),
    Filters: cteFiltersSchema.optional(),
    Limit: z.number().int().optional(),
    Paginator: z.string().nullable().optional(),
  })
  .strict();
export type CteRequest = z.infer<typeof cteRequestSchema>;

export const cteOsRequestSchema = cteRequestSchema.extend({ Filters: cteOsFiltersSchema.optional() }).strict();
export type CteOsRequest = z.infer<typeof cteOsRequestSchema>;

/**
 * Designed: every party of a CT-e (Emitter, Taker, Sender, Dispatcher, Receiver, Addressee) has
 * the same neutral shape, unlike the NF-e's prefixed `EmitterCnpj`...; an absent party is null.
 */
const ctePartySchema = z.object({
  Cnpj: z.string(),
  Cpf: z.string(),
  Name: z.string(),
  TradingName: z.string(),
  Inscription: z.string(),
  Uf: z.string(),
});
export type CteParty = z.infer<typeof ctePartySchema>;

/** Designed: the CT-e's identification, route and values (CT-e OS: ServiceType and Quantity, no cargo). */
const cteDocumentSchema = z.object({
  Model: z.string(),
  Series: z.string(),
  Number: z.string(),
  Type: z.string(),
  Modal: z.string(),
  Cfop: z.string(),
  NatOp: z.string(),
  StartCity: z.string(),
  StartUf: z.string(),
  EndCity: z.string(),
  EndUf: z.string(),
  TotalValue: z.string(),
  ReceivableValue: z.string(),
  TakerKind: z.string().optional(),
  CargoValue: z.string().optional(),
  ServiceType: z.string().optional(),
  Quantity: z.number().int().optional(),
});

const party = ctePartySchema.nullable();

export const cteRecordSchema = z
  .object({
    Xml: z.string(),
    Origin: z.string(),
    FlagErp: z.record(z.string(), z.string()),
    CustomData: z.array(z.object({ Name: z.string(), Value: z.string() })),
    Document: cteDocumentSchema,
    Events: z.array(eventItemSchema),
    Tags: z.array(z.string()),
    Cfops: z.array(z.string()),
    AccessKey: z.string(),
    EmissionDate: z.string(),
    CreatedAt: z.string(),
    HasCCE: z.boolean(),
    /** Designed: a CT-e's "manifestation" is the taker's disagreement event (610110). */
    Manifestations: z.array(manifestationSchema),
    Number: z.string(),
    Owner: z.string(),
    OwnerRole: z.enum(CTE_ROLES),
    Addressee: party,
    Dispatcher: party,
    Sender: party,
    Receiver: party,
    Emitter: ctePartySchema,
    Status: z.enum(CTE_STATUSES),
    Taker: party,
    /** Designed: the tax-reform IBS/CBS group; null until documents carry it. */
    IBSCBS: z.record(z.string(), z.unknown()).nullable(),
    /** Designed: the substituted CT-e (infCteSub), or null. */
    AccessKeyPrev: z.string().nullable(),
    /** Designed: the CT-e complemented (infCteComp), or []. */
    AccessKeysComp: z.array(z.string()),
  })
  .partial();
export type CteRecord = z.infer<typeof cteRecordSchema>;

/** Designed (spec: "not shown"): a mirror of the NF-e v2 envelope. */
export const cteResponseSchema = z.object({
  status: statusSchema.optional(),
  Ctes: z.array(cteRecordSchema),
  /** R19a: the last page's Paginator is null or empty. */
  Paginator: z.string().nullable(),
  Total: z.number().int(),
});
export type CteResponse = z.infer<typeof cteResponseSchema>;

/** R16: v1 items `{access_key, xml}`, as the NF-e listing's. */
const cteV1ItemSchema = nfeV1ItemSchema;
export type CteV1Item = NfeV1Item;
export const cteV1PageSchema = v1PageSchema(cteV1ItemSchema);
/** The v1 query is the NF-e one (R11, R15-R17). */
export type CteV1Query = NfeV1Query;
