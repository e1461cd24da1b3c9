// Reading a LATAM electronic invoice: bytes in, the parsed document (the JSON the service answers)
// out, or a LatamReadError naming what is wrong. The emulator builds its answers with it and the
// CLI checks files with it before sending them, so the two agree on what is a valid document.
import type { LatamCountry, LatamDocument } from '../../api/wire/latam.js';
import { at, text, type Node } from '../readers/common.js';
import { decodeXml, DocumentReadError, parseXml } from '../readers/xml.js';
import { isDte, readDte } from './chile.js';
import { LatamReadError } from './common.js';
import { isCfdi, readCfdi } from './mexico.js';
import { readUblInvoice, ublCountry } from './ubl.js';

export { LatamReadError } from './common.js';

const WHAT_IS_READ = 'a CFDI 4.0 (Mexico), a DTE (Chile) or a UBL 2.1 Invoice of the DIAN (Colombia) or SUNAT (Peru)';
const BRAZILIAN = new Set([
  'nfeProc',
  'NFe',
  'cteProc',
  'CTe',
  'mdfeProc',
  'MDFe',
  'CFe',
  'CompNfse',
  'NFSe',
  'procEventoNFe',
]);

/** The document in `bytes`; with `country`, a document of another country is refused. */
export function readLatamDocument(bytes: Uint8Array, country?: LatamCountry): LatamDocument {
  let parsed: { root: string; tree: Node };
  try {
    if (bytes.length === 0) throw new DocumentReadError('empty', 'empty file');
    parsed = parseXml(decodeXml(bytes).text);
  } catch (error) {
    if (error instanceof DocumentReadError) throw new LatamReadError(error.message);
    throw error;
  }
  const doc = readRoot(parsed.root, parsed.tree[parsed.root] as Node);
  if (country && doc.country !== country)
    throw new LatamReadError(`the document is from ${doc.country}, not ${country}`);
  return doc;
}

function readRoot(root: string, node: Node): LatamDocument {
  if (isCfdi(root)) return readCfdi(node);
  if (isDte(root)) return readDte(root, node);
  if (root === 'Invoice') {
    const country = ublCountry(node);
    if (!country)
      throw new LatamReadError(
        'UBL Invoice without the marks of the DIAN (CUFE) or SUNAT (PE:SUNAT, RUC): country not read',
      );
    return readUblInvoice(node, country);
  }
  // DIAN sends the invoice inside an AttachedDocument, as text.
  if (root === 'AttachedDocument') {
    const inner = text(at(node, 'Attachment', 'ExternalReference').Description);
    if (!inner)
      throw new LatamReadError('AttachedDocument without the invoice in Attachment/ExternalReference/Description');
    return readLatamDocument(Buffer.from(inner, 'utf8'));
  }
  if (BRAZILIAN.has(root))
    throw new LatamReadError(`<${root}> is a Brazilian document: send it with fiscal upload (POST /v1/dfe/upload)`);
  throw new LatamReadError(`root element <${root}> is not ${WHAT_IS_READ}`);
}
