// MDF-e (model 58), layouts 1.00 and 3.00: the `MDFe` element, bare or inside mdfeProc. A manifest
// has no receiver: the counterpart stays empty. Its totals are the cargo value and the number of
// CT-e / NF-e / MDF-e it declares; itemCount is how many it actually lists.
import {
  addTotals,
  arr,
  at,
  compact,
  keyWarnings,
  sefazDocument,
  sefazHeading,
  type Node,
  type Summary,
} from './common.js';

/** Reads an `MDFe` element; undefined when it has no infMDFe. */
export function readMdfe(mdfe: Node): Summary | undefined {
  const doc = sefazDocument(mdfe, 'infMDFe');
  if (!doc) return undefined;
  const { inf, key } = doc;
  const totals: Record<string, string> = {};
  addTotals(totals, at(inf, 'tot'), ['vCarga', 'qCTe', 'qNFe', 'qMDFe', 'qCarga']);
  const listed = listedDocuments(inf);
  return compact({
    kind: 'mdfe',
    model: doc.model ?? '58',
    ...sefazHeading(mdfe, doc, 'nMDF'),
    counterpart: {},
    totals,
    itemCount: listed.qCTe + listed.qNFe + listed.qMDFe,
    canceled: false,
    warnings: [...keyWarnings('access key', key), ...countWarnings(totals, listed)],
  } satisfies Summary);
}

type Counts = Record<'qCTe' | 'qNFe' | 'qMDFe', number>;

/** CT-e, NF-e and MDF-e listed under every unloading municipality. */
function listedDocuments(inf: Node): Counts {
  const counts: Counts = { qCTe: 0, qNFe: 0, qMDFe: 0 };
  for (const mun of arr(at(inf, 'infDoc').infMunDescarga)) {
    counts.qCTe += arr(mun.infCTe).length;
    counts.qNFe += arr(mun.infNFe).length;
    counts.qMDFe += arr(mun.infMDFeTransp).length;
  }
  return counts;
}

const LABELS: Record<keyof Counts, string> = { qCTe: 'CT-e', qNFe: 'NF-e', qMDFe: 'MDF-e' };

/** The totals (tot/qNFe...) are declared by the emitter: say when they disagree with the list. */
function countWarnings(totals: Record<string, string>, listed: Counts): string[] {
  const out: string[] = [];
  for (const name of Object.keys(LABELS) as (keyof Counts)[]) {
    const declared = totals[name];
    if (declared !== undefined && Number(declared) !== listed[name]) {
      out.push(`tot/${name} is ${declared} but ${listed[name]} ${LABELS[name]} are listed`);
    }
  }
  return out;
}
