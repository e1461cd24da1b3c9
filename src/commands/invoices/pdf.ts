// `fiscal invoices pdf <id>... --dir`: each invoice as <dir>/<id>.pdf, the PDF the OCR read or one
// drawn for a captured invoice (GET /v1/invoices/pdf, designed).
import { invoicePdf } from '../../api/invoices.js';
import { invoiceIdProblem } from '../../api/wire/invoices.js';
import { checkPdfIds, saveRecordPdfs } from '../shared/records-pdf.js';
import { verb } from '../shared/verb.js';
import { pdfVerb } from './index.js';

const pdfs = { what: 'invoice', problem: invoiceIdProblem, download: invoicePdf };

export default verb(pdfVerb, {
  check: (o, args) => checkPdfIds(args, o.stdin, pdfs),
  run: (ctx, o, args) => saveRecordPdfs(ctx, args, { dir: o.dir, stdin: o.stdin }, pdfs),
});
