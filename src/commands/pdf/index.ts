// `fiscal pdf <type>`: declarations only (worded by pdf/verbs.ts from the registry, and
// offered by the type groups too: `fiscal mdfe pdf`); each verb's module loads on use.
import { typesWith, type PdfDocType } from '../../fiscal/doc-types.js';
import { defineGroup, type VerbSpec } from '../shared/define.js';
import { keyedPdfVerb, localPdfVerb, nfsePdfVerb } from './verbs.js';

export const nfeVerb = keyedPdfVerb('nfe', () => import('./nfe.js'));
export const cteVerb = keyedPdfVerb('cte', () => import('./cte.js'));
export const cteosVerb = keyedPdfVerb('cteos', () => import('./cteos.js'));
export const mdfeVerb = keyedPdfVerb('mdfe', () => import('./mdfe.js'));
export const nfseVerb = nfsePdfVerb(() => import('./nfse.js'));
export const nfceVerb = localPdfVerb('nfce', () => import('./nfce.js'));

/** One verb per type with a PDF in the registry: the compiler asks for a new one's. */
const VERBS: Record<PdfDocType, VerbSpec<any>> = {
  nfe: nfeVerb,
  nfce: nfceVerb,
  cte: cteVerb,
  cteos: cteosVerb,
  mdfe: mdfeVerb,
  nfse: nfseVerb,
};

export const pdf = defineGroup({
  name: 'pdf',
  summary: 'documents as PDF (DANFe, DANFCe, DACTe, DACTe-OS, DAMDFe, DANFSe): downloaded, or drawn from local XML',
  examples: [
    'fiscal pdf nfe 35260112345678000195550010000012341000012343',
    'fiscal search cte --role taker -o ndjson | fiscal pdf cte --stdin --dir ./dactes',
    'fiscal pdf nfe --local ./fiscal-docs',
  ],
  notes: 'One verb per document type: fiscal pdf <type> --help. See docs/pdf.md.',
  verbs: typesWith('pdf').map((t) => VERBS[t]),
});
