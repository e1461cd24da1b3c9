// GET /v1/nfce/emitted (designed path; spec 1: "XML search only, by owner role emitted"): a v1
// cursor listing (R11-R17) of the account's NFC-e stream, items `{access_key, xml}`.
import { NFCE_ROLES, nfceV1PageSchema, type NfceV1Item } from '../../../api/wire/nfce.js';
import { docXml } from '../../data/dataset.js';
import type { StoredNfce } from '../../model-docs.js';
import { DOC_TYPES } from '../../../fiscal/doc-types.js';
import type { Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { listDocsV1, parseDocV1Query } from '../listing/v1-doc-listing.js';
import type { Encodable } from '../../json-payload.js';
import { base64 } from '../listing/wire-xml.js';

export function registerNfce(router: Router): void {
  router.add('GET', DOC_TYPES.nfce.endpoints.listing, listEmitted, { errors: 'v1' });
}

const toItem = (doc: StoredNfce): Encodable<NfceV1Item> => ({
  access_key: doc.accessKey,
  xml: base64(docXml('nfce', doc)),
});

function listEmitted(ctx: RequestContext): Reply {
  const q = parseDocV1Query(ctx, ctx.params.role!, { roles: NFCE_ROLES, accessKeys: true });
  return listDocsV1(ctx, ctx.store.docsOf(ctx.account.id, 'nfce'), q, {
    schema: nfceV1PageSchema,
    toItem,
    keyOf: (doc) => doc.accessKey,
  });
}
