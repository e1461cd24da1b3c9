// NF-e (model 55) and NFC-e (model 65), layouts 2.00, 3.10 and 4.00: the `NFe` element, bare or
// inside nfeProc / enviNFe. The two models share one layout; NFC-e adds infNFeSupl (QR code).
import {
  addTotals,
  arr,
  at,
  compact,
  keyWarnings,
  party,
  sefazDocument,
  sefazHeading,
  text,
  type Node,
  type Summary,
} from './common.js';

/** Reads an `NFe` element; undefined when it has no infNFe (another layout named NFe). */
export function readNfe(nfe: Node): Summary | undefined {
  const doc = sefazDocument(nfe, 'infNFe');
  if (!doc) return undefined;
  const { inf, key } = doc;
  const model = doc.model;
  const total = at(inf, 'total');
  const totals: Record<string, string> = {};
  addTotals(totals, at(total, 'ICMSTot'));
  addTotals(totals, at(total, 'ISSQNtot'), ['vServ', 'vISS']);
  addTotals(totals, at(total, 'ISTot'), ['vIS']);
  addTotals(totals, at(total, 'IBSCBSTot', 'gIBS'), ['vIBS']);
  addTotals(totals, at(total, 'IBSCBSTot', 'gCBS'), ['vCBS']);
  addTotals(totals, total, ['vNFTot']);
  return compact({
    kind: model === '65' ? 'nfce' : 'nfe',
    model,
    // Layout 2.00 has the emission date alone (dEmi).
    ...sefazHeading(nfe, doc, 'nNF', ['dhEmi', 'dEmi']),
    counterpart: counterpart(at(inf, 'dest')),
    totals,
    itemCount: arr(inf.det).length,
    cfops: itemCfops(arr(inf.det)),
    canceled: false,
    warnings: keyWarnings('access key', key),
  } satisfies Summary);
}

function counterpart(dest: Node): Summary['counterpart'] {
  const p = party(dest, at(dest, 'enderDest'));
  return Object.keys(p).length > 0 ? { role: 'receiver', ...p } : {};
}

/** Distinct item CFOPs, by the value their items carry (largest first; ties in item order). */
function itemCfops(items: Node[]): string[] | undefined {
  const cents = new Map<string, number>();
  for (const item of items) {
    const prod = at(item, 'prod');
    const cfop = text(prod.CFOP);
    if (!cfop) continue;
    cents.set(cfop, (cents.get(cfop) ?? 0) + Math.round(Number(text(prod.vProd) ?? 0) * 100 || 0));
  }
  if (cents.size === 0) return undefined;
  return [...cents].sort((a, b) => b[1] - a[1]).map(([cfop]) => cfop);
}
