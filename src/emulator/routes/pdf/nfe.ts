// GET /v1/nfe/danfe?access_key=<44> (and, designed, POST with `{access_key}`): the account's NF-e
// as a base64 PDF (R30a). 400 for a missing or malformed key or a key of another model, 404 for a
// key the account does not hold (R3), 422 when its XML cannot be rendered (R6 lists 422 for danfe).
import { renderPdf } from '../../../fiscal/render/index.js';
import { DANFE_PATH } from '../../../api/wire/pdf.js';
import { nfeXml } from '../../data/dataset.js';
import type { Router } from '../../router.js';
import { keyProblemFor, registerPdfRoute } from './route.js';

export function registerNfePdf(router: Router): void {
  registerPdfRoute(router, {
    path: DANFE_PATH,
    param: 'access_key',
    problem: keyProblemFor('55'),
    find: (ctx, key) => ctx.store.findNfe(ctx.account.id, key),
    missing: (key) => `NF-e ${key} not found`,
    render: (doc) => renderPdf('nfe', nfeXml(doc), { canceled: doc.status === 'canceled' }),
    what: 'DANFe',
  });
}
