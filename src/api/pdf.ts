// PDF endpoints (designed shapes, R30a): DANFe, DACTe, DACTe-OS, DAMDFe by access key; DANFSe and
// the OCR original of an NFS-e by R10 id; boletos, receipts, invoices and utility bills by their
// id. One fetcher for all (fetchPdf): the PDF bytes, checked to be a PDF of the document asked
// for; a 200 whose payload is not one is a protocol error, not a file to write.
import { ProtocolError } from '../errors.js';
import type { HttpClient } from './http.js';
import { docType, type ApiPdfDocType } from '../fiscal/doc-types.js';
import { idPdfResponseSchema, keyedPdfResponseSchema, nfseManualPdfPath, type NfsePdfRole } from './wire/pdf.js';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

interface PdfRequest {
  path: string;
  /** The query parameter naming the document, echoed in the answer's `data`. */
  param: 'access_key' | 'id';
  value: string;
  /** `DANFe`, `boleto PDF`: how errors name it. */
  what: string;
}

/** `GET <path>?<param>=<value>`: the PDF, checked (a JSON answer echoing the value, a non-empty base64 PDF). */
export async function fetchPdf(http: HttpClient, r: PdfRequest): Promise<Buffer> {
  const query = { [r.param]: r.value };
  const res =
    r.param === 'id'
      ? await http.request({ method: 'GET', path: r.path, query, schema: idPdfResponseSchema })
      : await http.request({ method: 'GET', path: r.path, query, schema: keyedPdfResponseSchema });
  const type = res.headers['content-type'];
  if (type !== undefined && !/json/i.test(type))
    throw new ProtocolError(`GET ${r.path}: expected a JSON answer, got ${type}`);
  const data = res.body.data as { id?: string; access_key?: string; encoded_pdf: string };
  const got = r.param === 'id' ? data.id : data.access_key;
  if (got !== r.value) throw new ProtocolError(`GET ${r.path}: asked for the ${r.what} of ${r.value}, got ${got}`);
  const pdf = decodeBase64(data.encoded_pdf);
  if (!pdf || pdf.length <= PDF_MAGIC.length || !pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw new ProtocolError(`GET ${r.path}: encoded_pdf of ${r.value} is not a base64 PDF`);
  }
  return pdf;
}

/** The auxiliary PDF of one document of `type` (DANFe, DACTe...): by access key, or by R10 id for NFS-e. */
export function documentPdf(http: HttpClient, type: ApiPdfDocType, value: string): Promise<Buffer> {
  const spec = docType(type);
  return fetchPdf(http, { path: spec.endpoints.pdf!, param: spec.model ? 'access_key' : 'id', value, what: spec.pdf! });
}

/** The DANFe of one NF-e as PDF bytes. */
export const nfeDanfe = (http: HttpClient, accessKey: string) => documentPdf(http, 'nfe', accessKey);
/** The DACTe of one CT-e. */
export const cteDacte = (http: HttpClient, accessKey: string) => documentPdf(http, 'cte', accessKey);
/** The DACTe-OS of one CT-e OS. */
export const cteOsDacte = (http: HttpClient, accessKey: string) => documentPdf(http, 'cteos', accessKey);
/** The DAMDFe of one MDF-e (designed endpoint). */
export const mdfeDamdfe = (http: HttpClient, accessKey: string) => documentPdf(http, 'mdfe', accessKey);
/** The DANFSe of one NFS-e, by R10 id. */
export const nfseDanfse = (http: HttpClient, id: string) => documentPdf(http, 'nfse', id);

/** The original PDF of an NFS-e ingested by OCR, as `role` sees it. */
export function nfseManualPdf(http: HttpClient, role: NfsePdfRole, id: string): Promise<Buffer> {
  return fetchPdf(http, { path: nfseManualPdfPath(role), param: 'id', value: id, what: 'original PDF' });
}

/** Strict base64 (standard alphabet, optional padding, whitespace ignored); undefined otherwise. */
function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) return undefined;
  return Buffer.from(compact, 'base64');
}
