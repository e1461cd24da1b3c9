// The few facts a pull needs from an NF-e to file it (emission date, number, parties, protocol
// status), read with plain string searches: a pull reads 100k documents, and a full XML parse
// (or regexes that try a namespace prefix at every `<`) would cost more than downloading them.
// nfe-summary.ts is the complete reader.
import { documentStatus } from './doc-status.js';
import { block, PREFIXED, taxIdIn, taxIdsIn, text } from './xml-scan.js';

export interface NfeFacts {
  emissionDate?: string;
  number?: string;
  emitter?: string;
  receiver?: string;
  transporter?: string;
  authorized: string[];
  /** cStat of protNFe: 100/150 authorized; 101/151/135/155 canceled. */
  protocolStatus?: string;
}

/** Which parties to look for: each one not needed is a scan of the document saved. */
interface FactsWanted {
  receiver?: boolean;
  transporter?: boolean;
  authorized?: boolean;
}

export function nfeFacts(
  raw: string,
  want: FactsWanted = { receiver: true, transporter: true, authorized: true },
): NfeFacts {
  // Namespace prefixes (`<nfe:infNFe>`) are rare in NF-e; drop them once rather than everywhere.
  const xml = raw.includes(':infNFe') ? raw.replace(PREFIXED, (m) => (m[1] === '/' ? '</' : '<')) : raw;
  const authorized = want.authorized ? taxIdsIn(xml, 'autXML') : [];
  const ide = block(xml, 'ide');
  // protNFe closes the nfeProc: look for it from the end.
  const protAt = xml.lastIndexOf('<protNFe');
  const prot = protAt === -1 ? undefined : block(xml, 'protNFe', protAt);
  // One literal, the facts not found undefined: an object given its fields one by one took shapes
  // that V8 keeps only while an object has them, and after a full collection (a pull runs one
  // every few MB) the functions that had read them were compiled again.
  return {
    emissionDate: ide && (text(xml, 'dhEmi', ...ide) ?? text(xml, 'dEmi', ...ide)),
    number: ide && text(xml, 'nNF', ...ide),
    emitter: taxIdIn(xml, 'emit'),
    receiver: want.receiver ? taxIdIn(xml, 'dest') : undefined,
    transporter: want.transporter ? taxIdIn(xml, 'transporta') : undefined,
    authorized,
    protocolStatus: prot && text(xml, 'cStat', ...prot),
  };
}

/** Status from the authorization protocol; null when the XML carries none. */
export function statusOfProtocol(cStat: string | undefined): 'authorized' | 'canceled' | null {
  return documentStatus({ type: 'nfe', protocol: cStat }) as 'authorized' | 'canceled' | null;
}
