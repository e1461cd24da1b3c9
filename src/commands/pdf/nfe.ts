// `fiscal pdf nfe <key>...`: the DANFe of each NF-e key, saved as <dir>/<key>.pdf (shared/pdf-download.ts).
import { checkPdfKeys, downloadPdfs, PDF_KINDS } from '../shared/pdf-download.js';
import { verb } from '../shared/verb.js';
import { nfeVerb } from './index.js';

export default verb(nfeVerb, {
  check: (o, keys) => checkPdfKeys(PDF_KINDS.nfe, keys, o.stdin),
  run: (ctx, o, keys) => downloadPdfs(ctx, PDF_KINDS.nfe, { keys, dir: o.dir, stdin: o.stdin }),
});
