// The utility invoices the service takes on upload (spec 4.4, R25) though none of its endpoints
// lists them: NF3e (electric energy, model 66), NFCom (communication, 62), NFAg (water and
// sanitation, 75) and NFGas (piped gas, 76). The four share the SEFAZ shape: `<NF3e>` holding
// `infNF3e` (Id = `NF3e` + the access key) with ide (nNF, dhEmi), emit, dest and total/vNF, bare or
// inside `nf3eProc` with its protocol `protNF3e` (and so for the others).
import {
  addTotals,
  at,
  attr,
  compact,
  keyWarnings,
  modelOfKey,
  party,
  sefazDocument,
  sefazHeading,
  text,
  UTILITY_ROOTS,
  type Node,
  type Summary,
  type UtilityKind,
} from './common.js';

/** Reads an `NF3e`, `NFCom`, `NFAg` or `NFGas` element; undefined without its inf element. */
export function readUtility(node: Node, kind: UtilityKind): Summary | undefined {
  const root = UTILITY_ROOTS[kind];
  const found = sefazDocument(node, `inf${root}`);
  if (!found) return undefined;
  // The Id's prefix is the root's name, digits and all (`NF3e3526...`): keyFromId stops at the 3.
  const id = attr(found.inf, 'Id');
  const key = id?.startsWith(root) ? id.slice(root.length) : found.key;
  const doc = { ...found, key, model: text(found.ide.mod) ?? modelOfKey(key) };
  const totals: Record<string, string> = {};
  addTotals(totals, at(doc.inf, 'total'), ['vNF']);
  const dest = party(at(doc.inf, 'dest'), at(doc.inf, 'dest', 'enderDest'));
  return compact({
    kind,
    model: doc.model,
    ...sefazHeading(node, doc, 'nNF'),
    counterpart: Object.keys(dest).length > 0 ? { role: 'receiver', ...dest } : {},
    totals,
    canceled: false,
    warnings: keyWarnings('access key', doc.key),
  } satisfies Summary);
}
