// The emulator's data model for the documents other than the NF-e: CT-e (model 57), CT-e OS
// (67), MDF-e (58), NFC-e (65) and NFS-e (ABRASF). Same conventions as StoredNfe in model.ts:
// dates are Brasília time with offset (2026-10-03T14:22:10-03:00), amounts are decimals with two
// places as the XML writes them, lists shared between generated documents are frozen, and the XML
// of generated documents and events is rendered on demand.
import type { Party } from './model.js';

/** CT-e roles (spec 1): the owner is the taker (toma), another party, or named in autXML. */
export type CteRole = 'taker' | 'not-taker' | 'authorized';
export type CteOsRole = 'taker' | 'not-taker';
/** Designed: MDF-e roles are not shown by the spec. Contractor is infANTT/infContratante. */
export type MdfeRole = 'emitted' | 'contractor' | 'authorized';
export type NfceRole = 'emitted';
/** NFS-e roles: emitted (prestador), received (tomador), intermediate (intermediário). */
export type NfseRole = 'emitted' | 'received' | 'intermediate';

export interface RoleOf<R extends string> {
  owner: string;
  role: R;
}

/** An event of a document: cancellation, closing, correction letter, ... */
export interface DocEvent {
  /** 6-digit event code (110111 cancellation, 110112 MDF-e closing, 110110 CC-e, 610110, 101101 NFS-e cancellation). */
  type: string;
  seq: number;
  /** dhEvento; also when the service got it. */
  createdAt: string;
  /** The event XML; generated events leave it unset and render it on demand. */
  xml?: string;
}

/** What every generated document has, whatever its type. */
export interface StoredDocBase<R extends string> {
  accountId: string;
  /** R13: stable position in the account's stream of this document type, strictly increasing with createdAt. */
  position: number;
  /** dhEmi / DataEmissao. */
  emissionDate: string;
  /** When the service received it (R15). */
  createdAt: string;
  emitter: Party;
  /** The account's companies that see this document and in which role (shared and frozen). */
  roles: RoleOf<R>[];
  origin: string;
  tags: string[];
  events: DocEvent[];
  /** Custom properties (R17, R23, R28). */
  properties: Record<string, string>;
  flagErp: Record<string, string>;
  /** The document's XML; generated documents leave it unset and render it on demand. */
  xml?: string;
}

/** A document with an access key (R7): what a new type's `Stored<Type>` extends (docs/architecture.md). */
export interface KeyedDoc<R extends string, M extends string> extends StoredDocBase<R> {
  accessKey: string;
  model: M;
  series: string;
  number: string;
  status: 'authorized' | 'canceled';
}

/** tpCTe: 0 normal, 1 complementary, 3 substitute. */
export type CteType = '0' | '1' | '3';
/** toma: 0 sender, 1 dispatcher, 2 receiver, 3 addressee, 4 another party. */
export type TakerKind = '0' | '1' | '2' | '3' | '4';

export interface StoredCte extends KeyedDoc<CteRole, '57'> {
  cteType: CteType;
  takerKind: TakerKind;
  taker: Party;
  /** rem, exped, receb, dest (spec fields Sender, Dispatcher, Receiver, Addressee). */
  sender: Party;
  dispatcher?: Party;
  receiver?: Party;
  addressee: Party;
  /** CNPJ/CPF listed in autXML (shared and frozen). */
  authorized: string[];
  cfop: string;
  natOp: string;
  /** Related NF-e (infDoc/infNFe chave): the `Nfes` filter. Empty on complementary CT-e. */
  nfeKeys: string[];
  /** The CT-e this one substitutes (infCteSub, AccessKeyPrev) or complements (infCteComp, AccessKeysComp). */
  referencedKeys: string[];
  /** Always 01 (rodoviário) here. */
  modal: '01';
  startCity: string;
  startUf: string;
  endCity: string;
  endUf: string;
  /** vTPrest and vRec. */
  totalValue: string;
  receivableValue: string;
  /** vCarga: value of the goods carried (0.00 on complementary CT-e). */
  cargoValue: string;
}

/** tpServ of a CT-e OS: 6 people, 7 valuables, 8 excess baggage. */
export type CteOsService = '6' | '7' | '8';

export interface StoredCteOs extends KeyedDoc<CteOsRole, '67'> {
  cteType: '0';
  serviceType: CteOsService;
  taker: Party;
  cfop: string;
  natOp: string;
  modal: '01';
  startCity: string;
  startUf: string;
  endCity: string;
  endUf: string;
  /** Passengers (tpServ 6), or 1. */
  quantity: number;
  totalValue: string;
  receivableValue: string;
}

export interface StoredMdfe extends Omit<KeyedDoc<MdfeRole, '58'>, 'status'> {
  /** Designed: closed is an MDF-e with its closing event (110112); authorized is still open. */
  status: 'authorized' | 'closed' | 'canceled';
  /** tpEmit: 1 transport service provider (CT-e listed), 2 own cargo (NF-e listed). */
  emitterType: '1' | '2';
  contractors: Party[];
  /** CNPJ/CPF listed in autXML (shared and frozen). */
  authorized: string[];
  startUf: string;
  endUf: string;
  loadCity: string;
  /** Unloading cities (infMunDescarga) and how many of the keys, in order, are unloaded at each. */
  unloads: { city: string; count: number }[];
  /** The CT-e (tpEmit 1) or NF-e (tpEmit 2) carried; the other list is empty. */
  cteKeys: string[];
  nfeKeys: string[];
  /** tot/vCarga and tot/qCarga (kilograms, four places). */
  cargoValue: string;
  cargoWeight: string;
  plate: string;
}

export interface StoredNfce extends KeyedDoc<NfceRole, '65'> {
  /** The consumer, when identified (most NFC-e name nobody; some a CPF). */
  consumer?: Party;
  itemCount: number;
  cfops: string[];
  /** vNF. */
  totalValue: string;
  /** tPag: 01 cash, 03 credit card, 04 debit card, 17 PIX. */
  paymentType: '01' | '03' | '04' | '17';
}

/** Federal taxes the taker withholds (IR 1.5%, CSRF = PIS 0.65% + COFINS 3% + CSLL 1%). */
export type Withholding = 'none' | 'ir' | 'csrf' | 'ir-csrf';

export interface StoredNfse extends StoredDocBase<NfseRole> {
  /** R10: `<owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>` for the first owner in `roles`; see nfseId. */
  id: string;
  /** R10 without the owner, as flagerp names it: `<emitter_cnpj>:<yyyy-mm-dd>:<number>`. */
  documentId: string;
  number: string;
  /** yyyy-mm of Competencia. */
  competence: string;
  taker?: Party;
  intermediary?: Party;
  isCanceled: boolean;
  /** ItemListaServico (LC 116) and CNAE. */
  serviceCode: string;
  cnae: string;
  /** IBGE code of the municipality that issued it (OrgaoGerador). */
  cityCode: string;
  serviceValue: string;
  /** Aliquota in percent, two places: ValorIss = ValorServicos * Aliquota / 100. */
  issRate: string;
  issValue: string;
  issWithheld: boolean;
  withholding: Withholding;
  /** Sum of PIS, COFINS, CSLL and IR withheld. */
  federalWithheld: string;
  /** ValorLiquidoNfse = ValorServicos - federalWithheld - (issWithheld ? ValorIss : 0). */
  netValue: string;
}
