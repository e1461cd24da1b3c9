// PUT /{type}/{role}/{property} of NF-e (spec 4.7, R28) and of CT-e and CT-e OS (designed like
// NF-e's), and GET /v1/nfe/properties (designed). A PUT sets one property on many documents of
// the type at once; the stored values are what the R17 `filter` of the v1 listings and the
// `CustomData` of the body searches read (doc.properties). Designed: the body is checked whole
// first (400 naming `data.<i>.<field>`), then each item gets a result: a key the account does not
// hold in that role (another account's, another model's) fails alone. NFS-e's PUT is in nfse/.
import { DOC_TYPES, docType } from '../../fiscal/doc-types.js';
import {
  DEFAULT_PROPERTY,
  PROPERTIES_PATH,
  PROPERTY_BATCH_MAX,
  propertiesResponseSchema,
  setPropertyResponseSchema,
  type CustomItem,
  type KeyedPropertyType,
  type PropertyResult,
} from '../../api/wire/props.js';
import { annotatablesOf, countNames } from '../annotations.js';
import { okAs, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { roleParam } from './listing/v1-listing.js';
import { readPropertyBatch } from './property-batch.js';

const KEYED_TYPES: readonly KeyedPropertyType[] = ['nfe', 'cte', 'cteos'];

export function registerProps(router: Router): void {
  for (const type of KEYED_TYPES)
    router.add('PUT', DOC_TYPES[type].endpoints.properties, (ctx) => setProperty(ctx, type), { errors: 'v1' });
  router.add('GET', PROPERTIES_PATH, listProperties, { errors: 'v1' });
}

function setProperty(ctx: RequestContext, type: KeyedPropertyType): Reply {
  const role = roleParam(ctx, docType(type).roles);
  const property = ctx.params.property!;
  const items: CustomItem[] = readPropertyBatch(ctx.json(), property, {
    idField: 'access_key',
    max: PROPERTY_BATCH_MAX,
    idProblem: (key) =>
      typeof key === 'string' && key.length === 44 ? undefined : 'The access_key must have 44 characters.',
  });
  const data = items.map((item) => setOne(ctx, type, role, property, item));
  return okAs(setPropertyResponseSchema, { data });
}

function setOne(
  ctx: RequestContext,
  type: KeyedPropertyType,
  role: string,
  property: string,
  item: CustomItem,
): PropertyResult {
  // R3: the calling account's documents only; each type's store holds its own model's keys.
  const doc =
    type === 'nfe'
      ? ctx.store.findNfe(ctx.account.id, item.access_key)
      : ctx.store.findDoc(ctx.account.id, type, item.access_key);
  if (!doc || !doc.roles.some((r) => r.role === role)) {
    const message = `no ${docType(type).name} with this key in role ${role}`;
    return { access_key: item.access_key, success: false, code: 404, message };
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
