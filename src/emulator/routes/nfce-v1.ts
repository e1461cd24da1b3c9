// GET /v1/nfce/emitted (designed path; spec 1: "XML search only, by owner role emitted"): a v1
// cursor listing (R11-R17) of the account's NFC-e stream, items `{access_key, xml}`.
import { NFCE_ROLES, type NfceV1Item } from '../../api/wire/nfce.js';
import { docXml } from '../data/dataset.js';
import type { StoredNfce } from '../model-docs.js';
import type { Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';
import { base64, listDocsV1, parseDocV1Query } from './v1-doc-listing.js';

export function registerNfceV1(router: Router): void {
  router.add('GET', '/v1/nfce/:role', listEmitted, { errors: 'v1' });
}

const toItem = (doc: StoredNfce): NfceV1Item => ({ access_key: doc.accessKey, xml: base64(docXml('nfce', doc)) });

function listEmitted(ctx: RequestContext): Reply {
  const q = parseDocV1Query(ctx, ctx.params.role!, { roles: NFCE_ROLES, accessKeys: true });
  return listDocsV1(ctx, ctx.store.docsOf(ctx.account.id, 'nfce'), q, toItem, (doc) => doc.accessKey);
}
