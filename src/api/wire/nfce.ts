// NFC-e wire shapes: "XML search only, by owner role emitted" (spec 1). Designed path
// GET /v1/nfce/emitted, a v1 cursor listing like GET /v1/nfe/{role} (R11-R17).
import * as z from 'zod';
import { v1PageSchema, type V1ListingQuery } from './common.js';
import { NFCE_ROLES } from './words.js';

export { NFCE_ROLES } from './words.js';
export type NfceRole = (typeof NFCE_ROLES)[number];

const nfceV1ItemSchema = z.object({ access_key: z.string(), xml: z.string() });
export type NfceV1Item = z.infer<typeof nfceV1ItemSchema>;
export const nfceV1PageSchema = v1PageSchema(nfceV1ItemSchema);

export type NfceV1Query = V1ListingQuery;
