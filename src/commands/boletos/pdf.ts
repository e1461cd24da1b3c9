// `fiscal boletos pdf <id>... --dir`: each slip as <dir>/<id>.pdf (GET /v1/boletos/pdf, designed).
import { boletoPdf } from '../../api/boletos.js';
import { boletoIdProblem } from '../../api/wire/boletos.js';
import { checkPdfIds, saveRecordPdfs } from '../shared/records-pdf.js';
import { verb } from '../shared/verb.js';
import { pdfVerb } from './index.js';

const pdfs = { what: 'boleto PDF', problem: boletoIdProblem, download: boletoPdf };

export default verb(pdfVerb, {
  check: (o, args) => checkPdfIds(args, o.stdin, pdfs),
  run: (ctx, o, args) => saveRecordPdfs(ctx, args, { dir: o.dir, stdin: o.stdin }, pdfs),
});
