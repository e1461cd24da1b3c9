// PDF endpoints: GET /v1/nfe/danfe (designed shape, R30a). Returns the PDF bytes, checked to be a
// PDF: a 200 whose payload is not one is a protocol error, not a file to write.
import { ProtocolError } from '../errors.js';
import type { HttpClient } from './http.js';
import { DANFE_PATH, danfeResponseSchema } from './wire/pdf.js';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** The DANFe of one NF-e as PDF bytes. */
export async function nfeDanfe(http: HttpClient, accessKey: string): Promise<Buffer> {
  const res = await http.request({ method: 'GET', path: DANFE_PATH, query: { access_key: accessKey }, schema: danfeResponseSchema });
  const { data } = res.body;
  if (data.access_key !== accessKey) {
    throw new ProtocolError(`GET ${DANFE_PATH}: asked for the DANFe of ${accessKey}, got ${data.access_key}`);
  }
  const pdf = decodeBase64(data.encoded_pdf);
  if (!pdf || !pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw new ProtocolError(`GET ${DANFE_PATH}: encoded_pdf of ${accessKey} is not a base64 PDF`);
  }
  return pdf;
}

/** Strict base64 (standard alphabet, optional padding, whitespace ignored); undefined otherwise. */
function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) return undefined;
  return Buffer.from(compact, 'base64');
}
