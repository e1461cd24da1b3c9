// `fiscal receipts pdf <id>... --dir`: each receipt as <dir>/<id>.pdf, one layout whatever its
// source (GET /v1/receipts/pdf, designed).
import { receiptPdf } from '../../api/payments.js';
import { receiptIdProblem } from '../../api/wire/payments.js';
import { pdfKindVerb, recordPdfKind } from '../shared/pdf-download.js';

export const { parseOptions, run } = pdfKindVerb(recordPdfKind('receipt PDF', receiptIdProblem, receiptPdf));
