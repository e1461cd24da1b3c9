// The rural properties the credentials may access (designed, R3): `fiscal properties`.
import { requestData, type HttpClient } from './http.js';
import { cursorListingItems } from './paginate.js';
import { DIRECTORY_LIMIT_MAX } from './wire/companies.js';
import {
  RURAL_PROPERTIES_PATH,
  ruralPropertiesPageSchema,
  ruralPropertyPath,
  ruralPropertyResponseSchema,
  type RuralPropertyItem,
} from './wire/properties.js';

/** Every rural property of the account, page after page. */
export function allRuralProperties(http: HttpClient): AsyncIterable<RuralPropertyItem> {
  return cursorListingItems(http, RURAL_PROPERTIES_PATH, ruralPropertiesPageSchema, DIRECTORY_LIMIT_MAX);
}

/** One rural property of the account; an id the credentials may not access is a 404 (NotFoundError). */
export async function getRuralProperty(http: HttpClient, id: string): Promise<RuralPropertyItem> {
  return requestData(http, { method: 'GET', path: ruralPropertyPath(id), schema: ruralPropertyResponseSchema });
}
