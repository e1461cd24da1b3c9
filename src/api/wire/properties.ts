// The rural properties the credentials may access (spec group "Property"; not the custom document
// properties of `props`): designed shapes, a v1 cursor listing in the `{status, data}` envelope
// (R12), and one property by its id. See docs/properties.md.
import * as z from 'zod';
import { fillPath } from '../../fiscal/doc-types.js';
import { statusSchema, v1PageSchema } from './common.js';
import { enabledDocumentsSchema } from './companies.js';

export const RURAL_PROPERTIES_PATH = '/v1/properties';
/** The route the emulator registers; `ruralPropertyPath` fills it. */
export const RURAL_PROPERTY_PATH = `${RURAL_PROPERTIES_PATH}/:id`;
export const ruralPropertyPath = (id: string): string => fillPath(RURAL_PROPERTY_PATH, { id });

/** Designed: id of a rural property, the UF then its producer state registration (`MG0012345678`). */
export const RURAL_PROPERTY_ID = /^[A-Z]{2}\d{2,14}$/;

/** Designed: a rural property (propriedade rural) of a producer, a unit with its own state registration. */
const ruralPropertySchema = z.object({
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
  /** As a company's: the document types and roles the property holds documents in. */
  documents: z.array(enabledDocumentsSchema),
});
export type RuralPropertyItem = z.infer<typeof ruralPropertySchema>;
export const ruralPropertiesPageSchema = v1PageSchema(ruralPropertySchema);
export const ruralPropertyResponseSchema = z.object({ status: statusSchema, data: ruralPropertySchema });
