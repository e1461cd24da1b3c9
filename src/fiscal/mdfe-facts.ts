// The facts a pull needs from an MDF-e (mdfeProc) to file it, read with the plain string scans
// of nfe-facts.ts. readers/mdfe.ts is the complete reader.
import { documentStatus, type DocumentStatus } from './doc-status.js';
import { PREFIXED, block, taxIdIn, taxIdsIn, text } from './xml-scan.js';

export interface MdfeFacts {
  number?: string;
  emissionDate?: string;
  emitter?: string;
  /** Every infContratante and every autXML (an MDF-e may list several of each), read only when asked for. */
  contractors: string[];
  authorized: string[];
  /** cStat of protMDFe. */
  protocolStatus?: string;
}

export function mdfeFacts(raw: string, want: { contractor?: boolean; authorized?: boolean } = {}): MdfeFacts {
  const xml = raw.includes(':infMDFe') ? raw.replace(PREFIXED, (m) => (m[1] === '/' ? '</' : '<')) : raw;
  const facts: MdfeFacts = {
    contractors: want.contractor ? taxIdsIn(xml, 'infContratante') : [],
    authorized: want.authorized ? taxIdsIn(xml, 'autXML') : [],
  };
  const ide = block(xml, 'ide');
  const protAt = xml.lastIndexOf('<protMDFe');
  const prot = protAt === -1 ? undefined : block(xml, 'protMDFe', protAt);
  const set = <K extends keyof MdfeFacts>(k: K, v: MdfeFacts[K] | undefined) => v !== undefined && (facts[k] = v);
  set('number', ide && text(xml, 'nMDF', ...ide));
  set('emissionDate', ide && text(xml, 'dhEmi', ...ide));
  set('emitter', taxIdIn(xml, 'emit'));
  set('protocolStatus', prot && text(xml, 'cStat', ...prot));
  return facts;
}

/**
 * Designed status: canceled with a cancellation event (110111), closed with a closing event
 * (110112), else from the protocol (100 authorized, 101 canceled, 132 closed); null without one
 * (doc-status.ts decides).
 */
export function mdfeStatus(eventTypes: readonly string[], cStat: string | undefined): DocumentStatus | null {
  return documentStatus({ type: 'mdfe', protocol: cStat, events: eventTypes.map((type) => ({ type })) });
}
