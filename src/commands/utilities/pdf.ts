// `fiscal utilities pdf <id>... --dir`: each utility bill as <dir>/<id>.pdf, the PDF the OCR read
// or one drawn for a captured bill (GET /v1/utilities/pdf, designed).
import { utilityPdf } from '../../api/utilities.js';
import { utilityIdProblem } from '../../api/wire/utilities.js';
import { checkPdfIds, saveRecordPdfs } from '../shared/records-pdf.js';
import { verb } from '../shared/verb.js';
import { pdfVerb } from './index.js';

const pdfs = { what: 'utility bill', problem: utilityIdProblem, download: utilityPdf };

export default verb(pdfVerb, {
  check: (o, args) => checkPdfIds(args, o.stdin, pdfs),
  run: (ctx, o, args) => saveRecordPdfs(ctx, args, { dir: o.dir, stdin: o.stdin }, pdfs),
});
