// Custom properties (spec 4.7, R28) and the account's properties (designed).
import { requestData, type HttpClient } from './http.js';
import type { NfeRole } from './wire/nfe.js';
import {
  PROPERTIES_PATH,
  propertiesResponseSchema,
  propertyPath,
  setPropertyResponseSchema,
  type CustomItem,
  type Property,
  type PropertyResult,
} from './wire/props.js';

/** The request that sets `property` in `role`, for what a dry run shows and errors name. */
export function setPropertyRequest(role: NfeRole, property: string): { method: 'PUT'; path: string } {
  return { method: 'PUT', path: propertyPath(role, property) };
}

/** Sets `property` on the NF-e of one batch (at most PROPERTY_BATCH_MAX items); one result per item. */
export async function setNfeProperty(
  http: HttpClient,
  role: NfeRole,
  property: string,
  items: CustomItem[],
): Promise<PropertyResult[]> {
  // A PUT of the same values twice leaves the same state, so it may be retried.
  return requestData(http, {
    ...setPropertyRequest(role, property),
    body: { data: items },
    schema: setPropertyResponseSchema,
    retry: true,
  });
}

export async function listProperties(http: HttpClient): Promise<Property[]> {
  return requestData(http, { method: 'GET', path: PROPERTIES_PATH, schema: propertiesResponseSchema });
}
