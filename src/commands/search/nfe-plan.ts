// Which endpoint answers a `search nfe`, and the request it gets. Pure: unit-tested on its own.
//
// POST /v2/dfe/nfe has every filter but no custom-property expression; GET /v1/nfe/{role} has the
// expression (R17) and several access keys per call, but one role and few filters. v2 is the
// default; v1 is chosen by --filter, several --key, or --api v1. docs/search.md has the table.
import type { NfeRole, NfeV1Query, NfeV2Field, NfeV2Filters, NfeV2Request } from '../../api/wire/nfe.js';
import { V2_LIMIT_MAX } from '../../api/wire/nfe.js';
import { UsageError } from '../../errors.js';
import { emissionWindowOfKeys } from '../../fiscal/access-key.js';
import { commonBodyFilters } from './body-filters.js';
import { listingQuery } from './role-listing.js';
import type { NfeSearchOptions } from './nfe-options.js';

export const DEFAULT_SEARCH_FIELDS: NfeV2Field[] = [
  'AccessKey', 'Number', 'EmissionDate', 'CreatedAt', 'Emitter', 'Receiver', 'Status', 'Owner', 'OwnerRole',
  // The table's VALUE (Document.TotalValue).
  'Document',
];
/** Fields a v1 listing can give: read from the XML it returns. */
export const V1_FIELDS: NfeV2Field[] = ['AccessKey', 'Number', 'EmissionDate', 'Emitter', 'Receiver', 'Cfops', 'OwnerRole', 'Xml'];
export const DEFAULT_LIMIT = 50;
/** The start of an emission window that holds every NF-e: the model dates from 2006. */
export const EARLIEST_EMISSION = '2006-01-01';

export type NfeSearchPlan =
  | { api: 'v2'; request: NfeV2Request; limit: number | undefined; defaultWindow: boolean }
  | { api: 'v1'; role: NfeRole; query: NfeV1Query; limit: number | undefined; fields: NfeV2Field[] };

type Flag = keyof NfeSearchOptions;
export const V2_ONLY_FLAGS: Flag[] = [
  'emitter', 'receiver', 'transporter', 'from', 'to', 'status', 'number', 'cfop', 'tag', 'tagsAll',
  'origin', 'fin', 'hasCce', 'hasEvent', 'hasManifestation', 'hasXped', 'xped', 'prop',
];

const flag = (k: string) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export function planNfeSearch(o: NfeSearchOptions, now: Date): NfeSearchPlan {
  const limit = o.all ? undefined : (o.limit ?? DEFAULT_LIMIT);
  const v2Flags = V2_ONLY_FLAGS.filter((k) => o[k] !== undefined);
  const v1Reasons = [o.filter !== undefined ? '--filter' : '', (o.key?.length ?? 0) > 1 ? 'several --key' : ''].filter(Boolean);
  if (v1Reasons.length && v2Flags.length) {
    throw new UsageError(`${v1Reasons[0]} needs the v1 endpoint, which has no ${flag(v2Flags[0]!)} filter`, {
      details: ['run two searches, or express the condition as a custom property (--filter)'],
    });
  }
  const api = o.api ?? (v1Reasons.length ? 'v1' : 'v2');
  if (api === 'v1') return planV1(o, limit, v2Flags, now);
  if (v1Reasons.length) throw new UsageError(`${v1Reasons[0]} is not available with --api v2`);
  return planV2(o, limit, now);
}

function planV2(o: NfeSearchOptions, limit: number | undefined, now: Date): NfeSearchPlan {
  const f: NfeV2Filters = commonBodyFilters(o, now);
  if (o.key?.[0]) f.DocumentIdentifier = o.key[0];
  if (o.transporter) f.TransporterCnpj = o.transporter;
  if (o.receiver) f.ReceiverCnpj = o.receiver;
  if (o.role) f.OwnerRoles = [...new Set(o.role)];
  if (o.status) f.Status = o.status;
  if (o.origin) f.Origins = o.origin;
  if (o.hasCce !== undefined) f.HasCCE = o.hasCce;
  if (o.hasEvent !== undefined) f.HasEvent = o.hasEvent;
  if (o.hasManifestation !== undefined) f.HasManifestation = o.hasManifestation;
  if (o.hasXped !== undefined) f.HasXPed = o.hasXped;
  if (o.cfop) f.Cfops = o.cfop;
  if (o.number) f.NfeNumber = { From: o.number.from, To: o.number.to };
  if (o.tag) f.Tags = o.tag;
  if (o.tagsAll) f.TagsAll = o.tagsAll;
  if (o.xped) f.xPeds = o.xped;
  if (o.fin) f.FinNFe = o.fin;
  if (o.prop) f.CustomData = o.prop;
  // R19: without EmissionDate the service searches the last 30 days of emission, so a search that
  // names documents (a key, a number) and no period brings its own window: the months the keys
  // carry (AAMM), or, for a number, every emission since the model exists. docs/search.md.
  if (!f.EmissionDate && o.key?.length) f.EmissionDate = emissionWindowOfKeys(o.key);
  else if (!f.EmissionDate && o.number) f.EmissionDate = { From: EARLIEST_EMISSION };
  const request: NfeV2Request = {
    Fields: o.fields ?? DEFAULT_SEARCH_FIELDS,
    Filters: f,
    Limit: Math.min(limit ?? V2_LIMIT_MAX, V2_LIMIT_MAX),
  };
  // R19: without an emission range the service searches the last 30 days of emission.
  return { api: 'v2', request, limit, defaultWindow: !f.EmissionDate };
}

function planV1(o: NfeSearchOptions, limit: number | undefined, v2Flags: Flag[], now: Date): NfeSearchPlan {
  if (v2Flags.length) throw new UsageError(`${flag(v2Flags[0]!)} is not available on the v1 endpoint (--api v1)`);
  const roles = [...new Set(o.role ?? [])];
  if (roles.length !== 1) {
    throw new UsageError(`--role: the v1 endpoint lists one role at a time, got ${roles.length ? roles.join(',') : 'none'}`);
  }
  const cpf = o.owner?.find((v) => v.length !== 14);
  if (cpf) throw new UsageError(`--owner: the v1 endpoint takes 14-digit CNPJs only, got "${cpf}"`);
  const unavailable = o.fields?.find((f) => !V1_FIELDS.includes(f));
  if (unavailable) throw new UsageError(`--fields: ${unavailable} needs the v2 endpoint; v1 gives ${V1_FIELDS.join(', ')}`);
  const query: NfeV1Query = listingQuery(o, limit, now);
  return { api: 'v1', role: roles[0]!, query, limit, fields: o.fields ?? DEFAULT_SEARCH_FIELDS.filter((f) => V1_FIELDS.includes(f)) };
}

