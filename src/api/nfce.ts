// NFC-e endpoint: GET /v1/nfce/emitted (designed path, R11-R17) and its page iterator.
import { listingEndpoint, type Endpoint } from './document-filters.js';
import { nfeFacts, statusOfProtocol } from '../fiscal/nfe-facts.js';
import type { ListingClient } from './doc-listing.js';
import type { HttpClient } from './http.js';
import { nfeV1QueryParams } from './nfe.js';
import { listingPages } from './paginate.js';
import type { V1Page } from './wire/common.js';
import { nfceV1PageSchema, type NfceRole, type NfceV1Item, type NfceV1Query } from './wire/nfce.js';

/** GET /v1/nfce/{role}, the role listing (designed: `emitted` only). */
function nfceV1Listing(role: NfceRole): Endpoint {
  return listingEndpoint('nfce', role);
}

async function listNfceV1(http: HttpClient, role: NfceRole, q: NfceV1Query): Promise<V1Page<NfceV1Item>> {
  const res = await http.request({
    ...nfceV1Listing(role),
    query: nfeV1QueryParams(q),
    schema: nfceV1PageSchema,
    verifySignature: true,
  });
  return res.body;
}

export const nfceV1Pages = listingPages(listNfceV1);

/** What an NFC-e of the listing is: an nfeProc of model 65, read by the NF-e fact scan; its only role is the emitter's. */
export const nfceClient: ListingClient = {
  facts(xml) {
    const f = nfeFacts(xml, {});
    return {
      number: f.number,
      emissionDate: f.emissionDate,
      emitter: f.emitter,
      status: statusOfProtocol(f.protocolStatus),
      ownerIn: () => f.emitter,
    };
  },
};
