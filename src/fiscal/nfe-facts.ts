// The few facts a pull needs from an NF-e to file it (emission date, number, parties, protocol
// status), read with plain string scans: a pull reads 100k documents, and a full XML parse of
// each would cost more than downloading it. nfe-summary.ts is the complete reader.

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

/** The text of the first `<name>` element inside `xml` (namespace prefixes tolerated). */
function tagText(xml: string, name: string, from = 0, to = xml.length): string | undefined {
  const re = new RegExp(`<(?:[A-Za-z0-9_]+:)?${name}(?:\\s[^>]*)?>([^<]*)</(?:[A-Za-z0-9_]+:)?${name}>`, 'g');
  re.lastIndex = from;
  const m = re.exec(xml);
  return m && m.index < to ? m[1]!.trim() : undefined;
}

/** [start, end) of the first `<name ...>...</name>` block. */
function block(xml: string, name: string): [number, number] | undefined {
  const open = new RegExp(`<(?:[A-Za-z0-9_]+:)?${name}[\\s>]`).exec(xml);
  if (!open) return undefined;
  const close = new RegExp(`</(?:[A-Za-z0-9_]+:)?${name}>`, 'g');
  close.lastIndex = open.index;
  const end = close.exec(xml);
  return end ? [open.index, end.index] : undefined;
}

function taxIdIn(xml: string, name: string): string | undefined {
  const b = block(xml, name);
  if (!b) return undefined;
  return tagText(xml, 'CNPJ', b[0], b[1]) ?? tagText(xml, 'CPF', b[0], b[1]);
}

export function nfeFacts(xml: string): NfeFacts {
  const authorized: string[] = [];
  const re = /<(?:[A-Za-z0-9_]+:)?autXML>\s*<(?:[A-Za-z0-9_]+:)?(?:CNPJ|CPF)>(\d+)</g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) authorized.push(m[1]!);
  const prot = block(xml, 'protNFe');
  const facts: NfeFacts = { authorized };
  const set = <K extends keyof NfeFacts>(k: K, v: NfeFacts[K] | undefined) => v !== undefined && (facts[k] = v);
  set('emissionDate', tagText(xml, 'dhEmi') ?? tagText(xml, 'dEmi'));
  set('number', tagText(xml, 'nNF'));
  set('emitter', taxIdIn(xml, 'emit'));
  set('receiver', taxIdIn(xml, 'dest'));
  set('transporter', taxIdIn(xml, 'transporta'));
  set('protocolStatus', prot ? tagText(xml, 'cStat', prot[0], prot[1]) : undefined);
  return facts;
}

/** Status from the authorization protocol; null when the XML carries none. */
export function statusOfProtocol(cStat: string | undefined): 'authorized' | 'canceled' | null {
  if (cStat === '100' || cStat === '150') return 'authorized';
  if (cStat === '101' || cStat === '151' || cStat === '135' || cStat === '155') return 'canceled';
  return null;
}
