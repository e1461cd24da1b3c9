// The shapes the DANFe's read of an nfeProc walks its bytes with (xml-shape.ts), the reader of
// them, and the place of each field read in its entry, found once as the module loads: nfe-read.ts
// reads a note's fields by these places, with no look-up of their names per note.
import { placeOf, type Shape } from './xml-entry.js';
import { ShapeReader } from './xml-shape.js';

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
 * Each field's place in its entry (xml-entry.ts placeOf), by shape: read by place, the note's 150
 * fields cost no look-up of their names (a Map's, per field and document, in code that runs once
 * a document and so stays in V8's baseline tier through a pull).
 */
const at = <N extends string[]>(shape: Shape, ...names: N) =>
  names.map((name) => placeOf(shape, name)) as { [K in keyof N]: number };
export const [A_STREET, A_NUMBER, A_COMPLEMENT, A_DISTRICT, A_CEP, A_CITY, A_UF, A_PHONE] = at(
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
export const [P_NAME, P_FANTASY, P_CNPJ, P_CPF, P_FOREIGN, P_IE, P_IEST, P_IM] = at(EMIT, ...PARTY_LEAVES);
export const [EMIT_ADDRESS] = at(EMIT, 'enderEmit');
export const [DEST_ADDRESS] = at(DEST, 'enderDest');
export const [C_ADDRESS, C_STREET, C_CITY, C_UF] = at(CARRIER, 'enderTransporta', 'xEnder', 'xMun', 'UF');
export const [PR_CODE, PR_DESCRIPTION, PR_NCM, PR_CFOP, PR_UNIT, PR_QUANTITY, PR_UNIT_VALUE, PR_TOTAL] = at(
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
export const [IT_EXTRA, IT_PROD, IT_TAX] = at(ITEM, 'infAdProd', 'prod', 'imposto');
export const [TAX_ICMS, TAX_IPI] = at(IMPOSTO, 'ICMS', 'IPI');
export const ICMS_ANY = placeOf(ICMS, { variant: true });
export const [V_ORIG, V_CST, V_CSOSN, V_BASE, V_ICMS, V_RATE] = at(
  ICMS_VARIANT,
  'orig',
  'CST',
  'CSOSN',
  'vBC',
  'vICMS',
  'pICMS',
);
export const [IPI_TRIB_AT] = at(IPI, 'IPITrib');
export const [IPI_VALUE, IPI_RATE] = at(IPI_TRIB, 'vIPI', 'pIPI');
export const [PAY_TYPE, PAY_VALUE, PAY_CHANGE, PAY_DETAILS] = at(PAG, 'tPag', 'vPag', 'vTroco', 'detPag');
const [DP_TYPE, DP_VALUE] = at(DET_PAG, 'tPag', 'vPag');
if (DP_TYPE !== PAY_TYPE || DP_VALUE !== PAY_VALUE) throw new Error('a detPag reads its payment where a pag does');
export const [I_NUMBER, I_SERIES, I_DH_EMI, I_D_EMI, I_DH_SAI, I_D_SAI, I_TP_NF, I_NAT_OP, I_TP_IMP, I_TP_AMB, I_MOD] =
  at(IDE, 'nNF', 'serie', 'dhEmi', 'dEmi', 'dhSaiEnt', 'dSaiEnt', 'tpNF', 'natOp', 'tpImp', 'tpAmb', 'mod');
export const [T_ICMS_TOT, T_ISSQN_TOT] = at(TOTAL, 'ICMSTot', 'ISSQNtot');
export const [TR_MODE, TR_CARRIER, TR_VEHICLE, TR_VOL] = at(TRANSP, 'modFrete', 'transporta', 'veicTransp', 'vol');
export const [VH_PLATE, VH_UF, VH_RNTC] = at(VEHICLE, 'placa', 'UF', 'RNTC');
export const [VOL_QUANTITY, VOL_KIND, VOL_BRAND, VOL_NUMBERING, VOL_GROSS, VOL_NET] = at(
  VOL,
  'qVol',
  'esp',
  'marca',
  'nVol',
  'pesoB',
  'pesoL',
);
export const [DUP_NUMBER, DUP_DUE, DUP_VALUE] = at(DUP, 'nDup', 'dVenc', 'vDup');
export const [COBR_DUP] = at(COBR, 'dup');
export const [AD_COMPLEMENT, AD_FISCO] = at(INF_ADIC, 'infCpl', 'infAdFisco');
export const [INF_IDE, INF_EMIT, INF_DEST, INF_TOTAL, INF_TRANSP, INF_COBR, INF_ADIC_AT, INF_DET, INF_PAG] = at(
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
export const [S_QR_CODE, S_URL] = at(SUPL, 'qrCode', 'urlChave');
export const [NFE_INF, NFE_SUPL] = at(NFE, 'infNFe', 'infNFeSupl');
export const [PR_STATUS, PR_REASON, PR_NUMBER, PR_AT] = at(INF_PROT, 'cStat', 'xMotivo', 'nProt', 'dhRecbto');
export const [PROT_INF] = at(PROT_NFE, 'infProt');
export const [PROC_NFE, PROC_PROT] = at(NFE_PROC, 'NFe', 'protNFe');
export const [TOP_PROC] = at(TOP, 'nfeProc');

/** Elements the light parser skips unread, content unchecked (xml-light.ts; nfe-data.ts's UNREAD). */
const SKIPPED = ['PIS', 'PISST', 'COFINS', 'COFINSST', 'IBSCBS', 'infRespTec', 'Signature'];

export const reader = new ShapeReader(TOP, SKIPPED);
