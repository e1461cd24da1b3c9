// `fiscal boletos pdf <id>... --dir`: each slip as <dir>/<id>.pdf (GET /v1/boletos/pdf, designed).
import { boletoPdf } from '../../api/payments.js';
import { boletoIdProblem } from '../../api/wire/payments.js';
import { pdfKindVerb, recordPdfKind } from '../shared/pdf-download.js';

export const { parseOptions, run } = pdfKindVerb(recordPdfKind('boleto PDF', boletoIdProblem, boletoPdf));
