// The role listing of a document type read the same way whatever the type (R11-R17): GET <the
// registry's listing path>, items `{access_key, xml}`. A type searched by its listing alone (no
// body search) gives a ListingClient in src/api/<type>.ts, registered in ./doc-clients.ts: what a
// list shows and a pull records of one listed XML. The generic `search`, `pull` and `xml` of such a
// type need nothing else.
import type { DocTypeName } from '../fiscal/doc-types.js';
import { listingEndpoint } from './document-filters.js';
import type { HttpClient } from './http.js';
import { nfeV1QueryParams } from './nfe.js';
import { listingPages } from './paginate.js';
import { listedXmlPageSchema, type ListedXmlItem, type V1ListingQuery, type V1Page } from './wire/common.js';

/** What one listed document is, read from its XML. */
interface ListedFacts {
  number?: string | undefined;
  emissionDate?: string | undefined;
  /** CNPJ/CPF of the emitter. */
  emitter?: string | undefined;
  status: string | null;
  /** The company the document belongs to in `role`, when the XML says it. */
  ownerIn?: (role: string) => string | undefined;
}

/** A type's client descriptor for its role listing. */
export interface ListingClient {
  facts(xml: string): ListedFacts;
}

/** One page of the role listing of `type`, signature checked (R14). */
async function listDocs(
  http: HttpClient,
  by: { type: DocTypeName; role: string },
  q: V1ListingQuery,
): Promise<V1Page<ListedXmlItem>> {
  const res = await http.request({
    ...listingEndpoint(by.type, by.role),
    query: nfeV1QueryParams(q),
    schema: listedXmlPageSchema,
    verifySignature: true,
  });
  return res.body;
}

export const docListingPages = listingPages(listDocs);
