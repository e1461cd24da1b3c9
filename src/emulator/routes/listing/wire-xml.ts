// How a document's XML is put in a listing's items and records: base64 of the XML text, or, for
// `format_type=json` (R16), the document itself as a JSON object (designed mapping).
import type { XMLParser } from 'fast-xml-parser';
import { fastXmlParser } from '../../../fiscal/readers/xml.js';
import { Base64Text } from '../../json-payload.js';

/** Where a document's UTF-8 is written before its base64: one buffer for all, grown as needed. */
let utf8 = Buffer.allocUnsafe(64 * 1024);

/** The XML as the wire carries it: base64 of its UTF-8, written into the reply as it is. */
export function base64(text: string): Base64Text {
  // A UTF-16 unit takes at most 3 bytes of UTF-8 (a pair of them 4).
  if (text.length * 3 > utf8.length) utf8 = Buffer.allocUnsafe(text.length * 3);
  return Base64Text.of(utf8, utf8.write(text, 0, 'utf8'));
}

let parser: XMLParser | undefined;

export function xmlToJson(xml: string): Record<string, unknown> {
  parser ??= new (fastXmlParser().XMLParser)({
    ignoreAttributes: false,
    parseTagValue: false,
    ignoreDeclaration: true,
  });
  return parser.parse(xml) as Record<string, unknown>;
}

/** R16: the `xml` of a v1 item in the asked format. */
export function xmlField(xml: string, format: 'xml' | 'json'): Base64Text | Record<string, unknown> {
  return format === 'json' ? xmlToJson(xml) : base64(xml);
}
