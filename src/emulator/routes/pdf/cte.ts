// Designed: GET /v1/cte/dacte?access_key= and GET /v1/cte-os/dacteos?access_key= (and POST with
// `{access_key}`): the account's CT-e or CT-e OS as a base64 PDF, like the DANFe (R30a). A key of
// the other model is a 400: the CT-e OS of a key is not found on the CT-e path.
import { DACTE_OS_PATH, DACTE_PATH } from '../../../api/wire/pdf.js';
import { renderPdf } from '../../../fiscal/render/index.js';
import { docXml } from '../../data/dataset.js';
import type { Router } from '../../router.js';
import { keyProblemFor, registerPdfRoute } from './route.js';

export function registerCtePdf(router: Router): void {
  registerPdfRoute(router, {
    path: DACTE_PATH,
    param: 'access_key',
    problem: keyProblemFor('57'),
    find: (ctx, key) => ctx.store.findDoc(ctx.account.id, 'cte', key),
    missing: (key) => `CT-e ${key} not found`,
    render: (doc) => renderPdf('cte', docXml('cte', doc), { canceled: doc.status === 'canceled' }),
    what: 'DACTe',
  });
  registerPdfRoute(router, {
    path: DACTE_OS_PATH,
    param: 'access_key',
    problem: keyProblemFor('67'),
    find: (ctx, key) => ctx.store.findDoc(ctx.account.id, 'cteos', key),
    missing: (key) => `CT-e OS ${key} not found`,
    render: (doc) => renderPdf('cteos', docXml('cteos', doc), { canceled: doc.status === 'canceled' }),
    what: 'DACTe-OS',
  });
}
