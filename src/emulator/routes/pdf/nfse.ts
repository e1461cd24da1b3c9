// GET /v1/nfse/danfse?id=<R10 id> (DANFSe, generated from the XML) and, designed, GET
// /v1/nfse/{role}/manual/pdf?id= (the original PDF of a note ingested by OCR: only NFS-e whose
// origin is `ocr` or `manual` have one; any other is a 404 that says so). Both also as POST with
// `{id}`. The id is R10's `<owner>:<emitter>:<yyyy-mm-dd>:<number>`, or (designed) the same
// without the owner as flagerp writes it, and for the DANFSe also the 40-hex id of
// /v2/nfse/received (R37); a document the account does not hold is a 404 (R3).
import { DANFSE_PATH, NFSE_MANUAL_PDF_PATH, NFSE_PDF_ROLES, type NfsePdfRole } from '../../../api/wire/pdf.js';
import { nfseIdOwner, nfseIdProblem } from '../../../fiscal/nfse-id.js';
import { renderPdf } from '../../../fiscal/render/index.js';
import { renderNfseOriginal } from '../../pdf/nfse-original.js';
import { docXml } from '../../data/dataset.js';
import type { StoredNfse } from '../../model-docs.js';
import { badRequest } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';
import { findNfse } from '../nfse/find.js';
import { NFSE_V2_ID } from '../nfse/query.js';
import { notFound, registerPdfRoute } from './route.js';

/** Origins of the notes a customer sent in as PDF; the others came as XML and have no original. */
export const ORIGINAL_PDF_ORIGINS: readonly string[] = ['ocr', 'manual'];

export function registerNfsePdf(router: Router): void {
  registerPdfRoute(router, {
    path: DANFSE_PATH,
    param: 'id',
    // R37: the 40-hex id of /v2/nfse/received too (what the service takes there is not known).
    problem: (id) => (NFSE_V2_ID.test(id) ? undefined : nfseIdProblem(id)),
    find: (ctx, id) => findNfse(ctx, id),
    missing: (id) => `NFS-e ${id} not found`,
    render: (doc) => renderPdf('nfse', docXml('nfse', doc)),
    what: 'DANFSe',
  });
  registerPdfRoute(router, {
    path: NFSE_MANUAL_PDF_PATH,
    param: 'id',
    problem: nfseIdProblem,
    find: findOriginal,
    missing: (id) => `NFS-e ${id} not found`,
    render: (doc, id) => renderNfseOriginal(docXml('nfse', doc), { id }),
    what: 'original PDF',
  });
}

/** The note, if one of the account's companies has it in the path's role and it came in as a PDF. */
function findOriginal(ctx: RequestContext, id: string): StoredNfse | undefined {
  const role = ctx.params.role!;
  if (!(NFSE_PDF_ROLES as readonly string[]).includes(role))
    throw badRequest('v1', `role must be one of ${NFSE_PDF_ROLES.join(', ')}, got "${role}"`, 'role');
  const doc = ctx.store.findDoc(ctx.account.id, 'nfse', id);
  const owner = nfseIdOwner(id);
  if (!doc || !doc.roles.some((r) => r.role === (role as NfsePdfRole) && (owner === undefined || r.owner === owner)))
    return undefined;
  if (!ORIGINAL_PDF_ORIGINS.includes(doc.origin)) {
    throw notFound(`NFS-e ${id} has no original PDF: it was not ingested by OCR (origin "${doc.origin}")`);
  }
  return doc;
}
