// `fiscal receipts pdf <id>... --dir`: each receipt as <dir>/<id>.pdf, one layout whatever its
// source (GET /v1/receipts/pdf, designed).
import { receiptPdf } from '../../api/receipts.js';
import { receiptIdProblem } from '../../api/wire/receipts.js';
import { checkPdfIds, saveRecordPdfs } from '../shared/records-pdf.js';
import { verb } from '../shared/verb.js';
import { pdfVerb } from './index.js';

const pdfs = { what: 'receipt PDF', problem: receiptIdProblem, download: receiptPdf };

export default verb(pdfVerb, {
  check: (o, args) => checkPdfIds(args, o.stdin, pdfs),
  run: (ctx, o, args) => saveRecordPdfs(ctx, args, { dir: o.dir, stdin: o.stdin }, pdfs),
});
