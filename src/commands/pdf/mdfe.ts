// `fiscal pdf mdfe <key>...`: the DAMDFe of each MDF-e key, saved as <dir>/<key>.pdf (shared/pdf-download.ts).
import { checkPdfKeys, downloadPdfs, PDF_KINDS } from '../shared/pdf-download.js';
import { verb } from '../shared/verb.js';
import { mdfeVerb } from './index.js';

export default verb(mdfeVerb, {
  check: (o, keys) => checkPdfKeys(PDF_KINDS.mdfe, keys, o.stdin),
  run: (ctx, o, keys) => downloadPdfs(ctx, PDF_KINDS.mdfe, { keys, dir: o.dir, stdin: o.stdin }),
});
