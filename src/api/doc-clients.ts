// The client descriptor of each type searched by its role listing alone (no body search in the
// registry): one line per such type, which the compiler asks for when the registry gains one.
import type { DocTypeName, DOC_TYPES } from '../fiscal/doc-types.js';
import type { ListingClient } from './doc-listing.js';
import { nfceClient } from './nfce.js';

/** The types without a body search. */
export type ListingOnlyType = {
  [T in DocTypeName]: (typeof DOC_TYPES)[T]['endpoints'] extends { search: string } ? never : T;
}[DocTypeName];

export const LISTING_CLIENTS: Record<ListingOnlyType, ListingClient> = {
  nfce: nfceClient,
};
