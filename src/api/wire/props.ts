// Custom properties (spec 4.7, R28) and the account's properties (designed). The PUT of NF-e is
// the spec's `{data: [Custom]}` with Custom = `{access_key, value}`; CT-e and CT-e OS take the same
// (designed); NFS-e's own shape is in ./nfse.ts (R37). The per-item result and the properties list
// are designed, in the `{status, data}` envelope.
import * as z from 'zod';
import { docType, fillPath, type PropertyDocType } from '../../fiscal/doc-types.js';
import { statusSchema } from './common.js';
import { NFSE_PROPERTY_BATCH_MAX } from './nfse.js';

export const PROPERTIES_PATH = '/v1/nfe/properties';
/** Every account has this property (R28). */
export const DEFAULT_PROPERTY = 'status';
/** Designed: most items one PUT of keyed documents takes. */
export const PROPERTY_BATCH_MAX = 500;
/** Designed: a property name is a word of letters, digits and underscores, 1 to 64 characters. */
export const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Designed: a value has at most this many characters. */
export const PROPERTY_VALUE_MAX = 255;

/** The types whose documents are named by an access key in `{data: [{access_key, value}]}`. */
export type KeyedPropertyType = Exclude<PropertyDocType, 'nfse'>;

/** The PUT of `type`, filled: `/v1/cte/taker/status`. */
export const propertyPath = (type: PropertyDocType, role: string, property: string): string =>
  fillPath(docType(type).endpoints.properties!, { role, property });

/** Most items one PUT of `type` takes: 500 (designed), 50 for NFS-e (R37). */
export const propertyBatchMax = (type: PropertyDocType): number =>
  type === 'nfse' ? NFSE_PROPERTY_BATCH_MAX : PROPERTY_BATCH_MAX;

const customItemSchema = z.object({ access_key: z.string(), value: z.string() });
export type CustomItem = z.infer<typeof customItemSchema>;

/** Designed: one result per item, in the order sent; `code` 404 when the key is not the account's in that role. */
const propertyResultSchema = z.object({
  access_key: z.string(),
  success: z.boolean(),
  message: z.string(),
  code: z.number().int().optional(),
});
export type PropertyResult = z.infer<typeof propertyResultSchema>;
export const setPropertyResponseSchema = z.object({ status: statusSchema, data: z.array(propertyResultSchema) });

/** Designed: a property of the account and how many of its documents carry it. */
const propertySchema = z.object({ name: z.string(), default: z.boolean(), documents: z.number().int() });
export type Property = z.infer<typeof propertySchema>;
export const propertiesResponseSchema = z.object({ status: statusSchema, data: z.array(propertySchema) });
