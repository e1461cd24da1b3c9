// The names the NF-e walk knows (nfe-walk.ts): the sections whose leaves it notes, each with the
// kind of section it is found in and the leaves it reads, numbered into typed tables.
import { NameTable } from '../../fiscal/tag-walk.js';

/** The sections the walk knows: the kinds of element whose leaves it notes. */
export const enum Kind {
  None,
  Proc,
  Nfe,
  Inf,
  Ide,
  Emit,
  EnderEmit,
  Dest,
  EnderDest,
  Det,
  Prod,
  Imposto,
  Icms,
  Ipi,
  Pis,
  Cofins,
  IbsCbs,
  ItemCbs,
  Total,
  IcmsTot,
  IssqnTot,
  IsTot,
  IbsCbsTot,
  Gibs,
  Gcbs,
  Prot,
  InfProt,
}
export const KINDS = Kind.InfProt + 1;

/** A section of each kind: its element's name, the kind it is found in, the leaves it reads. */
const SECTIONS: [kind: Kind, name: string, parent: Kind, leaves: string[]][] = [
  [Kind.Proc, 'nfeProc', Kind.None, []],
  [Kind.Nfe, 'NFe', Kind.Proc, []],
  [Kind.Inf, 'infNFe', Kind.Nfe, []],
  [Kind.Ide, 'ide', Kind.Inf, ['mod', 'serie', 'nNF', 'dhEmi', 'dEmi', 'tpAmb']],
  [Kind.Emit, 'emit', Kind.Inf, ['CNPJ', 'CPF', 'Cnpj', 'Cpf', 'idEstrangeiro', 'NIF', 'xNome', 'UF']],
  [Kind.EnderEmit, 'enderEmit', Kind.Emit, ['UF']],
  [Kind.Dest, 'dest', Kind.Inf, ['CNPJ', 'CPF', 'Cnpj', 'Cpf', 'idEstrangeiro', 'NIF', 'xNome', 'UF']],
  [Kind.EnderDest, 'enderDest', Kind.Dest, ['UF']],
  [Kind.Det, 'det', Kind.Inf, []],
  [Kind.Prod, 'prod', Kind.Det, ['cProd', 'xProd', 'NCM', 'CEST', 'CFOP', 'uCom', 'qCom', 'vUnCom', 'vProd', 'vDesc']],
  [Kind.Imposto, 'imposto', Kind.Det, []],
  [Kind.Icms, 'ICMS', Kind.Imposto, ['vICMS', 'vICMSST']],
  [Kind.Ipi, 'IPI', Kind.Imposto, ['vIPI']],
  [Kind.Pis, 'PIS', Kind.Imposto, ['vPIS']],
  [Kind.Cofins, 'COFINS', Kind.Imposto, ['vCOFINS']],
  [Kind.IbsCbs, 'IBSCBS', Kind.Imposto, ['vIBS']],
  [Kind.ItemCbs, 'gCBS', Kind.IbsCbs, ['vCBS']],
  [Kind.Total, 'total', Kind.Inf, ['vNFTot']],
  [Kind.IcmsTot, 'ICMSTot', Kind.Total, ['vNF', 'vProd', 'vDesc', 'vFrete', 'vICMS', 'vST', 'vIPI', 'vPIS', 'vCOFINS']],
  [Kind.IssqnTot, 'ISSQNtot', Kind.Total, ['vServ', 'vISS']],
  [Kind.IsTot, 'ISTot', Kind.Total, ['vIS']],
  [Kind.IbsCbsTot, 'IBSCBSTot', Kind.Total, []],
  [Kind.Gibs, 'gIBS', Kind.IbsCbsTot, ['vIBS']],
  [Kind.Gcbs, 'gCBS', Kind.IbsCbsTot, ['vCBS']],
  [Kind.Prot, 'protNFe', Kind.Proc, ['dhRecbto', 'cStat', 'nProt']],
  [Kind.InfProt, 'infProt', Kind.Prot, ['cStat', 'xMotivo', 'nProt', 'dhRecbto', 'chNFe']],
];

/** The kinds of an item (Det to ItemCbs): their slots are the item's, one set per det. */
export const ITEM = new Uint8Array(KINDS).fill(1, Kind.Det, Kind.ItemCbs + 1);
/**
 * Sections the section pass looks for in the whole text: met anywhere but their place, the walk
 * stops. An event (infEvento) inside the proc is the section pass's wherever it is (eventsInside).
 */
export const WHOLE_TEXT = new Set([
  'nfeProc',
  'NFe',
  'infNFe',
  'ide',
  'emit',
  'dest',
  'det',
  'total',
  'protNFe',
  'infEvento',
]);
/** ICMSTot's usual children, kept as these strings rather than sliced from the text. */
const TOTAL_NAMES = [
  ...'vBC vICMSDeson vFCPUFDest vICMSUFDest vICMSUFRemet vFCP vBCST vFCPST vFCPSTRet vSeg vII'.split(' '),
  ...'vIPIDevol vOutro vTotTrib qBCMono vICMSMono qBCMonoReten vICMSMonoReten qBCMonoRet vICMSMonoRet'.split(' '),
];

// Every name the walk knows gets an id: leaves first (their ids index the slot tables), then sections.
/** The names, looked up by the walk (tag-walk.ts) by a hash of their bytes: no string is made of a name it does not know. */
export const TABLE = new NameTable();
export const NAMES = TABLE.names;
const named = (name: string): number => TABLE.add(name);
for (const [, , , leaves] of SECTIONS) leaves.forEach(named);
for (const name of TOTAL_NAMES) named(name);
export const LEAVES = NAMES.length;
for (const [, name] of SECTIONS) named(name);
named('infEvento');
const idOf = (name: string): number => NAMES.indexOf(name);

/** slot of leaf id `l` in a section of kind `k` (SLOT[k * LEAVES + l]), -1 where it reads none. */
export const SLOT = new Int8Array(KINDS * LEAVES).fill(-1);
/** The kind a section named `id` is in a section of kind `k` (SUB[k * NAMES.length + id]). */
export const SUB = new Uint8Array(KINDS * NAMES.length);
/** The kinds a section named `id` is looked for in, a bit each (PARENTS[id]). */
export const PARENTS = new Int32Array(NAMES.length);
/** Where a kind's slots start: in the document's, or in its item's (ITEM_KINDS). */
export const BASE = new Int32Array(KINDS);
let docSlots = 0;
let itemSlots = 0;
for (const [kind, name, parent, leaves] of SECTIONS) {
  SUB[parent * NAMES.length + idOf(name)] = kind;
  PARENTS[idOf(name)]! |= 1 << parent;
  if (ITEM[kind]) {
    BASE[kind] = itemSlots;
    itemSlots += leaves.length;
  } else {
    BASE[kind] = docSlots;
    docSlots += leaves.length;
  }
  leaves.forEach((leaf, slot) => (SLOT[kind * LEAVES + idOf(leaf)] = slot));
}
export const DOC_SLOTS = docSlots;
/** Whether a section reads the leaf of id `id`. */
export const WANTED = new Uint8Array(NAMES.length);
for (let id = 0; id < LEAVES; id++) for (let k = 0; k < KINDS; k++) if (SLOT[k * LEAVES + id] !== -1) WANTED[id] = 1;
export const ITEM_SLOTS = itemSlots;
export const leafId = idOf;
export const NFE = idOf('NFe');
export const NFE_PROC = idOf('nfeProc');
export const PROT_NFE = idOf('protNFe');

/** The characters of `\w`. */
const WORD = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_') WORD[c.charCodeAt(0)] = 1;

/** Whether `\w` has every character of [a, b). */
export function isWord(bytes: Uint8Array, a: number, b: number): boolean {
  for (let i = a; i < b; i++) if (WORD[bytes[i]!] !== 1) return false;
  return true;
}
