// PUT /v1/nfse/{role}/{property} (R37, observed: `{data: [{id, value}]}`, at most 50 items,
// answering `data.result.{success, failed}`). Sets a custom property on many notes at once, as
// PUT /v1/nfe/{role}/{property} does for NF-e (R28); the values are what the R17 `filter` and the
// `customData` of the listings read. Designed: the body is checked whole first (400 naming
// `data.<i>.<field>`); then a note the account does not hold in that role fails alone.
import { PROPERTY_NAME, PROPERTY_VALUE_MAX } from '../../../api/wire/props.js';
import {
  NFSE_PROPERTY_BATCH_MAX,
  NFSE_ROLES,
  nfsePropertyResponseSchema,
  type NfsePropertyRequest,
  type NfsePropertyResponse,
} from '../../../api/wire/nfse.js';
import type { StoredNfse } from '../../model-docs.js';
import { HttpError, okAs, v1FieldErrors, type Reply } from '../../respond.js';
import type { RequestContext } from '../../router.js';
import { roleParam } from '../listing/v1-listing.js';
import { findNfse } from './find.js';
import { nfseAnyIdProblem } from './query.js';

type Item = NfsePropertyRequest['data'][number];

export function setNfseProperty(ctx: RequestContext): Reply {
  const role = roleParam(ctx, NFSE_ROLES);
  const property = ctx.params.property!;
  const items = readItems(ctx.json(), property);
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

function readItems(raw: unknown, property: string): Item[] {
  const errors: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!PROPERTY_NAME.test(property))
    problem('property', 'The property is 1 to 64 letters, digits or underscores, not starting with a digit.');
  const data = typeof raw === 'object' && raw !== null ? (raw as { data?: unknown }).data : undefined;
  if (!Array.isArray(data) || data.length === 0)
    problem('data', 'The data field is required: a non-empty array of {id, value}.');
  else if (data.length > NFSE_PROPERTY_BATCH_MAX)
    problem('data', `The data may not have more than ${NFSE_PROPERTY_BATCH_MAX} items.`);
  else {
    data.forEach((item: unknown, i) => {
      const it = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      const why = typeof it.id === 'string' ? nfseAnyIdProblem(it.id) : 'The id field is required.';
      if (why) problem(`data.${i}.id`, why);
      if (typeof it.value !== 'string') problem(`data.${i}.value`, 'The value field is required.');
      else if (it.value.length > PROPERTY_VALUE_MAX)
        problem(`data.${i}.value`, `The value may not be greater than ${PROPERTY_VALUE_MAX} characters.`);
    });
  }
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  return (data as Item[]).map(({ id, value }) => ({ id, value }));
}
