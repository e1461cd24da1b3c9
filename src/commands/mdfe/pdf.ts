// `fiscal mdfe pdf <key>...`: the very verb of `fiscal pdf mdfe` (shared/pdf-verbs.ts), under the type.
import { checkPdfKeys, downloadPdfs, PDF_KINDS } from '../shared/pdf-download.js';
import { verb } from '../shared/verb.js';
import { pdfVerb } from './index.js';

export default verb(pdfVerb, {
  check: (o, keys) => checkPdfKeys(PDF_KINDS.mdfe, keys, o.stdin),
  run: (ctx, o, keys) => downloadPdfs(ctx, PDF_KINDS.mdfe, { keys, dir: o.dir, stdin: o.stdin }),
});
