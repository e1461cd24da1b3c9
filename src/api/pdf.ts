// PDF endpoints (designed shapes, R30a): DANFe, DACTe, DACTe-OS, DAMDFe by access key; DANFSe and
// the OCR original of an NFS-e by R10 id. Each returns the PDF bytes, checked to be a PDF of the
// document asked for: a 200 whose payload is not one is a protocol error, not a file to write.
import { ProtocolError } from '../errors.js';
import type { HttpClient } from './http.js';
import {
  DACTE_OS_PATH, DACTE_PATH, DAMDFE_PATH, DANFE_PATH, DANFSE_PATH, keyedPdfResponseSchema, nfseManualPdfPath,
  nfsePdfResponseSchema, type NfsePdfRole,
} from './wire/pdf.js';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** The DANFe of one NF-e as PDF bytes. */
export function nfeDanfe(http: HttpClient, accessKey: string): Promise<Buffer> {
  return keyedPdf(http, DANFE_PATH, accessKey, 'DANFe');
}

/** The DACTe of one CT-e. */
export function cteDacte(http: HttpClient, accessKey: string): Promise<Buffer> {
  return keyedPdf(http, DACTE_PATH, accessKey, 'DACTe');
}

/** The DACTe-OS of one CT-e OS. */
export function cteOsDacte(http: HttpClient, accessKey: string): Promise<Buffer> {
  return keyedPdf(http, DACTE_OS_PATH, accessKey, 'DACTe-OS');
}

/** The DAMDFe of one MDF-e (designed endpoint). */
export function mdfeDamdfe(http: HttpClient, accessKey: string): Promise<Buffer> {
  return keyedPdf(http, DAMDFE_PATH, accessKey, 'DAMDFe');
}

/** The DANFSe of one NFS-e, by R10 id. */
export async function nfseDanfse(http: HttpClient, id: string): Promise<Buffer> {
  const res = await http.request({ method: 'GET', path: DANFSE_PATH, query: { id }, schema: nfsePdfResponseSchema });
  return checked(DANFSE_PATH, id, res.body.data.id, res.body.data.encoded_pdf, 'DANFSe');
}

/** The original PDF of an NFS-e ingested by OCR, as `role` sees it. */
export async function nfseManualPdf(http: HttpClient, role: NfsePdfRole, id: string): Promise<Buffer> {
  const path = nfseManualPdfPath(role);
  const res = await http.request({ method: 'GET', path, query: { id }, schema: nfsePdfResponseSchema });
  return checked(path, id, res.body.data.id, res.body.data.encoded_pdf, 'original PDF');
}

async function keyedPdf(http: HttpClient, path: string, accessKey: string, what: string): Promise<Buffer> {
  const res = await http.request({ method: 'GET', path, query: { access_key: accessKey }, schema: keyedPdfResponseSchema });
  return checked(path, accessKey, res.body.data.access_key, res.body.data.encoded_pdf, what);
}

function checked(path: string, asked: string, got: string, encoded: string, what: string): Buffer {
  if (got !== asked) throw new ProtocolError(`GET ${path}: asked for the ${what} of ${asked}, got ${got}`);
  const pdf = decodeBase64(encoded);
  if (!pdf || !pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw new ProtocolError(`GET ${path}: encoded_pdf of ${asked} is not a base64 PDF`);
  }
  return pdf;
}

/** Strict base64 (standard alphabet, optional padding, whitespace ignored); undefined otherwise. */
function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) return undefined;
  return Buffer.from(compact, 'base64');
}
