// The few facts a pull needs from an NF-e to file it (emission date, number, parties, protocol
// status), read with plain string searches: a pull reads 100k documents, and a full XML parse
// (or regexes that try a namespace prefix at every `<`) would cost more than downloading them.
// nfe-summary.ts is the complete reader.
import { documentStatus } from './doc-status.js';
import { block, PREFIXED, taxIdIn, text } from './xml-scan.js';

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
  const authorized: string[] = [];
  for (let b = want.authorized ? block(xml, 'autXML') : undefined; b; b = block(xml, 'autXML', b[1])) {
    const id = text(xml, 'CNPJ', b[0], b[1]) ?? text(xml, 'CPF', b[0], b[1]);
    if (id) authorized.push(id);
  }
  const facts: NfeFacts = { authorized };
  const ide = block(xml, 'ide');
  // protNFe closes the nfeProc: look for it from the end.
  const protAt = xml.lastIndexOf('<protNFe');
  const prot = protAt === -1 ? undefined : block(xml, 'protNFe', protAt);
  const set = <K extends keyof NfeFacts>(k: K, v: NfeFacts[K] | undefined) => v !== undefined && (facts[k] = v);
  set('emissionDate', ide && (text(xml, 'dhEmi', ...ide) ?? text(xml, 'dEmi', ...ide)));
  set('number', ide && text(xml, 'nNF', ...ide));
  set('emitter', taxIdIn(xml, 'emit'));
  if (want.receiver) set('receiver', taxIdIn(xml, 'dest'));
  if (want.transporter) set('transporter', taxIdIn(xml, 'transporta'));
  set('protocolStatus', prot && text(xml, 'cStat', ...prot));
  return facts;
}

/** Status from the authorization protocol; null when the XML carries none. */
export function statusOfProtocol(cStat: string | undefined): 'authorized' | 'canceled' | null {
  return documentStatus({ type: 'nfe', protocol: cStat }) as 'authorized' | 'canceled' | null;
}
