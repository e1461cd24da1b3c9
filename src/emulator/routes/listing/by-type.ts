// The role listing of a registry type that has no route module of its own (src/fiscal/doc-types.ts):
// GET <the type's listing path>, a v1 cursor listing (R11-R17) of the account's stream of that type,
// items `{access_key, xml}` as the client's generic listing reads them (src/api/doc-listing.ts).
import { listedXmlPageSchema } from '../../../api/wire/common.js';
import { docType, fillPath } from '../../../fiscal/doc-types.js';
import { docXml } from '../../data/dataset.js';
import { DOC_TYPES, docIdOf, type DocType } from '../../doc-index.js';
import type { Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { listDocsV1, parseDocV1Query } from './v1-doc-listing.js';
import { base64 } from './wire-xml.js';

/** Registers the listing of each type whose path no route answers yet: call it after the types' own modules. */
export function registerTypeListings(router: Router): void {
  for (const type of DOC_TYPES) {
    const path = docType(type).endpoints.listing;
    if (router.match('GET', fillPath(path, { role: docType(type).roles[0]! })).kind === 'found') continue;
    router.add('GET', path, (ctx) => listByRole(ctx, type), { errors: 'v1' });
  }
}

function listByRole(ctx: RequestContext, type: DocType): Reply {
  const q = parseDocV1Query(ctx, ctx.params.role!, { roles: docType(type).roles, accessKeys: true });
  return listDocsV1(ctx, ctx.store.docsOf(ctx.account.id, type), q, {
    schema: listedXmlPageSchema,
    toItem: (doc) => ({ access_key: docIdOf(doc), xml: base64(docXml(type, doc)) }),
    keyOf: docIdOf,
  });
}
