// The rural properties the credentials may access (designed, R3): `fiscal properties`.
import type { HttpClient } from './http.js';
import { itemsOf, paginateCursor } from './paginate.js';
import type { V1Page } from './wire/common.js';
import { DIRECTORY_LIMIT_MAX } from './wire/companies.js';
import {
  RURAL_PROPERTIES_PATH,
  ruralPropertiesPageSchema,
  ruralPropertyPath,
  ruralPropertyResponseSchema,
  type RuralPropertyItem,
} from './wire/properties.js';

async function listRuralProperties(http: HttpClient, cursor = 0): Promise<V1Page<RuralPropertyItem>> {
  const res = await http.request({
    method: 'GET',
    path: RURAL_PROPERTIES_PATH,
    query: { cursor, limit: DIRECTORY_LIMIT_MAX },
    schema: ruralPropertiesPageSchema,
    verifySignature: true,
  });
  return res.body;
}

/** Every rural property of the account, page after page. */
export function allRuralProperties(http: HttpClient): AsyncIterable<RuralPropertyItem> {
  return itemsOf(paginateCursor((cursor) => listRuralProperties(http, cursor)));
}

/** One rural property of the account; an id the credentials may not access is a 404 (NotFoundError). */
export async function getRuralProperty(http: HttpClient, id: string): Promise<RuralPropertyItem> {
  const res = await http.request({ method: 'GET', path: ruralPropertyPath(id), schema: ruralPropertyResponseSchema });
  return res.body.data;
}
