// The catalog's facts of an NF-e (model 55) or NFC-e (65): identity, parties, totals (IBS and CBS
// of the 2026 reform where the IBSCBSTot group is present), the protocol, and every item with its
// NCM, CEST, CFOP, quantity, values and taxes.
import { amount, type DocumentFacts, type ItemFacts, type Totals } from '../facts.js';
import { nfeSummary } from './nfe-summary.js';
import {
  attribute,
  eventsInside,
  firstValue,
  lastSection,
  section,
  sections,
  taxId,
  value,
  type Section,
} from './scan.js';

export function nfeFacts(xml: string): DocumentFacts {
  const ide = section(xml, 'ide');
  const emit = section(xml, 'emit');
  const dest = section(xml, 'dest');
  const total = section(xml, 'total');
  const prot = lastSection(xml, 'protNFe');
  const items = [...sections(xml, 'det')].map(itemOf);
  const icms = section(total, 'ICMSTot');
  const ibscbs = section(total, 'IBSCBSTot');
  const num = (s: Section | undefined, name: string) => amount(value(s, name));
  const totals: Totals = {
    total: num(icms, 'vNF'),
    products: num(icms, 'vProd'),
    discount: num(icms, 'vDesc'),
    freight: num(icms, 'vFrete'),
    icms: num(icms, 'vICMS'),
    icms_st: num(icms, 'vST'),
    ipi: num(icms, 'vIPI'),
    pis: num(icms, 'vPIS'),
    cofins: num(icms, 'vCOFINS'),
    iss: num(section(total, 'ISSQNtot'), 'vISS'),
    ibs: num(section(ibscbs, 'gIBS'), 'vIBS'),
    cbs: num(section(ibscbs, 'gCBS'), 'vCBS'),
  };
  return {
    model: value(ide, 'mod'),
    series: value(ide, 'serie'),
    number: value(ide, 'nNF'),
    // Layout 2.00 has the emission date alone (dEmi).
    emittedAt: firstValue(ide, ['dhEmi', 'dEmi']),
    authorizedAt: value(prot, 'dhRecbto'),
    protocolStatus: value(prot, 'cStat'),
    protocolNumber: value(prot, 'nProt'),
    emitter: { taxId: taxId(emit), name: value(emit, 'xNome'), uf: value(section(emit, 'enderEmit'), 'UF') },
    receiver: { taxId: taxId(dest), name: value(dest, 'xNome'), uf: value(section(dest, 'enderDest'), 'UF') },
    cfop: mainCfop(items),
    totals,
    canceledInXml: false,
    // A cancellation appended to the proc (retEvento with 110111, cStat 135).
    eventsInXml: eventsInside(xml, xml.lastIndexOf('</NFe>')),
    items,
    summary: nfeSummary(xml, { ide, emit, dest, total, prot, items }),
  };
}

function itemOf(det: Section, index: number): ItemFacts {
  const prod = section(det, 'prod');
  const tax = section(det, 'imposto');
  const ibscbs = section(tax, 'IBSCBS');
  const num = (s: Section | undefined, name: string) => amount(value(s, name));
  const icms = section(tax, 'ICMS');
  return {
    number: Number(attribute(det, 'nItem')) || index + 1,
    productCode: value(prod, 'cProd'),
    description: value(prod, 'xProd'),
    ncm: value(prod, 'NCM'),
    cest: value(prod, 'CEST'),
    cfop: value(prod, 'CFOP'),
    unit: value(prod, 'uCom'),
    quantity: num(prod, 'qCom'),
    unitPrice: num(prod, 'vUnCom'),
    value: num(prod, 'vProd'),
    discount: num(prod, 'vDesc'),
    taxes: {
      icms: num(icms, 'vICMS'),
      icms_st: num(icms, 'vICMSST'),
      ipi: num(section(tax, 'IPI'), 'vIPI'),
      pis: num(section(tax, 'PIS'), 'vPIS'),
      cofins: num(section(tax, 'COFINS'), 'vCOFINS'),
      ibs: num(ibscbs, 'vIBS'),
      cbs: num(section(ibscbs, 'gCBS'), 'vCBS'),
    },
  };
}

/** The CFOP of the items of most value (ties: the first item's). */
export function mainCfop(items: ItemFacts[]): string | undefined {
  const byCfop = new Map<string, number>();
  for (const i of items) if (i.cfop) byCfop.set(i.cfop, (byCfop.get(i.cfop) ?? 0) + (i.value ?? 0));
  let best: string | undefined;
  for (const [cfop, v] of byCfop) if (best === undefined || v > byCfop.get(best)!) best = cfop;
  return best;
}
