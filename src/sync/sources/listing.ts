// Streams for the pull engine of a type read from its role listing alone (GET <the registry's
// listing path>, R13 cursor): each listed XML becomes a pulled document through the type's client
// descriptor (src/api/doc-clients.ts).
import { LISTING_CLIENTS, type ListingOnlyType } from '../../api/doc-clients.js';
import { docListingPages } from '../../api/doc-listing.js';
import type { HttpClient } from '../../api/http.js';
import type { ListedXmlItem, V1ListingQuery } from '../../api/wire/common.js';
import type { StreamKey } from '../checkpoint.js';
import { cursorListingSource, fromBase64, type PulledDocument, type StreamSource } from '../source.js';

function listedDocument(
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
  return (http, key, query) =>
    cursorListingSource(http, key, query, {
      type,
      pages: (h, q, signal) => docListingPages(h, { type, role: key.role }, q, { signal }),
      documents: (item, h) => [listedDocument(type, item, key.role, key.owner, h.bytesOf)],
    });
}
