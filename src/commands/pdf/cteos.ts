// `fiscal pdf cteos <key>...`: the DACTe-OS of each CT-e OS key, saved as <dir>/<key>.pdf (shared/pdf-download.ts).
import { checkPdfKeys, downloadPdfs, PDF_KINDS } from '../shared/pdf-download.js';
import { verb } from '../shared/verb.js';
import { cteosVerb } from './index.js';

export default verb(cteosVerb, {
  check: (o, keys) => checkPdfKeys(PDF_KINDS.cteos, keys, o.stdin),
  run: (ctx, o, keys) => downloadPdfs(ctx, PDF_KINDS.cteos, { keys, dir: o.dir, stdin: o.stdin }),
});
