// CT-e (model 57) and CT-e OS (model 67), layouts 2.00 to 4.00: the `CTe` / `CTeOS` elements, bare
// or inside cteProc / cteOSProc. The counterpart is the taker (tomador): in a CT-e, toma3 (toma03 in
// 2.00) names one of the parties already in the document, toma4 carries another party; a CT-e OS
// has its own `toma` group.
import {
  addTotals,
  arr,
  at,
  compact,
  decimal,
  keyWarnings,
  lookup,
  party,
  sefazDocument,
  sefazHeading,
  text,
  type Node,
  type Summary,
} from './common.js';

/** toma3/toma value -> the group holding that party and its address element. */
const TAKER_ROLES: Record<string, [string, string]> = {
  '0': ['rem', 'enderReme'],
  '1': ['exped', 'enderExped'],
  '2': ['receb', 'enderReceb'],
  '3': ['dest', 'enderDest'],
};

/** Reads a `CTe` or `CTeOS` element; undefined when it has no infCte. */
export function readCte(cte: Node, os: boolean): Summary | undefined {
  const doc = sefazDocument(cte, 'infCte');
  if (!doc) return undefined;
  const { inf, ide, key } = doc;
  const model = doc.model ?? (os ? '67' : '57');
  const totals: Record<string, string> = {};
  addTotals(totals, at(inf, 'vPrest'), ['vTPrest', 'vRec']);
  addTotals(totals, at(inf, 'infCTeNorm', 'infCarga'), ['vCarga']);
  const icms = icmsValue(at(inf, 'imp', 'ICMS'));
  if (icms) totals.vICMS = decimal(icms);
  addTotals(totals, at(inf, 'imp'), ['vTotTrib']);
  return compact({
    kind: model === '67' || os ? 'cteos' : 'cte',
    model,
    ...sefazHeading(cte, doc, 'nCT'),
    counterpart: taker(inf, ide, os),
    totals,
    itemCount: os ? undefined : documentCount(inf),
    cfops: text(ide.CFOP) === undefined ? undefined : [text(ide.CFOP)!],
    canceled: false,
    warnings: keyWarnings('access key', key),
  } satisfies Summary);
}

function taker(inf: Node, ide: Node, os: boolean): Summary['counterpart'] {
  let p = {};
  if (os) p = party(at(inf, 'toma'), at(inf, 'toma', 'enderToma'));
  else {
    const toma4 = at(ide, 'toma4');
    const code = text(at(ide, 'toma3').toma) ?? text(at(ide, 'toma03').toma);
    if (Object.keys(toma4).length > 0) p = party(toma4, at(toma4, 'enderToma'));
    else if (lookup(TAKER_ROLES, code)) {
      const [group, address] = lookup(TAKER_ROLES, code)!;
      p = party(at(inf, group), at(inf, group, address));
    }
  }
  return Object.keys(p).length > 0 ? { role: 'taker', ...p } : {};
}

/** vICMS of whichever ICMS situation group is present (ICMS00, ICMS20, ICMSOutraUF...). */
function icmsValue(icms: Node): string | undefined {
  for (const group of Object.values(icms)) {
    const g = at(group);
    const v = text(g.vICMS) ?? text(g.vICMSOutraUF);
    if (v) return v;
  }
  return undefined;
}

/** The NF-e, paper notes and other documents a normal CT-e carries. */
function documentCount(inf: Node): number | undefined {
  const norm = at(inf, 'infCTeNorm');
  if (Object.keys(norm).length === 0) return undefined;
  const docs = at(norm, 'infDoc');
  return arr(docs.infNFe).length + arr(docs.infNF).length + arr(docs.infOutros).length;
}
