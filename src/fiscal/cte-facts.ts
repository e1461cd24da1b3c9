// The few facts a pull needs from a CT-e (model 57) or CT-e OS (67) to file it: emission date,
// number, parties, protocol status and a cancellation event carried inside (procCancCTe, or an
// event appended to the cteProc). Plain string searches, like nfe-facts.ts; readers/cte.ts is the
// complete reader.
import { documentStatus } from './doc-status.js';
import { block, PREFIXED, taxIdIn, taxIdsIn, text } from './xml-scan.js';

const CANCELLATION_EVENT = '110111';

export interface CteFacts {
  emissionDate?: string;
  number?: string;
  emitter?: string;
  /** The tomador: toma3/toma03 names a party by code, toma4 (CT-e) and toma (CT-e OS) carry it. */
  taker?: string;
  /** rem, exped, receb, dest, in that order, when present (CT-e only). */
  parties: string[];
  authorized: string[];
  /** cStat of protCTe: 100 authorized; 101/135 canceled. */
  protocolStatus?: string;
  /** A 110111 event is inside the document. */
  hasCancellation: boolean;
}

/** toma3 `<toma>` code -> the party element it names. */
const TAKER_PARTY: Record<string, string> = { '0': 'rem', '1': 'exped', '2': 'receb', '3': 'dest' };
const PARTIES = ['rem', 'exped', 'receb', 'dest'] as const;

function takerOf(xml: string, ide: [number, number] | undefined): string | undefined {
  if (ide) {
    const toma4 = block(xml, 'toma4', ...ide);
    if (toma4) return text(xml, 'CNPJ', ...toma4) ?? text(xml, 'CPF', ...toma4);
    const toma3 = block(xml, 'toma3', ...ide) ?? block(xml, 'toma03', ...ide);
    if (toma3) {
      const party = TAKER_PARTY[text(xml, 'toma', ...toma3) ?? ''];
      return party ? taxIdIn(xml, party) : undefined;
    }
  }
  // CT-e OS: <toma> is a party of infCte, after ide.
  const toma = block(xml, 'toma', ide?.[1] ?? 0);
  return toma ? (text(xml, 'CNPJ', ...toma) ?? text(xml, 'CPF', ...toma)) : undefined;
}

export function cteFacts(raw: string): CteFacts {
  const xml = raw.includes(':infCte') ? raw.replace(PREFIXED, (m) => (m[1] === '/' ? '</' : '<')) : raw;
  const authorized = taxIdsIn(xml, 'autXML');
  const ide = block(xml, 'ide');
  // protCTe closes the document; events (procCancCTe, procEventoCTe) may follow it.
  const protAt = xml.lastIndexOf('<protCTe');
  const prot = protAt === -1 ? undefined : block(xml, 'protCTe', protAt);
  const parties = PARTIES.map((p) => taxIdIn(xml, p)).filter((id): id is string => id !== undefined);
  const facts: CteFacts = {
    parties,
    authorized,
    hasCancellation: xml.includes(`<tpEvento>${CANCELLATION_EVENT}</tpEvento>`),
  };
  const set = <K extends keyof CteFacts>(k: K, v: CteFacts[K] | undefined) => v !== undefined && (facts[k] = v);
  set('emissionDate', ide && text(xml, 'dhEmi', ...ide));
  set('number', ide && text(xml, 'nCT', ...ide));
  set('emitter', taxIdIn(xml, 'emit'));
  set('taker', takerOf(xml, ide));
  set('protocolStatus', prot && text(xml, 'cStat', ...prot));
  return facts;
}

/** canceled when a cancellation event is inside, else what the protocol says; null without either. */
export function cteStatus(f: CteFacts): 'authorized' | 'canceled' | null {
  return documentStatus({ type: 'cte', protocol: f.protocolStatus, canceledInXml: f.hasCancellation }) as
    'authorized' | 'canceled' | null;
}
