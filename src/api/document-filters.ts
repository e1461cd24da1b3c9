// What the document searches share on the wire, from filters in the client's words (the checked
// values of the flags of the same names): the PascalCase body searches' dates as `{From, To}` (R9),
// owners and emitter (`/v2/dfe/nfe`, `/v1/dfe/cte`, `/v1/dfe/cteos`, `/v1/dfe/mdfe`), and the query
// of a v1 role listing (R11, R15-R17). `createdTo: 'now'` becomes the time of the run on a body
// search: the v1 listings take `now` itself, but the body searches are not documented to.
import { brasiliaDateTime, NOW } from '../fiscal/dates.js';
import { docType, fillPath, type DocTypeName } from '../fiscal/doc-types.js';
import type { V1ListingQuery } from './wire/common.js';
import { V1_LIMIT_MAX } from './wire/nfe.js';

/** A custom property filter (R23): any of `Values` for the property `Name`. */
export interface PropertyFilter {
  Name: string;
  Values: string[];
}

/** The filters every document search takes. */
export interface DocumentFilters {
  /** Received by the service on or after / before (`now` allowed on the upper side). */
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  /** Emitted on or after / before. */
  from?: string | undefined;
  to?: string | undefined;
  owner?: string[] | undefined;
  emitter?: string[] | undefined;
}

interface CommonBodyFilters {
  CreatedAt?: { From?: string; To?: string };
  EmissionDate?: { From?: string; To?: string };
  Owners?: string[];
  EmitterCnpj?: string[];
}

/** A `{From, To}` range with only the sides given. */
function range(from: string | undefined, to: string | undefined): { From?: string; To?: string } {
  return { ...(from ? { From: from } : {}), ...(to ? { To: to } : {}) };
}

/** An upper creation bound as a body search takes it: `now` is the run's time. */
export function createdToValue(value: string | undefined, now: Date): string | undefined {
  return value === NOW ? brasiliaDateTime(now) : value;
}

/** The PascalCase filters of a body search every type shares. */
export function commonBodyFilters(o: DocumentFilters, now: Date): CommonBodyFilters {
  const f: CommonBodyFilters = {};
  if (o.createdFrom || o.createdTo) f.CreatedAt = range(o.createdFrom, createdToValue(o.createdTo, now));
  if (o.from || o.to) f.EmissionDate = range(o.from, o.to);
  if (o.owner) f.Owners = o.owner;
  if (o.emitter) f.EmitterCnpj = o.emitter;
  return f;
}

/** What a v1 role listing can filter by. */
export interface ListingFilters {
  key?: string[] | undefined;
  owner?: string[] | undefined;
  filter?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
}

/** The query of a v1 role listing (R11, R15-R17), a page at most `limit` long. */
export function listingQuery(o: ListingFilters, limit: number | undefined, now: Date): V1ListingQuery {
  const query: V1ListingQuery = { limit: Math.min(limit ?? V1_LIMIT_MAX, V1_LIMIT_MAX) };
  if (o.key) query.accessKeys = o.key;
  if (o.owner) query.cnpjs = o.owner;
  if (o.filter) query.filter = o.filter;
  // R15: the two created_at bounds go together; an open side becomes the epoch or now.
  if (o.createdFrom || o.createdTo) {
    query.createdFrom = o.createdFrom ?? '2000-01-01';
    query.createdTo = o.createdTo ?? brasiliaDateTime(now);
  }
  return query;
}

/** The request that answered, as an error about it names it. */
export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
}

/** GET, a type's v1 role listing: the registry's path (the emulator registers the same), the role filled in. */
export function listingEndpoint(type: DocTypeName, role: string): Endpoint {
  return { method: 'GET', path: fillPath(docType(type).endpoints.listing, { role }) };
}

/** POST, a type's body search (the registry's path). */
export function searchEndpoint(type: DocTypeName): Endpoint {
  const path = docType(type).endpoints.search;
  if (!path) throw new Error(`${type} has no body search`);
  return { method: 'POST', path };
}
