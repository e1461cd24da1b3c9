// Custom properties (spec 4.7, R28) and the account's properties (designed).
import type { HttpClient } from './http.js';
import type { NfeRole } from './wire/nfe.js';
import {
  PROPERTIES_PATH, propertiesResponseSchema, propertyPath, setPropertyResponseSchema,
  type CustomItem, type Property, type PropertyResult,
} from './wire/props.js';

/** Sets `property` on the NF-e of one batch (at most PROPERTY_BATCH_MAX items); one result per item. */
export async function setNfeProperty(http: HttpClient, role: NfeRole, property: string, items: CustomItem[]): Promise<PropertyResult[]> {
  // A PUT of the same values twice leaves the same state, so it may be retried.
  const res = await http.request({ method: 'PUT', path: propertyPath(role, property), body: { data: items }, schema: setPropertyResponseSchema, retry: true });
  return res.body.data;
}

export async function listProperties(http: HttpClient): Promise<Property[]> {
  const res = await http.request({ method: 'GET', path: PROPERTIES_PATH, schema: propertiesResponseSchema });
  return res.body.data;
}
