// The query of the NFS-e cursor listings (GET /v1/nfse/{role}, /v2/nfse/received, and the manual
// listing): the common v1 query (R11-R17), `format_type` (R16: `xml` base64, or `json`) and
// `id[]` (R36): the documents with those ids, in any of the forms the service writes them.
import { NFSE_DOCUMENT_ID, NFSE_ID } from '../../../api/wire/nfse.js';
import { nfseId } from '../../data/nfse.js';
import type { StoredNfse } from '../../model-docs.js';
import { HttpError, v1FieldErrors } from '../../respond.js';
import type { RequestContext } from '../../router.js';
import type { DocV1Query } from '../listing/v1-doc-listing.js';
import { arrayParam, parseV1Query } from '../listing/v1-listing.js';
import { nfseV2Id } from './records.js';

interface NfseV1Query extends DocV1Query {
  format: 'xml' | 'json';
  /** R36: `id[]`, matched against the note as the owner it is shown for sees it. */
  ids?: Set<string>;
}

/** The 40-hex id of /v2/nfse/received. */
export const NFSE_V2_ID = /^[0-9a-f]{40}$/;

/** Why an NFS-e id is none of the forms the service writes, or undefined. */
export function nfseAnyIdProblem(id: string): string | undefined {
  if (NFSE_ID.test(id) || NFSE_DOCUMENT_ID.test(id) || NFSE_V2_ID.test(id)) return undefined;
  return `expected <owner>:<emitter>:<yyyy-mm-dd>:<number>, the same without the owner, or the 40-hex id of /v2/nfse/received, got "${id}"`;
}

export function parseNfseQuery(ctx: RequestContext, role: string, roles: readonly string[]): NfseV1Query {
  const query: NfseV1Query = parseV1Query(ctx, roles, { role, accessKeys: false, extra: ['id[]'] });
  const ids = arrayParam(ctx.url.searchParams, 'id');
  if (ids) {
    const problems = ids.map(nfseAnyIdProblem).filter((p): p is string => p !== undefined);
    if (problems.length > 0) throw new HttpError(v1FieldErrors(400, { 'id[]': problems }));
    query.ids = new Set(ids);
  }
  return query;
}

/** R36: whether the note, shown for `owner`, has one of the ids asked for. */
export function idMatcher(q: NfseV1Query): ((doc: StoredNfse, owner: string) => boolean) | undefined {
  const ids = q.ids;
  if (!ids) return undefined;
  return (doc, owner) => {
    const id = nfseId(owner, doc);
    return ids.has(id) || ids.has(doc.documentId) || ids.has(nfseV2Id(id));
  };
}
