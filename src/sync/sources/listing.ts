// Streams for the pull engine of a type read from its role listing alone (GET <the registry's
// listing path>, R13 cursor): each listed XML becomes a pulled document through the type's client
// descriptor (src/api/doc-clients.ts).
import { LISTING_CLIENTS, type ListingOnlyType } from '../../api/doc-clients.js';
import { docListingPages } from '../../api/doc-listing.js';
import type { HttpClient } from '../../api/http.js';
import type { ListedXmlItem, V1ListingQuery } from '../../api/wire/common.js';
import type { StreamKey } from '../checkpoint.js';
import { canonicalJson } from '../checkpoint.js';
import { fromBase64, pageClient, type PulledDocument, type StreamSource } from '../source.js';

export function listedDocument(
  type: ListingOnlyType,
  item: ListedXmlItem,
  role: string,
  owner: string,
  bytesOf = fromBase64,
): PulledDocument {
  const xml = bytesOf(item.xml);
  const f = LISTING_CLIENTS[type].facts(xml.toString('latin1'));
  return {
    key: item.access_key,
    type,
    role,
    owner: owner || (f.ownerIn?.(role) ?? ''),
    xml,
    status: f.status,
    createdAt: null,
    emissionDate: f.emissionDate ?? '',
    number: f.number ?? '',
    emitter: f.emitter ?? '',
  };
}

export function listingV1Source(
  type: ListingOnlyType,
): (http: HttpClient, key: StreamKey, query: V1ListingQuery) => StreamSource {
  return (http, key, query) => {
    const { cursor: _c, limit: _l, ...filters } = query;
    return {
      key,
      endpoint: 'v1',
      filters: canonicalJson(filters),
      label: `${type} ${key.role}${key.owner ? ` ${key.owner}` : ''}`,
      async *pages(start, signal) {
        const q = { ...query, cursor: start?.cursor ?? 0, limit: 50 };
        const h = pageClient(http, signal);
        for await (const page of docListingPages(h, { type, role: key.role }, q, { signal })) {
          yield {
            docs: page.items.map((item) => listedDocument(type, item, key.role, key.owner, h.bytesOf)),
            from: `cursor ${page.cursor}`,
            resume: { cursor: page.next, paginator: null, createdHighWater: null },
          };
        }
      },
    };
  };
}
