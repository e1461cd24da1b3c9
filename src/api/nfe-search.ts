// The NF-e search plan `search nfe` and `pull nfe` share: which endpoint answers a search given in
// the client's words (the flags' values, checked) and with which request. Pure: unit-tested on its
// own. Commands hand it options and never build a body.
//
// POST /v2/dfe/nfe has every filter but no custom-property expression; GET /v1/nfe/{role} has the
// expression (R17) and several access keys per call, but one role and few filters. v2 is the
// default; v1 is chosen by --filter, several --key, or --api v1. docs/search.md has the table.
import { listingQuery } from './document-filters.js';
import { nfeV2Filters, type NfeSearchFilters } from './nfe.js';
import type { NfeRole, NfeV1Query, NfeV2Field, NfeV2Request } from './wire/nfe.js';
import { V2_LIMIT_MAX } from './wire/nfe.js';
import { flagName, UsageError } from '../errors.js';
import { emissionWindowOfKeys } from '../fiscal/access-key.js';

/** An NF-e search: the filters in the client's words, and how much of what to list. */
export interface NfeSearch extends NfeSearchFilters {
  filter?: string | undefined;
  fields?: NfeV2Field[] | undefined;
  limit?: number | undefined;
  all?: boolean | undefined;
  api?: 'v1' | 'v2' | undefined;
  /** v2 also gives Status and Events beside `fields`: the XML keeps only the protocol it was authorized with. */
  withStatus?: boolean | undefined;
  /** No 30-day default window (R19) when no period is given: every emission, as a pull wants. */
  everyEmission?: boolean | undefined;
}

/**
 * The filters on the document itself (number, CFOPs, tags, origin, purpose, events, orders), which
 * only v2 has: spread in place into V2_ONLY_FLAGS.
 */
const NFE_DOCUMENT_FILTERS = [
  'number',
  'cfop',
  'tag',
  'tagsAll',
  'origin',
  'fin',
  'hasCce',
  'hasEvent',
  'hasManifestation',
  'hasXped',
  'xped',
] as const satisfies readonly (keyof NfeSearch)[];

const DEFAULT_SEARCH_FIELDS: NfeV2Field[] = [
  'AccessKey',
  'Number',
  'EmissionDate',
  'CreatedAt',
  'Emitter',
  'Receiver',
  'Status',
  'Owner',
  'OwnerRole',
  // The table's VALUE (Document.TotalValue).
  'Document',
];
/** Fields a v1 listing can give: read from the XML it returns. */
const V1_FIELDS: NfeV2Field[] = [
  'AccessKey',
  'Number',
  'EmissionDate',
  'Emitter',
  'Receiver',
  'Cfops',
  'OwnerRole',
  'Xml',
];
const DEFAULT_LIMIT = 50;
/** The start of an emission window that holds every NF-e: the model dates from 2006. */
const EARLIEST_EMISSION = '2006-01-01';
/**
 * The window of `everyEmission`: older than EARLIEST_EMISSION, and kept so, because a pull's
 * filters are part of its checkpoint and a changed body would start it over.
 */
const EVERY_EMISSION_FROM = '2000-01-01';
/** What v2 says of a document's status beside its XML (`withStatus`). */
const STATUS_FIELDS: NfeV2Field[] = ['Status', 'Events'];

export type NfeSearchPlan =
  | { api: 'v2'; request: NfeV2Request; limit: number | undefined; defaultWindow: boolean }
  | { api: 'v1'; role: NfeRole; query: NfeV1Query; limit: number | undefined; fields: NfeV2Field[] };

type Flag = keyof NfeSearch;
export const V2_ONLY_FLAGS: Flag[] = [
  'emitter',
  'receiver',
  'transporter',
  'from',
  'to',
  'status',
  ...NFE_DOCUMENT_FILTERS,
  'prop',
];

export function planNfeSearch(o: NfeSearch, now: Date): NfeSearchPlan {
  const limit = o.all ? undefined : (o.limit ?? DEFAULT_LIMIT);
  const v2Flags = V2_ONLY_FLAGS.filter((k) => o[k] !== undefined);
  const v1Reasons = [o.filter !== undefined ? '--filter' : '', (o.key?.length ?? 0) > 1 ? 'several --key' : ''].filter(
    Boolean,
  );
  if (v1Reasons.length && v2Flags.length) {
    throw new UsageError(`${v1Reasons[0]} needs the v1 endpoint, which has no ${flagName(v2Flags[0]!)} filter`, {
      details: ['run two searches, or express the condition as a custom property (--filter)'],
    });
  }
  const api = o.api ?? (v1Reasons.length ? 'v1' : 'v2');
  if (api === 'v1') return planV1(o, limit, v2Flags, now);
  if (v1Reasons.length) throw new UsageError(`${v1Reasons[0]} is not available with --api v2`);
  return planV2(o, limit, now);
}

function planV2(o: NfeSearch, limit: number | undefined, now: Date): NfeSearchPlan {
  const f = nfeV2Filters(o, now);
  // R19: without EmissionDate the service searches the last 30 days of emission, so a search that
  // names documents (a key, a number) and no period brings its own window: the months the keys
  // carry (AAMM), or, for a number, every emission since the model exists. docs/search.md.
  if (!f.EmissionDate && o.key?.length) f.EmissionDate = emissionWindowOfKeys(o.key);
  else if (!f.EmissionDate && o.number) f.EmissionDate = { From: EARLIEST_EMISSION };
  else if (!f.EmissionDate && o.everyEmission) f.EmissionDate = { From: EVERY_EMISSION_FROM };
  const fields = o.fields ?? DEFAULT_SEARCH_FIELDS;
  const request: NfeV2Request = {
    Fields: o.withStatus ? [...new Set([...fields, ...STATUS_FIELDS])] : fields,
    Filters: f,
    Limit: Math.min(limit ?? V2_LIMIT_MAX, V2_LIMIT_MAX),
  };
  // R19: without an emission range the service searches the last 30 days of emission.
  return { api: 'v2', request, limit, defaultWindow: !f.EmissionDate };
}

function planV1(o: NfeSearch, limit: number | undefined, v2Flags: Flag[], now: Date): NfeSearchPlan {
  if (v2Flags.length) throw new UsageError(`${flagName(v2Flags[0]!)} is not available on the v1 endpoint (--api v1)`);
  const roles = [...new Set(o.role ?? [])];
  if (roles.length !== 1) {
    throw new UsageError(
      `--role: the v1 endpoint lists one role at a time, got ${roles.length ? roles.join(',') : 'none'}`,
    );
  }
  const cpf = o.owner?.find((v) => v.length !== 14);
  if (cpf) throw new UsageError(`--owner: the v1 endpoint takes 14-digit CNPJs only, got "${cpf}"`);
  const unavailable = o.fields?.find((f) => !V1_FIELDS.includes(f));
  if (unavailable)
    throw new UsageError(`--fields: ${unavailable} needs the v2 endpoint; v1 gives ${V1_FIELDS.join(', ')}`);
  const query: NfeV1Query = listingQuery(o, limit, now);
  return {
    api: 'v1',
    role: roles[0]!,
    query,
    limit,
    fields: o.fields ?? DEFAULT_SEARCH_FIELDS.filter((f) => V1_FIELDS.includes(f)),
  };
}
