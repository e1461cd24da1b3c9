// `fiscal pdf cte <key>...`: the DACTe of each CT-e key, saved as <dir>/<key>.pdf (shared/pdf-download.ts).
import { checkPdfKeys, downloadPdfs, PDF_KINDS } from '../shared/pdf-download.js';
import { verb } from '../shared/verb.js';
import { cteVerb } from './index.js';

export default verb(cteVerb, {
  check: (o, keys) => checkPdfKeys(PDF_KINDS.cte, keys, o.stdin),
  run: (ctx, o, keys) => downloadPdfs(ctx, PDF_KINDS.cte, { keys, dir: o.dir, stdin: o.stdin }),
});
