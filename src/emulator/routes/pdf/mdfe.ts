// Designed (the spec lists no MDF-e PDF): GET /v1/mdfe/damdfe?access_key= (and POST with
// `{access_key}`): the account's MDF-e as a base64 PDF, shaped like the DANFe (R30a).
import { DAMDFE_PATH } from '../../../api/wire/pdf.js';
import { renderPdf } from '../../../fiscal/render/index.js';
import { docXml } from '../../data/dataset.js';
import type { Router } from '../../router.js';
import { keyProblemFor, registerPdfRoute } from './route.js';

export function registerMdfePdf(router: Router): void {
  registerPdfRoute(router, {
    path: DAMDFE_PATH,
    param: 'access_key',
    problem: keyProblemFor('58'),
    find: (ctx, key) => ctx.store.findDoc(ctx.account.id, 'mdfe', key),
    missing: (key) => `MDF-e ${key} not found`,
    render: (doc) => renderPdf('mdfe', docXml('mdfe', doc), { canceled: doc.status === 'canceled' }),
    what: 'DAMDFe',
  });
}
