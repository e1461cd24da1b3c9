// NFS-e wire shapes: POST /v1/dfe/nfse (spec 4.3, R22, R23), GET /v1/nfse/{role} (R11-R17) and
// GET /v2/nfse/received (R12, R16). Lower camel case everywhere on the body search (R22).
import * as z from 'zod';
import { statusSchema, v1PageSchema, type V1ListingQuery } from './common.js';
import { eventStreamPageSchema } from './events.js';
import { NFSE_FIELDS, NFSE_ROLES } from './words.js';

// The words (roles, fields) live in ./words.ts, zod-free, for the flag declarations.
export { NFSE_FIELDS, NFSE_ROLES } from './words.js';
export type NfseRole = (typeof NFSE_ROLES)[number];

/** R22: `ownerRoles` values of the body search, and the path role each stands for. */
export const NFSE_OWNER_ROLES = ['emitter', 'taker', 'intermediate'] as const;
export type NfseOwnerRole = (typeof NFSE_OWNER_ROLES)[number];
export const OWNER_ROLE_OF: Record<NfseRole, NfseOwnerRole> = {
  emitted: 'emitter',
  received: 'taker',
  intermediate: 'intermediate',
};
export const ROLE_OF_OWNER_ROLE: Record<NfseOwnerRole, NfseRole> = {
  emitter: 'emitted',
  taker: 'received',
  intermediate: 'intermediate',
};

export type NfseField = (typeof NFSE_FIELDS)[number];
/** Designed: without `fields`, the document summary (the XML is asked for by name). */
export const NFSE_DEFAULT_FIELDS: NfseField[] = ['document'];

/** Designed: default and maximum page size of the body search, as on the other body searches. */
export const NFSE_LIMIT_MAX = 500;

/** R9/R22: `{from, to}` (lower case on NFS-e). */
const lowerDateRangeSchema = z.object({ from: z.string().optional(), to: z.string().optional() }).strict();

const nfseFiltersSchema = z
  .object({
    createdAt: lowerDateRangeSchema,
    emissionDate: lowerDateRangeSchema,
    documentIdentifier: z.string(),
    owners: z.array(z.string()),
    emitterCnpj: z.array(z.string()),
    takerCnpj: z.array(z.string()),
    origin: z.string(),
    /** R22: the STRING "true" or "false"; a JSON boolean is refused. */
    isCanceled: z.enum(['true', 'false'], { message: 'must be the string "true" or "false"' }),
    ownerRoles: z.array(z.string()),
    competence: z.array(z.string()),
    /** R23: spelled `{Name, Values}` as the spec's common convention shows. */
    customData: z.array(z.object({ Name: z.string(), Values: z.array(z.string()) }).strict()),
  })
  .partial()
  .strict();
export type NfseFilters = z.infer<typeof nfseFiltersSchema>;

export const nfseSearchRequestSchema = z
  .object({
    fields: z.array(z.string()).optional(),
    filters: nfseFiltersSchema.optional(),
    limit: z.number().int().optional(),
    paginator: z.string().nullable().optional(),
  })
  .strict();
export type NfseSearchRequest = z.infer<typeof nfseSearchRequestSchema>;

/** Designed: what `document` holds (the spec names the field only). */
const nfseDocumentSchema = z.object({
  number: z.string(),
  emissionDate: z.string(),
  createdAt: z.string(),
  competence: z.string(),
  emitterCnpj: z.string(),
  emitterName: z.string(),
  takerCnpj: z.string(),
  takerName: z.string(),
  intermediaryCnpj: z.string(),
  serviceCode: z.string(),
  cityCode: z.string(),
  serviceValue: z.string(),
  issRate: z.string(),
  issValue: z.string(),
  issWithheld: z.boolean(),
  netValue: z.string(),
  isCanceled: z.boolean(),
  owner: z.string(),
  ownerRole: z.enum(NFSE_OWNER_ROLES),
});
export type NfseDocument = z.infer<typeof nfseDocumentSchema>;

const nfsePropertySchema = z.object({ name: z.string(), value: z.string() });

/** Designed: one record per (document, owner role); `id` is the R10 id of that owner. */
const nfseRecordSchema = z.object({
  id: z.string(),
  xmlAbrasf: z.string().optional(),
  /** Designed: the tax-reform (RTC) layout is not generated, so it is null. */
  xmlAbrasfRtc: z.string().nullable().optional(),
  originalXml: z.string().optional(),
  origin: z.string().optional(),
  flagErp: z.record(z.string(), z.string()).optional(),
  customData: z.array(nfsePropertySchema).optional(),
  document: nfseDocumentSchema.optional(),
});
export type NfseRecord = z.infer<typeof nfseRecordSchema>;

export const nfseSearchResponseSchema = z.object({
  status: statusSchema.optional(),
  nfses: z.array(nfseRecordSchema),
  paginator: z.string().nullable(),
  total: z.number().int(),
});
export type NfseSearchResponse = z.infer<typeof nfseSearchResponseSchema>;

/** GET /v1/nfse/{role} item (designed: `id` is the R10 id, `xml` the base64 CompNfse). */
const nfseV1ItemSchema = z.object({ id: z.string(), xml: z.string() });
export type NfseV1Item = z.infer<typeof nfseV1ItemSchema>;
export const nfseV1PageSchema = v1PageSchema(nfseV1ItemSchema);

/** R16 observed: `{id (40 hex), xml, properties: []}`; properties as `{name, value}` are designed. */
const nfseV2ItemSchema = z.object({ id: z.string(), xml: z.string(), properties: z.array(nfsePropertySchema) });
export type NfseV2Item = z.infer<typeof nfseV2ItemSchema>;
export const nfseV2PageSchema = v1PageSchema(nfseV2ItemSchema);

/** R16, R36: with `format_type=json`, `xml` is the note as a JSON object, read at `Nfse.InfNfse`. */
const nfseJsonSchema = z.record(z.string(), z.unknown());
export const nfseV1JsonPageSchema = v1PageSchema(nfseV1ItemSchema.extend({ xml: nfseJsonSchema }));
export const nfseV2JsonPageSchema = v1PageSchema(nfseV2ItemSchema.extend({ xml: nfseJsonSchema }));

/** The query of the NFS-e cursor listings, as the client sends it and the emulator reads it. */
/** NFS-e have no access key: no `access_key[]`. */
export type NfseV1Query = Omit<V1ListingQuery, 'accessKeys'>;

/** R10: `<owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>`. */
export const NFSE_ID = /^(\d{11}|\d{14}):(\d{11}|\d{14}):(\d{4}-\d{2}-\d{2}):(\d{1,15})$/;
/** The flagerp form of R10: `<emitter_cnpj>:<yyyy-mm-dd>:<number>`. */
export const NFSE_DOCUMENT_ID = /^(\d{11}|\d{14}):(\d{4}-\d{2}-\d{2}):(\d{1,15})$/;
/** R22: competence items are `yyyy-mm`. */
export const COMPETENCE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** R37: GET /v1/nfse/received/manual, the notes ingested manually (designed: items as /v1/nfse/{role}). */
/** GET, the v2 listing of received NFS-e (R12, R16). */
export const NFSE_RECEIVED_V2_PATH = '/v2/nfse/received';
export const NFSE_MANUAL_PATH = '/v1/nfse/received/manual';
export const nfseManualPageSchema = nfseV1PageSchema;

/** R37: PUT /v1/nfse/{role}/{property} takes at most 50 items per call. */
export const NFSE_PROPERTY_BATCH_MAX = 50;
const nfsePropertyRequestSchema = z.object({
  data: z.array(z.object({ id: z.string(), value: z.string() })),
});
export type NfsePropertyRequest = z.infer<typeof nfsePropertyRequestSchema>;
/** R37: `data.result.{success, failed}`; designed: the ids set, and each failure with its reason. */
export const nfsePropertyResponseSchema = z.object({
  status: statusSchema,
  data: z.object({
    result: z.object({
      success: z.array(z.string()),
      failed: z.array(z.object({ id: z.string(), message: z.string() })),
    }),
  }),
});
export type NfsePropertyResponse = z.infer<typeof nfsePropertyResponseSchema>;

/**
 * R37: GET /v1/nfse/events as a listing (`type[]`, `limit`, `id[]`, `cnpj[]`, cursor paging):
 * items carry `type` and `id`; designed: the rest as the stream /v1/events/nfse writes it.
 */
export const NFSE_EVENTS_PATH = '/v1/nfse/events';
export const nfseEventsPageSchema = eventStreamPageSchema;
