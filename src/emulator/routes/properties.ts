// GET /v1/properties and /v1/properties/{id} (designed): the rural properties the credentials may
// access (R3), paged like the companies. Not the custom properties of documents (routes/props.ts).
import {
  RURAL_PROPERTIES_PATH,
  RURAL_PROPERTY_PATH,
  RURAL_PROPERTY_ID,
  ruralPropertiesPageSchema,
  ruralPropertyResponseSchema,
} from '../../api/wire/properties.js';
import { ruralPropertiesOf } from '../data/rural-properties.js';
import { HttpError, badRequest, okAs, v1Error, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { directoryPage } from './listing/directory-page.js';

export function registerProperties(router: Router): void {
  router.add(
    'GET',
    RURAL_PROPERTIES_PATH,
    (ctx) => directoryPage(ctx, ruralPropertiesOf(ctx.account), ruralPropertiesPageSchema),
    { errors: 'v1' },
  );
  router.add('GET', RURAL_PROPERTY_PATH, showRuralProperty, { errors: 'v1' });
}

function showRuralProperty(ctx: RequestContext): Reply {
  const id = ctx.params.id!;
  if (!RURAL_PROPERTY_ID.test(id))
    throw badRequest('v1', 'a property id is the UF then the state registration digits, e.g. MG0012345678', 'id');
  const found = ruralPropertiesOf(ctx.account).find((p) => p.id === id);
  // R3: another account's property is as unknown as an id of no account.
  if (!found) throw new HttpError(v1Error(404, `no property ${id} among the properties these credentials may access`));
  return okAs(ruralPropertyResponseSchema, { data: found });
}
