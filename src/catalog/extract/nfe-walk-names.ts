// The names the NF-e walk knows (nfe-walk.ts): the sections whose leaves it notes, each with the
// kind of section it is found in and the leaves it reads, numbered into typed tables the walk
// looks them up in by a hash of their characters.

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
export const NAMES: string[] = [''];
export const idOf = new Map<string, number>();
const named = (name: string): number => idOf.get(name) ?? (idOf.set(name, NAMES.push(name) - 1), NAMES.length - 1);
for (const [, , , leaves] of SECTIONS) leaves.forEach(named);
for (const name of TOTAL_NAMES) named(name);
export const LEAVES = NAMES.length;
for (const [, name] of SECTIONS) named(name);
named('infEvento');

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
  SUB[parent * NAMES.length + idOf.get(name)!] = kind;
  PARENTS[idOf.get(name)!]! |= 1 << parent;
  if (ITEM[kind]) {
    BASE[kind] = itemSlots;
    itemSlots += leaves.length;
  } else {
    BASE[kind] = docSlots;
    docSlots += leaves.length;
  }
  leaves.forEach((leaf, slot) => (SLOT[kind * LEAVES + idOf.get(leaf)!] = slot));
}
export const DOC_SLOTS = docSlots;
/** Whether a section reads the leaf of id `id`. */
export const WANTED = new Uint8Array(NAMES.length);
for (let id = 0; id < LEAVES; id++) for (let k = 0; k < KINDS; k++) if (SLOT[k * LEAVES + id] !== -1) WANTED[id] = 1;
export const ITEM_SLOTS = itemSlots;
export const leafId = (name: string): number => idOf.get(name)!;
export const NFE = idOf.get('NFe')!;
export const PROT_NFE = idOf.get('protNFe')!;

// Names looked up by a hash of their characters, computed as the walk reads them: no string is
// made of a name it does not know. The table is kept small (2.5 KB with HASH), to stay in the
// caches that the thread's SQLite work shares with it between two documents.
export const TABLE_SIZE = 512;
export const TABLE = new Uint8Array(TABLE_SIZE);
const hashOf = (name: string): number => {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (Math.imul(h, 31) + name.charCodeAt(i)) | 0;
  return h;
};
/** The hash of the name of each entry of TABLE. */
export const HASH = new Int32Array(TABLE_SIZE);
if (NAMES.length > 255) throw new Error('TABLE holds ids below 256');
for (let id = 1; id < NAMES.length; id++) {
  let i = hashOf(NAMES[id]!) & (TABLE_SIZE - 1);
  while (TABLE[i] !== 0) i = (i + 1) & (TABLE_SIZE - 1);
  TABLE[i] = id;
  HASH[i] = hashOf(NAMES[id]!);
}
/** The characters of every name, one after the other, and where each name's start (NAME_AT[id]). */
const NAME_CODES = Buffer.from(NAMES.join(''), 'latin1');
const NAME_AT = NAMES.map((_, id) => NAMES.slice(0, id).join('').length);

/** The characters of `\w`. */
const WORD = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_') WORD[c.charCodeAt(0)] = 1;

/** Whether the name of `len` characters at `a` is the one of `id`. */
export function sameName(bytes: Uint8Array, a: number, id: number, len: number): boolean {
  if (NAMES[id]!.length !== len) return false;
  const b = NAME_AT[id]!;
  for (let i = 0; i < len; i++) if (bytes[a + i] !== NAME_CODES[b + i]) return false;
  return true;
}

/** Whether `\w` has every character of [a, b). */
export function isWord(bytes: Uint8Array, a: number, b: number): boolean {
  for (let i = a; i < b; i++) if (WORD[bytes[i]!] !== 1) return false;
  return true;
}
