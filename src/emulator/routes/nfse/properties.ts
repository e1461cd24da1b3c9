// PUT /v1/nfse/{role}/{property} (R37, observed: `{data: [{id, value}]}`, at most 50 items,
// answering `data.result.{success, failed}`). Sets a custom property on many notes at once, as
// PUT /v1/nfe/{role}/{property} does for NF-e (R28); the values are what the R17 `filter` and the
// `customData` of the listings read. Designed: the body is checked whole first (400 naming
// `data.<i>.<field>`); then a note the account does not hold in that role fails alone.
import {
  NFSE_PROPERTY_BATCH_MAX,
  NFSE_ROLES,
  nfsePropertyResponseSchema,
  type NfsePropertyRequest,
  type NfsePropertyResponse,
} from '../../../api/wire/nfse.js';
import type { StoredNfse } from '../../model-docs.js';
import { okAs, type Reply } from '../../respond.js';
import type { RequestContext } from '../../router.js';
import { roleParam } from '../listing/v1-listing.js';
import { readPropertyBatch } from '../property-batch.js';
import { findNfse } from './find.js';
import { nfseAnyIdProblem } from './query.js';

type Item = NfsePropertyRequest['data'][number];

export function setNfseProperty(ctx: RequestContext): Reply {
  const role = roleParam(ctx, NFSE_ROLES);
  const property = ctx.params.property!;
  const items: Item[] = readPropertyBatch(ctx.json(), property, {
    idField: 'id',
    max: NFSE_PROPERTY_BATCH_MAX,
    idProblem: (id) => (typeof id === 'string' ? nfseAnyIdProblem(id) : 'The id field is required.'),
  });
  const result: NfsePropertyResponse['data']['result'] = { success: [], failed: [] };
  for (const { id, value } of items) {
    const doc = findNfse(ctx, id, role);
    if (!doc) {
      result.failed.push({ id, message: `no NFS-e with this id in role ${role}` });
      continue;
    }
    // Replaced, not changed in place: generated documents may share objects.
    (doc as StoredNfse).properties = { ...doc.properties, [property]: value };
    result.success.push(id);
  }
  return okAs(nfsePropertyResponseSchema, { data: { result } });
}
