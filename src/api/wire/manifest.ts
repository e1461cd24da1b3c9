// Manifestação do Destinatário (spec 4.10-4.14, R29), shared by the client and the emulator.
// Designed (the spec does not show them): the shape of `sefaz_response`, the status codes of a
// manifestation request while pending or once answered, and that the sync endpoint takes one
// manifest per call (its answer has one `access_key`). See docs/manifest.md.
import * as z from 'zod';
import { statusSchema } from './common.js';

export const MANIFEST_PATH = '/v1/nfe/manifest';
export const MANIFEST_SYNC_PATH = '/v1/nfe/manifest/sync';
export const MANIFEST_STATUS_PATH = '/v1/nfe/manifest/status';
export const MANIFEST_V2_PATH = '/v2/nfe/manifest';

/** 4.12: the manifestation codes. */
export const MANIFEST_CODES = {
  '210200': 'confirmation',
  '210210': 'awareness',
  '210220': 'unawareness',
  '210240': 'operation not performed',
} as const;
export type ManifestCode = keyof typeof MANIFEST_CODES;

export function isManifestCode(code: string): code is ManifestCode {
  return Object.hasOwn(MANIFEST_CODES, code);
}

/** R29: only "operation not performed" needs a justification. */
export const JUSTIFIED_CODE: ManifestCode = '210240';
/** R29 (observed SEFAZ rule): the justification's length. */
const JUSTIFICATION_MIN = 15;
const JUSTIFICATION_MAX = 255;

/** Why `text` is not an acceptable justification, or undefined. */
export function justificationProblem(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === '') return `a justification is required for ${JUSTIFIED_CODE}`;
  const length = text.trim().length;
  if (length < JUSTIFICATION_MIN || length > JUSTIFICATION_MAX) {
    return `a justification has ${JUSTIFICATION_MIN} to ${JUSTIFICATION_MAX} characters, this one has ${length}`;
  }
  return undefined;
}

export const REQUEST_ID_LENGTH = 64;

const manifestItemSchema = z.object({
  access_key: z.string(),
  code: z.string(),
  justification: z.string().optional(),
});
export type ManifestItem = z.infer<typeof manifestItemSchema>;

/** 4.11: the asynchronous answer. */
export const manifestAcceptedSchema = z.object({ status: statusSchema, data: z.object({ request_id: z.string() }) });

/** Designed: the tax authority's answer to one event, the fields of its retEvento. */
const sefazResponseSchema = z.object({
  cStat: z.number().int(),
  xMotivo: z.string(),
  tpEvento: z.string(),
  nSeqEvento: z.number().int().optional(),
  nProt: z.string().optional(),
  dhRegEvento: z.string().optional(),
});
export type SefazResponse = z.infer<typeof sefazResponseSchema>;

/** 4.13: the synchronous answer. */
export const manifestSyncSchema = z.object({
  status: statusSchema,
  data: z.object({ access_key: z.string(), sefaz_response: sefazResponseSchema }),
});

/** 4.14 / 2.3: one manifestation request item; `status.code` designed (see docs/manifest.md). */
const manifestStatusItemSchema = z.object({
  access_key: z.string(),
  code: z.number().int(),
  status: statusSchema,
  /** Designed: which request the item belongs to. */
  request_id: z.string().optional(),
});
export type ManifestStatusItem = z.infer<typeof manifestStatusItemSchema>;
export const manifestStatusSchema = z.object({ status: statusSchema, data: z.array(manifestStatusItemSchema) });

/** Designed status codes of a request item: pending, then the cStat of the tax authority's answer. */
export const PENDING_CODE = 100;
export const REGISTERED_CODE = 135;

/** 4.10: the latest manifestation of each key, `code` integer in v1 and string in v2. */
export const manifestLatestV1Schema = z.object({
  status: statusSchema,
  data: z.array(z.object({ access_key: z.string(), code: z.number().int() })),
});
export const manifestLatestV2Schema = z.object({
  status: statusSchema,
  data: z.array(z.object({ access_key: z.string(), code: z.string() })),
});

export const MANIFEST_ORIGINS = ['app', 'api'] as const;
export type ManifestOrigin = (typeof MANIFEST_ORIGINS)[number];
