// What a DANFe or DANFCe prints of an nfeProc, read from its bytes by shapes (xml-shape.ts): the
// elements drawn, by where they sit. The light parser's tree (xml-light.ts) made an object or a
// string of each of a note's 250 elements, and the readers' helpers then looked each field up in
// it by name: some 35% of a DANFe's CPU. What this gives is what nfe-data.ts's read through the
// tree gives, field for field (the tests compare both on every sample); anything else (another
// shape, another encoding, what the scanner gives up on) is read through the tree.
import { documentStatus } from '../doc-status.js';
import { keyFromId, modelOfKey, type Protocol, type Summary } from '../readers/common.js';
import type { DocumentSummary } from '../readers/index.js';
import { joined } from './format.js';
import type { NfeData, NfeItem, NfeParty } from './nfe-data.js';
import { placeOf, ShapeReader, type Entry, type Shape } from './xml-shape.js';

const ADDRESS: Shape = { leaves: ['xLgr', 'nro', 'xCpl', 'xBairro', 'CEP', 'xMun', 'UF', 'fone'] };
const PARTY_LEAVES = ['xNome', 'xFant', 'CNPJ', 'CPF', 'idEstrangeiro', 'IE', 'IEST', 'IM'] as const;
const VALUES: Shape = { values: true };
const PROD: Shape = { leaves: ['cProd', 'xProd', 'NCM', 'CFOP', 'uCom', 'qCom', 'vUnCom', 'vProd'] };
const ICMS_VARIANT: Shape = { leaves: ['orig', 'CST', 'CSOSN', 'vBC', 'vICMS', 'pICMS'] };
const ICMS: Shape = { variant: { prefix: 'ICMS', shape: ICMS_VARIANT } };
const IPI_TRIB: Shape = { leaves: ['vIPI', 'pIPI'] };
const IPI: Shape = { one: { IPITrib: IPI_TRIB } };
const IMPOSTO: Shape = { one: { ICMS, IPI } };
const ITEM: Shape = { attribute: 'nItem', leaves: ['infAdProd'], one: { prod: PROD, imposto: IMPOSTO } };
const PAYMENT_LEAVES = ['tPag', 'vPag'];
const DET_PAG: Shape = { leaves: PAYMENT_LEAVES };
const PAG: Shape = { leaves: [...PAYMENT_LEAVES, 'vTroco'], many: { detPag: DET_PAG } };
const IDE: Shape = {
  leaves: ['nNF', 'serie', 'dhEmi', 'dEmi', 'dhSaiEnt', 'dSaiEnt', 'tpNF', 'natOp', 'tpImp', 'tpAmb', 'mod'],
};
const EMIT: Shape = { leaves: PARTY_LEAVES, one: { enderEmit: ADDRESS } };
const DEST: Shape = { leaves: PARTY_LEAVES, one: { enderDest: ADDRESS } };
const TOTAL: Shape = { one: { ICMSTot: VALUES, ISSQNtot: VALUES } };
const CARRIER: Shape = { leaves: [...PARTY_LEAVES, 'xEnder', 'xMun', 'UF'], one: { enderTransporta: ADDRESS } };
const VEHICLE: Shape = { leaves: ['placa', 'UF', 'RNTC'] };
const VOL: Shape = { leaves: ['qVol', 'esp', 'marca', 'nVol', 'pesoB', 'pesoL'] };
const TRANSP: Shape = { leaves: ['modFrete'], one: { transporta: CARRIER, veicTransp: VEHICLE }, many: { vol: VOL } };
const DUP: Shape = { leaves: ['nDup', 'dVenc', 'vDup'] };
const COBR: Shape = { many: { dup: DUP } };
const INF_ADIC: Shape = { leaves: ['infCpl', 'infAdFisco'] };
const INF_NFE: Shape = {
  once: true,
  attribute: 'Id',
  one: { ide: IDE, emit: EMIT, dest: DEST, total: TOTAL, transp: TRANSP, cobr: COBR, infAdic: INF_ADIC },
  many: { det: ITEM, pag: PAG },
};
const SUPL: Shape = { leaves: ['qrCode', 'urlChave'] };
const NFE: Shape = { once: true, one: { infNFe: INF_NFE, infNFeSupl: SUPL } };
const INF_PROT: Shape = { leaves: ['cStat', 'xMotivo', 'nProt', 'dhRecbto'] };
const PROT_NFE: Shape = { once: true, one: { infProt: INF_PROT } };
const NFE_PROC: Shape = { closed: true, one: { NFe: NFE, protNFe: PROT_NFE } };
const TOP: Shape = { closed: true, one: { nfeProc: NFE_PROC } };

/**
 * Each field's place in its entry (xml-shape.ts placeOf), by shape: read by place, the note's 150
 * fields cost no look-up of their names (a Map's, per field and document, in code that runs once
 * a document and so stays in V8's baseline tier through a pull).
 */
const at = <N extends string[]>(shape: Shape, ...names: N) =>
  names.map((name) => placeOf(shape, name)) as { [K in keyof N]: number };
const [A_STREET, A_NUMBER, A_COMPLEMENT, A_DISTRICT, A_CEP, A_CITY, A_UF, A_PHONE] = at(
  ADDRESS,
  'xLgr',
  'nro',
  'xCpl',
  'xBairro',
  'CEP',
  'xMun',
  'UF',
  'fone',
);
/** The party leaves' places, the same in emit, dest and transporta (their leaves start with them). */
const [P_NAME, P_FANTASY, P_CNPJ, P_CPF, P_FOREIGN, P_IE, P_IEST, P_IM] = at(EMIT, ...PARTY_LEAVES);
const [EMIT_ADDRESS] = at(EMIT, 'enderEmit');
const [DEST_ADDRESS] = at(DEST, 'enderDest');
const [C_ADDRESS, C_STREET, C_CITY, C_UF] = at(CARRIER, 'enderTransporta', 'xEnder', 'xMun', 'UF');
const [PR_CODE, PR_DESCRIPTION, PR_NCM, PR_CFOP, PR_UNIT, PR_QUANTITY, PR_UNIT_VALUE, PR_TOTAL] = at(
  PROD,
  'cProd',
  'xProd',
  'NCM',
  'CFOP',
  'uCom',
  'qCom',
  'vUnCom',
  'vProd',
);
const [IT_EXTRA, IT_PROD, IT_TAX] = at(ITEM, 'infAdProd', 'prod', 'imposto');
const [TAX_ICMS, TAX_IPI] = at(IMPOSTO, 'ICMS', 'IPI');
const ICMS_ANY = placeOf(ICMS, { variant: true });
const [V_ORIG, V_CST, V_CSOSN, V_BASE, V_ICMS, V_RATE] = at(
  ICMS_VARIANT,
  'orig',
  'CST',
  'CSOSN',
  'vBC',
  'vICMS',
  'pICMS',
);
const [IPI_TRIB_AT] = at(IPI, 'IPITrib');
const [IPI_VALUE, IPI_RATE] = at(IPI_TRIB, 'vIPI', 'pIPI');
const [PAY_TYPE, PAY_VALUE, PAY_CHANGE, PAY_DETAILS] = at(PAG, 'tPag', 'vPag', 'vTroco', 'detPag');
const [DP_TYPE, DP_VALUE] = at(DET_PAG, 'tPag', 'vPag');
if (DP_TYPE !== PAY_TYPE || DP_VALUE !== PAY_VALUE) throw new Error('a detPag reads its payment where a pag does');
const [I_NUMBER, I_SERIES, I_DH_EMI, I_D_EMI, I_DH_SAI, I_D_SAI, I_TP_NF, I_NAT_OP, I_TP_IMP, I_TP_AMB, I_MOD] = at(
  IDE,
  'nNF',
  'serie',
  'dhEmi',
  'dEmi',
  'dhSaiEnt',
  'dSaiEnt',
  'tpNF',
  'natOp',
  'tpImp',
  'tpAmb',
  'mod',
);
const [T_ICMS_TOT, T_ISSQN_TOT] = at(TOTAL, 'ICMSTot', 'ISSQNtot');
const [TR_MODE, TR_CARRIER, TR_VEHICLE, TR_VOL] = at(TRANSP, 'modFrete', 'transporta', 'veicTransp', 'vol');
const [VH_PLATE, VH_UF, VH_RNTC] = at(VEHICLE, 'placa', 'UF', 'RNTC');
const [VOL_QUANTITY, VOL_KIND, VOL_BRAND, VOL_NUMBERING, VOL_GROSS, VOL_NET] = at(
  VOL,
  'qVol',
  'esp',
  'marca',
  'nVol',
  'pesoB',
  'pesoL',
);
const [DUP_NUMBER, DUP_DUE, DUP_VALUE] = at(DUP, 'nDup', 'dVenc', 'vDup');
const [COBR_DUP] = at(COBR, 'dup');
const [AD_COMPLEMENT, AD_FISCO] = at(INF_ADIC, 'infCpl', 'infAdFisco');
const [INF_IDE, INF_EMIT, INF_DEST, INF_TOTAL, INF_TRANSP, INF_COBR, INF_ADIC_AT, INF_DET, INF_PAG] = at(
  INF_NFE,
  'ide',
  'emit',
  'dest',
  'total',
  'transp',
  'cobr',
  'infAdic',
  'det',
  'pag',
);
const [S_QR_CODE, S_URL] = at(SUPL, 'qrCode', 'urlChave');
const [NFE_INF, NFE_SUPL] = at(NFE, 'infNFe', 'infNFeSupl');
const [PR_STATUS, PR_REASON, PR_NUMBER, PR_AT] = at(INF_PROT, 'cStat', 'xMotivo', 'nProt', 'dhRecbto');
const [PROT_INF] = at(PROT_NFE, 'infProt');
const [PROC_NFE, PROC_PROT] = at(NFE_PROC, 'NFe', 'protNFe');
const [TOP_PROC] = at(TOP, 'nfeProc');

/** Elements the light parser skips unread, content unchecked (xml-light.ts; nfe-data.ts's UNREAD). */
const SKIPPED = ['PIS', 'PISST', 'COFINS', 'COFINSST', 'IBSCBS', 'infRespTec', 'Signature'];

const reader = new ShapeReader(TOP, SKIPPED);

/**
 * The NF-e or NFC-e (`kind`) of an nfeProc holding it and its protocol alone, as the service
 * gives them, or undefined: the file is then read through the tree.
 */
export function readNfeProc(bytes: Uint8Array, kind: 'nfe' | 'nfce', source: string): NfeData | undefined {
  const proc = reader.read(bytes)?.oneAt(TOP_PROC);
  return proc && nfeData(proc, kind, source);
}

/** The summary of an nfeProc's NF-e (nfe-data.ts's nfeProcSummary, and this reader's). */
export function procSummary(
  key: string | undefined,
  model: string | undefined,
  protocol: Protocol | undefined,
): Summary {
  const kind = model === '65' ? 'nfce' : 'nfe';
  const summary: Summary = { kind, emitter: {}, counterpart: {}, totals: {}, warnings: [] };
  if (model !== undefined) summary.model = model;
  if (key !== undefined) summary.key = key;
  if (protocol) summary.protocol = protocol;
  summary.canceled = documentStatus({ type: kind, protocol: protocol?.status, canceledInXml: false }) === 'canceled';
  return summary;
}

function protocolOf(inf: Entry | undefined): Protocol | undefined {
  const p: Protocol = {};
  const status = inf?.textAt(PR_STATUS);
  const reason = inf?.textAt(PR_REASON);
  const number = inf?.textAt(PR_NUMBER);
  const when = inf?.textAt(PR_AT);
  if (status) p.status = status;
  if (reason) p.reason = reason;
  if (number) p.number = number;
  if (when) p.at = when;
  return Object.keys(p).length > 0 ? p : undefined;
}

/** The volumes' sum of the leaf at `place`, as the tree's read sums them: undefined where none has it. */
function sumOf(vol: readonly Entry[], place: number): string | undefined {
  let sum = 0;
  let any = false;
  for (const v of vol) {
    const value = v.textAt(place);
    sum += Number(value ?? 0);
    if (value !== undefined) any = true;
  }
  return any ? String(sum) : undefined;
}

/** nfe-data.ts's readNfeData of an nfeProc read into entries, or undefined where that read would go another way. */
function nfeData(proc: Entry, kind: 'nfe' | 'nfce', source: string): NfeData | undefined {
  const nfe = proc.oneAt(PROC_NFE);
  const inf = nfe?.oneAt(NFE_INF);
  if (!nfe?.node || !inf?.node) return undefined;
  const prot = proc.oneAt(PROC_PROT);
  const infProt = prot?.oneAt(PROT_INF);
  // A protocol deeper in protNFe is the tree's to find.
  if (prot?.node && !infProt) return undefined;
  const ide = inf.oneAt(INF_IDE);
  const key = keyFromId(inf.attribute?.trim() || undefined);
  const summary = procSummary(key, ide?.textAt(I_MOD) ?? modelOfKey(key), protocolOf(infProt));
  if (summary.kind !== kind || !key || !/^\d{44}$/.test(key)) return undefined;
  const document: DocumentSummary = Object.assign(summary, { root: 'nfeProc', source });
  const transp = inf.oneAt(INF_TRANSP);
  const total = inf.oneAt(INF_TOTAL);
  const issqn = total?.oneAt(T_ISSQN_TOT);
  const vol = transp?.manyAt(TR_VOL) ?? [];
  const veic = transp?.oneAt(TR_VEHICLE);
  const adic = inf.oneAt(INF_ADIC_AT);
  const supl = nfe.oneAt(NFE_SUPL);
  const pags = inf.allAt(INF_PAG);
  return {
    summary: document,
    key,
    model: summary.model ?? (kind === 'nfe' ? '55' : '65'),
    number: ide?.textAt(I_NUMBER) ?? '',
    series: ide?.textAt(I_SERIES) ?? '',
    emittedAt: ide?.textAt(I_DH_EMI) ?? ide?.textAt(I_D_EMI),
    movedAt: ide?.textAt(I_DH_SAI) ?? ide?.textAt(I_D_SAI),
    direction: ide?.textAt(I_TP_NF),
    nature: ide?.textAt(I_NAT_OP),
    printType: ide?.textAt(I_TP_IMP),
    homologation: ide?.textAt(I_TP_AMB) === '2',
    emitter: partyOf(inf.oneAt(INF_EMIT), EMIT_ADDRESS),
    receiver: partyOf(inf.oneAt(INF_DEST), DEST_ADDRESS),
    totals: total?.oneAt(T_ICMS_TOT)?.valuesRead() ?? {},
    issqn: issqn?.node ? issqn.valuesRead() : undefined,
    transport: {
      mode: transp?.textAt(TR_MODE),
      carrier: carrierOf(transp?.oneAt(TR_CARRIER)),
      plate: veic?.textAt(VH_PLATE),
      plateUf: veic?.textAt(VH_UF),
      antt: veic?.textAt(VH_RNTC),
      volumes: {
        qVol: sumOf(vol, VOL_QUANTITY),
        esp: vol[0]?.textAt(VOL_KIND),
        marca: vol[0]?.textAt(VOL_BRAND),
        nVol: vol[0]?.textAt(VOL_NUMBERING),
        pesoB: sumOf(vol, VOL_GROSS),
        pesoL: sumOf(vol, VOL_NET),
      },
    },
    bills: (inf.oneAt(INF_COBR)?.manyAt(COBR_DUP) ?? []).map((d) => ({
      number: d.textAt(DUP_NUMBER),
      due: d.textAt(DUP_DUE),
      value: d.textAt(DUP_VALUE),
    })),
    payments: pags
      .filter((p) => p.node)
      .flatMap((p) => (p.allAt(PAY_DETAILS).length > 0 ? p.manyAt(PAY_DETAILS) : [p]))
      // A pag and a detPag hold tPag and vPag at the same places (both shapes start with them).
      .map((p) => ({ type: p.textAt(PAY_TYPE), value: p.textAt(PAY_VALUE) })),
    change: pags[0]?.textAt(PAY_CHANGE),
    items: inf.manyAt(INF_DET).map(itemOf),
    additional: adic?.textAt(AD_COMPLEMENT),
    fisco: adic?.textAt(AD_FISCO),
    protocol: infProt ? { number: infProt.textAt(PR_NUMBER), at: infProt.textAt(PR_AT) } : undefined,
    qrCode: supl?.textAt(S_QR_CODE),
    urlChave: supl?.textAt(S_URL),
  };
}

function partyOf(node: Entry | undefined, addressPlace: number): NfeParty {
  const addr = node?.oneAt(addressPlace);
  return {
    name: node?.textAt(P_NAME),
    fantasy: node?.textAt(P_FANTASY),
    taxId: node?.textAt(P_CNPJ) ?? node?.textAt(P_CPF) ?? node?.textAt(P_FOREIGN),
    ie: node?.textAt(P_IE),
    iest: node?.textAt(P_IEST),
    im: node?.textAt(P_IM),
    street: street(addr),
    district: addr?.textAt(A_DISTRICT),
    cep: addr?.textAt(A_CEP),
    city: addr?.textAt(A_CITY),
    uf: addr?.textAt(A_UF),
    phone: addr?.textAt(A_PHONE),
  };
}

/** `Rua A, 10 - sala 2`, as xml-tree.ts's street() writes it. */
function street(addr: Entry | undefined): string | undefined {
  const parts = joined(addr?.textAt(A_STREET), addr?.textAt(A_NUMBER), ', ');
  const cpl = addr?.textAt(A_COMPLEMENT);
  return (cpl ? `${parts} - ${cpl}` : parts) || undefined;
}

function carrierOf(node: Entry | undefined): NfeParty {
  // The party's own fields, then the carrier's in their places: an object of the same shape as
  // every party's, made without a copy.
  const carrier = partyOf(node, C_ADDRESS);
  carrier.street = node?.textAt(C_STREET);
  carrier.city = node?.textAt(C_CITY);
  carrier.uf = node?.textAt(C_UF);
  return carrier;
}

function itemOf(det: Entry): NfeItem {
  const prod = det.oneAt(IT_PROD);
  const tax = det.oneAt(IT_TAX);
  const icms = tax?.oneAt(TAX_ICMS)?.oneAt(ICMS_ANY);
  const ipi = tax?.oneAt(TAX_IPI)?.oneAt(IPI_TRIB_AT);
  const cst = icms?.textAt(V_CST) ?? icms?.textAt(V_CSOSN);
  return {
    n: det.attribute?.trim() || '',
    code: prod?.textAt(PR_CODE),
    description: prod?.textAt(PR_DESCRIPTION) ?? '',
    extra: det.textAt(IT_EXTRA),
    ncm: prod?.textAt(PR_NCM),
    cst: cst === undefined ? undefined : `${icms?.textAt(V_ORIG) ?? ''}${cst}`,
    cfop: prod?.textAt(PR_CFOP),
    unit: prod?.textAt(PR_UNIT),
    quantity: prod?.textAt(PR_QUANTITY),
    unitValue: prod?.textAt(PR_UNIT_VALUE),
    total: prod?.textAt(PR_TOTAL),
    icmsBase: icms?.textAt(V_BASE),
    icms: icms?.textAt(V_ICMS),
    ipi: ipi?.textAt(IPI_VALUE),
    icmsRate: icms?.textAt(V_RATE),
    ipiRate: ipi?.textAt(IPI_RATE),
  };
}
