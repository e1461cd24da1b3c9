// The catalog's facts of the transport documents: CT-e (57) and CT-e OS (67), whose taker is the
// receiver column and whose one "item" is the service (no items rows), and MDF-e (58), whose
// total is the value of the cargo it carries.
import { amount, type DocumentFacts, type Party } from '../facts.js';
import { eventsInside, lastSection, section, taxId, value, type Section } from './scan.js';

const partyOf = (s: Section | undefined, address: string): Party => ({
  taxId: taxId(s),
  name: value(s, 'xNome'),
  uf: value(section(s, address), 'UF'),
});

/** toma3 `<toma>` code -> the party element it names. */
const TAKER_PARTY: Record<string, [string, string]> = {
  '0': ['rem', 'enderReme'],
  '1': ['exped', 'enderExped'],
  '2': ['receb', 'enderReceb'],
  '3': ['dest', 'enderDest'],
};

function takerOf(xml: string, ide: Section | undefined): Party {
  const toma4 = section(ide, 'toma4');
  if (toma4) return partyOf(toma4, 'enderToma');
  const toma3 = section(ide, 'toma3') ?? section(ide, 'toma03');
  if (toma3) {
    const [name, address] = TAKER_PARTY[value(toma3, 'toma') ?? ''] ?? [];
    return name ? partyOf(section(xml, name), address!) : {};
  }
  // CT-e OS: <toma> is a party of infCte, after ide.
  const toma = section(xml, 'toma', xml.indexOf('</ide>'));
  return toma ? partyOf(toma, 'enderToma') : {};
}

export function cteFacts(xml: string): DocumentFacts {
  const ide = section(xml, 'ide');
  const prot = lastSection(xml, 'protCTe');
  const imp = section(xml, 'imp');
  const ibscbs = section(imp, 'IBSCBS');
  const num = (s: Section | undefined, name: string) => amount(value(s, name));
  return {
    model: value(ide, 'mod'),
    series: value(ide, 'serie'),
    number: value(ide, 'nCT'),
    emittedAt: value(ide, 'dhEmi'),
    authorizedAt: value(prot, 'dhRecbto'),
    protocolStatus: value(prot, 'cStat'),
    protocolNumber: value(prot, 'nProt'),
    emitter: partyOf(section(xml, 'emit'), 'enderEmit'),
    receiver: takerOf(xml, ide),
    cfop: value(ide, 'CFOP'),
    totals: {
      total: num(section(xml, 'vPrest'), 'vTPrest'),
      icms: num(section(imp, 'ICMS'), 'vICMS'),
      ibs: num(ibscbs, 'vIBS'),
      cbs: num(section(ibscbs, 'gCBS'), 'vCBS'),
    },
    canceledInXml: false,
    // procCancCTe, or an event appended to the cteProc.
    eventsInXml: eventsInside(xml, Math.max(xml.lastIndexOf('</CTe>'), xml.lastIndexOf('</CTeOS>'))),
    items: [],
  };
}

export function mdfeFacts(xml: string): DocumentFacts {
  const ide = section(xml, 'ide');
  const prot = lastSection(xml, 'protMDFe');
  const contractor = section(xml, 'infContratante');
  return {
    model: value(ide, 'mod'),
    series: value(ide, 'serie'),
    number: value(ide, 'nMDF'),
    emittedAt: value(ide, 'dhEmi'),
    authorizedAt: value(prot, 'dhRecbto'),
    protocolStatus: value(prot, 'cStat'),
    protocolNumber: value(prot, 'nProt'),
    emitter: partyOf(section(xml, 'emit'), 'enderEmit'),
    receiver: { taxId: taxId(contractor), name: value(contractor, 'xNome') },
    totals: { total: amount(value(section(xml, 'tot'), 'vCarga')) },
    canceledInXml: false,
    eventsInXml: eventsInside(xml, xml.lastIndexOf('</MDFe>')),
    items: [],
  };
}
