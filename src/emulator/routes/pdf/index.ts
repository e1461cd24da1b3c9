// The PDF endpoints of the document types (DANFe, DACTe, DACTe-OS, DAMDFe, DANFSe and the NFS-e
// original), one area as on the client side (api/pdf.ts, `fiscal pdf`): each file is one type's
// endpoints on the shared route of ./route.ts, which the record groups' PDFs also use.
import type { Router } from '../../router.js';
import { registerCtePdf } from './cte.js';
import { registerMdfePdf } from './mdfe.js';
import { registerNfePdf } from './nfe.js';
import { registerNfsePdf } from './nfse.js';

export function registerPdf(router: Router): void {
  registerNfePdf(router);
  registerCtePdf(router);
  registerNfsePdf(router);
  registerMdfePdf(router);
}
