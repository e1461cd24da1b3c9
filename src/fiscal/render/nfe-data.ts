// What a DANFe and a DANFCe print of an NF-e / NFC-e, read from its XML: more than the shared
// summary keeps (addresses, state registrations, items with their taxes, transport, bills,
// payments, additional information, the NFC-e's QR code).
import {
  arr,
  at,
  attr,
  first,
  keyFromId,
  modelOfKey,
  protocolOf,
  text,
  type Node,
  type Summary,
} from '../readers/common.js';
import type { DocumentSummary } from '../readers/index.js';
import { procSummary, readNfeProc } from './nfe-read.js';
import { find, readFor, street, textAt, variant } from './xml-tree.js';

export interface NfeParty {
  name?: string;
  fantasy?: string;
  taxId?: string;
  ie?: string;
  iest?: string;
  im?: string;
  street?: string;
  district?: string;
  cep?: string;
  city?: string;
  uf?: string;
  phone?: string;
}

export interface NfeItem {
  n: string;
  code?: string;
  description: string;
  extra?: string;
  ncm?: string;
  cst?: string;
  cfop?: string;
  unit?: string;
  quantity?: string;
  unitValue?: string;
  total?: string;
  icmsBase?: string;
  icms?: string;
  ipi?: string;
  icmsRate?: string;
  ipiRate?: string;
}

export interface NfeData {
  summary: DocumentSummary;
  key: string;
  model: string;
  number: string;
  series: string;
  emittedAt?: string;
  movedAt?: string;
  /** tpNF: 0 entrada, 1 saída. */
  direction?: string;
  nature?: string;
  /** tpImp: 1 portrait DANFe, 2 landscape, 4 and 5 NFC-e. */
  printType?: string;
  homologation: boolean;
  emitter: NfeParty;
  receiver: NfeParty;
  totals: Record<string, string | undefined>;
  issqn: Record<string, string | undefined> | undefined;
  transport: {
    mode?: string;
    carrier: NfeParty;
    plate?: string;
    plateUf?: string;
    antt?: string;
    volumes: Record<string, string | undefined>;
  };
  bills: { number?: string; due?: string; value?: string }[];
  payments: { type?: string; value?: string }[];
  change?: string;
  items: NfeItem[];
  additional?: string;
  fisco?: string;
  protocol?: { number?: string; at?: string };
  qrCode?: string;
  urlChave?: string;
}

/** A party of the SEFAZ layouts (emit, dest, rem, toma4...) with its address in `addrName`. */
export function partyOf(node: Node, addrName: string): NfeParty {
  const addr = at(node, addrName);
  return {
    name: text(node.xNome),
    fantasy: text(node.xFant),
    taxId: first(node, 'CNPJ', 'CPF', 'idEstrangeiro'),
    ie: text(node.IE),
    iest: text(node.IEST),
    im: text(node.IM),
    street: street(addr),
    district: text(addr.xBairro),
    cep: text(addr.CEP),
    city: text(addr.xMun),
    uf: text(addr.UF),
    phone: text(addr.fone),
  };
}

function itemOf(det: Node): NfeItem {
  const prod = at(det, 'prod');
  const tax = at(det, 'imposto');
  const icms = variant(at(tax, 'ICMS'), 'ICMS');
  const ipi = at(tax, 'IPI', 'IPITrib');
  const cst = text(icms.CST) ?? text(icms.CSOSN);
  return {
    n: text(det['@_nItem']) ?? '',
    code: text(prod.cProd),
    description: text(prod.xProd) ?? '',
    extra: text(det.infAdProd),
    ncm: text(prod.NCM),
    cst: cst === undefined ? undefined : `${text(icms.orig) ?? ''}${cst}`,
    cfop: text(prod.CFOP),
    unit: text(prod.uCom),
    quantity: text(prod.qCom),
    unitValue: text(prod.vUnCom),
    total: text(prod.vProd),
    icmsBase: text(icms.vBC),
    icms: text(icms.vICMS),
    ipi: text(ipi.vIPI),
    icmsRate: text(icms.pICMS),
    ipiRate: text(ipi.pIPI),
  };
}

function values(node: Node): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(node)) if (!k.startsWith('@_')) out[k] = text(v);
  return out;
}

/**
 * What neither a DANFe nor a DANFCe, nor the summary of an NF-e, reads: an item's PIS and COFINS
 * (a third of its elements), its IBS and CBS of the tax reform (as many again: the note's totals,
 * IBSCBSTot, are read) and the system's technical contact, left out of the tree unread.
 */
const UNREAD = new Set(['PIS', 'PISST', 'COFINS', 'COFINSST', 'IBSCBS', 'infRespTec']);

/**
 * What drawing reads of the summary (kind, model, key, whether the protocol says canceled), for
 * an nfeProc holding one NF-e and its protocol, and nothing else, as the service gives them. The
 * shared readers' summary of it adds the totals, the items' CFOPs and the parties, which nothing
 * drawn reads: some 6% of a DANFe's CPU. Any other shape (events in the file, another wrapper, no
 * infNFe) is read by the shared readers.
 */
export function nfeProcSummary(root: string, proc: Node): Summary | undefined {
  if (root !== 'nfeProc') return undefined;
  for (const name in proc) if (name !== 'NFe' && name !== 'protNFe' && !name.startsWith('@_')) return undefined;
  const nfe = proc.NFe;
  const prot = proc.protNFe;
  if (!nfe || typeof nfe !== 'object' || Array.isArray(nfe) || Array.isArray(prot)) return undefined;
  const inf = (nfe as Node).infNFe;
  if (!inf || typeof inf !== 'object' || Array.isArray(inf)) return undefined;
  const key = keyFromId(attr(inf as Node, 'Id'));
  const model = text(at(inf as Node, 'ide').mod) ?? modelOfKey(key);
  return procSummary(key, model, protocolOf(at(proc, 'protNFe', 'infProt')));
}

/** The NF-e (`kinds` nfe) or NFC-e (nfce) in `xml`. */
export function readNfeData(xml: Uint8Array | string, kind: 'nfe' | 'nfce'): NfeData {
  const what = kind === 'nfe' ? 'an NF-e (model 55)' : 'an NFC-e (model 65)';
  const bytes = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  return readNfeProc(bytes, kind, what) ?? readNfeTree(bytes, kind, what);
}

/** readNfeData through the tree of the light parser (or the readers' strict one): any file. */
export function readNfeTree(bytes: Uint8Array, kind: 'nfe' | 'nfce', what: string): NfeData {
  const { summary, tree } = readFor(bytes, [kind], what, true, UNREAD, nfeProcSummary);
  const nfe = find(tree, 'NFe') ?? {};
  const inf = at(nfe, 'infNFe');
  const ide = at(inf, 'ide');
  const transp = at(inf, 'transp');
  const total = at(inf, 'total');
  const issqn = at(total, 'ISSQNtot');
  const prot = find(tree, 'infProt', nfe);
  const vol = arr(transp.vol);
  const sumOf = (name: string) => {
    const sum = vol.reduce((a, v) => a + Number(text(v[name]) ?? 0), 0);
    return vol.some((v) => text(v[name]) !== undefined) ? String(sum) : undefined;
  };
  return {
    summary,
    key: summary.key!,
    model: summary.model ?? (kind === 'nfe' ? '55' : '65'),
    number: text(ide.nNF) ?? '',
    series: text(ide.serie) ?? '',
    emittedAt: first(ide, 'dhEmi', 'dEmi'),
    movedAt: first(ide, 'dhSaiEnt', 'dSaiEnt'),
    direction: text(ide.tpNF),
    nature: text(ide.natOp),
    printType: text(ide.tpImp),
    homologation: text(ide.tpAmb) === '2',
    emitter: partyOf(at(inf, 'emit'), 'enderEmit'),
    receiver: partyOf(at(inf, 'dest'), 'enderDest'),
    totals: values(at(total, 'ICMSTot')),
    issqn: Object.keys(issqn).length > 0 ? values(issqn) : undefined,
    transport: {
      mode: text(transp.modFrete),
      carrier: carrierOf(at(transp, 'transporta')),
      plate: textAt(transp, 'veicTransp', 'placa'),
      plateUf: textAt(transp, 'veicTransp', 'UF'),
      antt: textAt(transp, 'veicTransp', 'RNTC'),
      volumes: {
        qVol: sumOf('qVol'),
        esp: text(vol[0]?.esp),
        marca: text(vol[0]?.marca),
        nVol: text(vol[0]?.nVol),
        pesoB: sumOf('pesoB'),
        pesoL: sumOf('pesoL'),
      },
    },
    bills: arr(at(inf, 'cobr').dup).map((d) => ({ number: text(d.nDup), due: text(d.dVenc), value: text(d.vDup) })),
    // Layout 4.00 lists pag/detPag; 3.10 repeats pag itself.
    payments: arr(inf.pag)
      .flatMap((p) => (p.detPag ? arr(p.detPag) : [p]))
      .map((p) => ({
        type: text(p.tPag),
        value: text(p.vPag),
      })),
    change: textAt(inf, 'pag', 'vTroco'),
    items: arr(inf.det).map(itemOf),
    additional: textAt(inf, 'infAdic', 'infCpl'),
    fisco: textAt(inf, 'infAdic', 'infAdFisco'),
    protocol: prot ? { number: text(prot.nProt), at: text(prot.dhRecbto) } : undefined,
    qrCode: textAt(nfe, 'infNFeSupl', 'qrCode'),
    urlChave: textAt(nfe, 'infNFeSupl', 'urlChave'),
  };
}

/** `transporta` has its address inline (xEnder, xMun, UF), not in a child. */
function carrierOf(node: Node): NfeParty {
  return { ...partyOf(node, 'enderTransporta'), street: text(node.xEnder), city: text(node.xMun), uf: text(node.UF) };
}
