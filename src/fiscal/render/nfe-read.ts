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
import type { Entry } from './xml-entry.js';
import * as place from './nfe-shape.js';

/**
 * The NF-e or NFC-e (`kind`) of an nfeProc holding it and its protocol alone, as the service
 * gives them, or undefined: the file is then read through the tree.
 */
export function readNfeProc(bytes: Uint8Array, kind: 'nfe' | 'nfce', source: string): NfeData | undefined {
  const proc = place.reader.read(bytes)?.oneAt(place.TOP_PROC);
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
  const status = inf?.textAt(place.PR_STATUS);
  const reason = inf?.textAt(place.PR_REASON);
  const number = inf?.textAt(place.PR_NUMBER);
  const when = inf?.textAt(place.PR_AT);
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
  const nfe = proc.oneAt(place.PROC_NFE);
  const inf = nfe?.oneAt(place.NFE_INF);
  if (!nfe?.node || !inf?.node) return undefined;
  const prot = proc.oneAt(place.PROC_PROT);
  const infProt = prot?.oneAt(place.PROT_INF);
  // A protocol deeper in protNFe is the tree's to find.
  if (prot?.node && !infProt) return undefined;
  const ide = inf.oneAt(place.INF_IDE);
  const key = keyFromId(inf.attribute?.trim() || undefined);
  const summary = procSummary(key, ide?.textAt(place.I_MOD) ?? modelOfKey(key), protocolOf(infProt));
  if (summary.kind !== kind || !key || !/^\d{44}$/.test(key)) return undefined;
  const document: DocumentSummary = Object.assign(summary, { root: 'nfeProc', source });
  const transp = inf.oneAt(place.INF_TRANSP);
  const total = inf.oneAt(place.INF_TOTAL);
  const issqn = total?.oneAt(place.T_ISSQN_TOT);
  const vol = transp?.manyAt(place.TR_VOL) ?? [];
  const veic = transp?.oneAt(place.TR_VEHICLE);
  const adic = inf.oneAt(place.INF_ADIC_AT);
  const supl = nfe.oneAt(place.NFE_SUPL);
  const pags = inf.allAt(place.INF_PAG);
  return {
    summary: document,
    key,
    model: summary.model ?? (kind === 'nfe' ? '55' : '65'),
    number: ide?.textAt(place.I_NUMBER) ?? '',
    series: ide?.textAt(place.I_SERIES) ?? '',
    emittedAt: ide?.textAt(place.I_DH_EMI) ?? ide?.textAt(place.I_D_EMI),
    movedAt: ide?.textAt(place.I_DH_SAI) ?? ide?.textAt(place.I_D_SAI),
    direction: ide?.textAt(place.I_TP_NF),
    nature: ide?.textAt(place.I_NAT_OP),
    printType: ide?.textAt(place.I_TP_IMP),
    homologation: ide?.textAt(place.I_TP_AMB) === '2',
    emitter: partyOf(inf.oneAt(place.INF_EMIT), place.EMIT_ADDRESS),
    receiver: partyOf(inf.oneAt(place.INF_DEST), place.DEST_ADDRESS),
    totals: total?.oneAt(place.T_ICMS_TOT)?.valuesRead() ?? {},
    issqn: issqn?.node ? issqn.valuesRead() : undefined,
    transport: {
      mode: transp?.textAt(place.TR_MODE),
      carrier: carrierOf(transp?.oneAt(place.TR_CARRIER)),
      plate: veic?.textAt(place.VH_PLATE),
      plateUf: veic?.textAt(place.VH_UF),
      antt: veic?.textAt(place.VH_RNTC),
      volumes: {
        qVol: sumOf(vol, place.VOL_QUANTITY),
        esp: vol[0]?.textAt(place.VOL_KIND),
        marca: vol[0]?.textAt(place.VOL_BRAND),
        nVol: vol[0]?.textAt(place.VOL_NUMBERING),
        pesoB: sumOf(vol, place.VOL_GROSS),
        pesoL: sumOf(vol, place.VOL_NET),
      },
    },
    bills: (inf.oneAt(place.INF_COBR)?.manyAt(place.COBR_DUP) ?? []).map((d) => ({
      number: d.textAt(place.DUP_NUMBER),
      due: d.textAt(place.DUP_DUE),
      value: d.textAt(place.DUP_VALUE),
    })),
    payments: pags
      .filter((p) => p.node)
      .flatMap((p) => (p.allAt(place.PAY_DETAILS).length > 0 ? p.manyAt(place.PAY_DETAILS) : [p]))
      // A pag and a detPag hold tPag and vPag at the same places (both shapes start with them).
      .map((p) => ({ type: p.textAt(place.PAY_TYPE), value: p.textAt(place.PAY_VALUE) })),
    change: pags[0]?.textAt(place.PAY_CHANGE),
    items: inf.manyAt(place.INF_DET).map(itemOf),
    additional: adic?.textAt(place.AD_COMPLEMENT),
    fisco: adic?.textAt(place.AD_FISCO),
    protocol: infProt ? { number: infProt.textAt(place.PR_NUMBER), at: infProt.textAt(place.PR_AT) } : undefined,
    qrCode: supl?.textAt(place.S_QR_CODE),
    urlChave: supl?.textAt(place.S_URL),
  };
}

function partyOf(node: Entry | undefined, addressPlace: number): NfeParty {
  const addr = node?.oneAt(addressPlace);
  return {
    name: node?.textAt(place.P_NAME),
    fantasy: node?.textAt(place.P_FANTASY),
    taxId: node?.textAt(place.P_CNPJ) ?? node?.textAt(place.P_CPF) ?? node?.textAt(place.P_FOREIGN),
    ie: node?.textAt(place.P_IE),
    iest: node?.textAt(place.P_IEST),
    im: node?.textAt(place.P_IM),
    street: street(addr),
    district: addr?.textAt(place.A_DISTRICT),
    cep: addr?.textAt(place.A_CEP),
    city: addr?.textAt(place.A_CITY),
    uf: addr?.textAt(place.A_UF),
    phone: addr?.textAt(place.A_PHONE),
  };
}

/** `Rua A, 10 - sala 2`, as xml-tree.ts's street() writes it. */
function street(addr: Entry | undefined): string | undefined {
  const parts = joined(addr?.textAt(place.A_STREET), addr?.textAt(place.A_NUMBER), ', ');
  const cpl = addr?.textAt(place.A_COMPLEMENT);
  return (cpl ? `${parts} - ${cpl}` : parts) || undefined;
}

function carrierOf(node: Entry | undefined): NfeParty {
  // The party's own fields, then the carrier's in their places: an object of the same shape as
  // every party's, made without a copy.
  const carrier = partyOf(node, place.C_ADDRESS);
  carrier.street = node?.textAt(place.C_STREET);
  carrier.city = node?.textAt(place.C_CITY);
  carrier.uf = node?.textAt(place.C_UF);
  return carrier;
}

function itemOf(det: Entry): NfeItem {
  const prod = det.oneAt(place.IT_PROD);
  const tax = det.oneAt(place.IT_TAX);
  const icms = tax?.oneAt(place.TAX_ICMS)?.oneAt(place.ICMS_ANY);
  const ipi = tax?.oneAt(place.TAX_IPI)?.oneAt(place.IPI_TRIB_AT);
  const cst = icms?.textAt(place.V_CST) ?? icms?.textAt(place.V_CSOSN);
  return {
    n: det.attribute?.trim() || '',
    code: prod?.textAt(place.PR_CODE),
    description: prod?.textAt(place.PR_DESCRIPTION) ?? '',
    extra: det.textAt(place.IT_EXTRA),
    ncm: prod?.textAt(place.PR_NCM),
    cst: cst === undefined ? undefined : `${icms?.textAt(place.V_ORIG) ?? ''}${cst}`,
    cfop: prod?.textAt(place.PR_CFOP),
    unit: prod?.textAt(place.PR_UNIT),
    quantity: prod?.textAt(place.PR_QUANTITY),
    unitValue: prod?.textAt(place.PR_UNIT_VALUE),
    total: prod?.textAt(place.PR_TOTAL),
    icmsBase: icms?.textAt(place.V_BASE),
    icms: icms?.textAt(place.V_ICMS),
    ipi: ipi?.textAt(place.IPI_VALUE),
    icmsRate: icms?.textAt(place.V_RATE),
    ipiRate: ipi?.textAt(place.IPI_RATE),
  };
}
