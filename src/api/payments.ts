// Gestão de Pagamentos (designed): the boleto and receipt PDFs. Listing and lookup are the record
// groups' (api/records.ts); the PDF comes back checked to be a PDF of the record asked for.
import { ProtocolError } from '../errors.js';
import type { HttpClient } from './http.js';
import { BOLETO_PDF_PATH, paymentPdfResponseSchema, RECEIPT_PDF_PATH } from './wire/payments.js';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export function boletoPdf(http: HttpClient, id: string): Promise<Buffer> {
  return recordPdf(http, BOLETO_PDF_PATH, id, 'boleto PDF');
}

export function receiptPdf(http: HttpClient, id: string): Promise<Buffer> {
  return recordPdf(http, RECEIPT_PDF_PATH, id, 'receipt PDF');
}

async function recordPdf(http: HttpClient, path: string, id: string, what: string): Promise<Buffer> {
  const res = await http.request({ method: 'GET', path, query: { id }, schema: paymentPdfResponseSchema });
  const { id: got, encoded_pdf: encoded } = res.body.data;
  if (got !== id) throw new ProtocolError(`GET ${path}: asked for the ${what} of ${id}, got ${got}`);
  const compact = encoded.replace(/\s+/g, '');
  const pdf = /^[A-Za-z0-9+/]*={0,2}$/.test(compact) && compact.length % 4 !== 1 ? Buffer.from(compact, 'base64') : undefined;
  if (!pdf || !pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw new ProtocolError(`GET ${path}: encoded_pdf of ${id} is not a base64 PDF`);
  return pdf;
}
