// `fiscal pdf <type>`: declarations only (the verbs themselves are declared in shared/pdf-verbs.ts,
// which `fiscal mdfe pdf` shares); each verb's module loads on use.
import { defineGroup } from '../shared/define.js';
import { keyedPdfVerb, nfsePdfVerb } from '../shared/pdf-verbs.js';

export const nfeVerb = keyedPdfVerb('nfe', () => import('./nfe.js'));
export const cteVerb = keyedPdfVerb('cte', () => import('./cte.js'));
export const cteosVerb = keyedPdfVerb('cteos', () => import('./cteos.js'));
export const mdfeVerb = keyedPdfVerb('mdfe', () => import('./mdfe.js'));
export const nfseVerb = nfsePdfVerb(() => import('./nfse.js'));

export const pdf = defineGroup({
  name: 'pdf',
  summary: 'download documents as PDF (DANFe, DACTe, DACTe-OS, DAMDFe, DANFSe)',
  examples: [
    'fiscal pdf nfe 35260112345678000195550010000012341000012343',
    'fiscal search cte --role taker -o ndjson | fiscal pdf cte --stdin --dir ./dactes',
  ],
  notes: 'One verb per document type: fiscal pdf <type> --help. See docs/pdf.md.',
  verbs: [nfeVerb, cteVerb, cteosVerb, mdfeVerb, nfseVerb],
});
