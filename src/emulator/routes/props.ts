// PUT /v1/nfe/{role}/{property} (spec 4.7, R28) and GET /v1/nfe/properties (designed). A PUT sets one
// property on many NF-e at once; the stored values are what the R17 `filter` of the v1 listings
// reads (doc.properties). Designed: the body is checked whole first (400 naming `data.<i>.<field>`),
// then each item gets a result: a key the account does not hold in that role fails alone.
import { NFE_ROLES, type NfeRole } from '../../api/wire/nfe.js';
import {
  DEFAULT_PROPERTY,
  PROPERTIES_PATH,
  PROPERTY_PATH,
  PROPERTY_BATCH_MAX,
  propertiesResponseSchema,
  setPropertyResponseSchema,
  type CustomItem,
  type PropertyResult,
} from '../../api/wire/props.js';
import { annotatablesOf, countNames } from '../annotations.js';
import { okAs, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { roleParam } from './listing/v1-listing.js';
import { readPropertyBatch } from './property-batch.js';

export function registerProps(router: Router): void {
  router.add('PUT', PROPERTY_PATH, setProperty, { errors: 'v1' });
  router.add('GET', PROPERTIES_PATH, listProperties, { errors: 'v1' });
}

function setProperty(ctx: RequestContext): Reply {
  const role = roleParam(ctx, NFE_ROLES);
  const property = ctx.params.property!;
  const items: CustomItem[] = readPropertyBatch(ctx.json(), property, {
    idField: 'access_key',
    max: PROPERTY_BATCH_MAX,
    idProblem: (key) =>
      typeof key === 'string' && key.length === 44 ? undefined : 'The access_key must have 44 characters.',
  });
  const data = items.map((item) => setOne(ctx, role, property, item));
  return okAs(setPropertyResponseSchema, { data });
}

function setOne(ctx: RequestContext, role: NfeRole, property: string, item: CustomItem): PropertyResult {
  const doc = ctx.store.findNfe(ctx.account.id, item.access_key);
  if (!doc || !doc.roles.some((r) => r.role === role)) {
    return { access_key: item.access_key, success: false, code: 404, message: `no NF-e with this key in role ${role}` };
  }
  // Replaced, not changed in place: generated documents may share objects.
  doc.properties = { ...doc.properties, [property]: item.value };
  return { access_key: item.access_key, success: true, message: 'OK' };
}

/** Designed: the account's properties (always `status`, R28) and how many documents carry each. */
function listProperties(ctx: RequestContext): Reply {
  const names = function* () {
    for (const doc of annotatablesOf(ctx.store, ctx.account.id)) yield* Object.keys(doc.properties);
  };
  const counts = countNames(names());
  if (!counts.has(DEFAULT_PROPERTY)) counts.set(DEFAULT_PROPERTY, 0);
  const data = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, documents]) => ({ name, default: name === DEFAULT_PROPERTY, documents }));
  return okAs(propertiesResponseSchema, { data });
}
