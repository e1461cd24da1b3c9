// The emulator's data model: what the store holds and the generators produce.
import type { NfeRole } from '../api/wire/nfe.js';
import type { DocLists } from './doc-index.js';

export interface Company {
  cnpj: string;
  name: string;
  tradingName: string;
  /** State registration (IE). */
  ie: string;
  uf: string;
  /** IBGE code of the UF (cUF), first two digits of access keys. */
  cuf: string;
}

export interface Account {
  id: string;
  name: string;
  apiId: string;
  apiKey: string;
  companies: Company[];
  /** R39: the account has no v2 (its /v2/ endpoints answer 404), as some real accounts. */
  withoutV2?: boolean;
}

/** A party of a document: exactly one of cnpj or cpf is set. */
export interface Party {
  cnpj?: string;
  cpf?: string;
  name: string;
  tradingName?: string;
  ie?: string;
  uf: string;
}

export interface NfeEvent {
  /** 6-digit event code: 110111 cancellation, 110110 CC-e, 2102xx manifestation. */
  type: string;
  seq: number;
  /** dhEvento, same format as StoredNfe.createdAt; generated events also use it as the time the service got them. */
  createdAt: string;
  /**
   * procEventoNFe XML. Generated events leave it unset and render it on demand
   * (`eventXml(doc, event)` in data/dataset.ts), which keeps 100k documents small in memory.
   */
  xml?: string;
}

export interface Manifestation {
  Type: string;
  Protocol: string;
  Seq: string;
  Date: string;
  CreatedAt: string;
  Active: boolean;
  IsForced: boolean;
  origin: 'app' | 'api';
}

export interface StoredNfe {
  accountId: string;
  /** R13: stable position in the account's document stream, strictly increasing with createdAt. */
  position: number;
  accessKey: string;
  model: '55';
  series: string;
  number: string;
  /** ISO 8601 with offset, as dhEmi: 2026-10-03T14:22:10-03:00. */
  emissionDate: string;
  /** When the service received it (R15), same format. */
  createdAt: string;
  emitter: Party;
  receiver: Party;
  transporter?: Party;
  /**
   * CNPJ/CPF listed in autXML. Like `roles`, `cfops` and an empty `xPeds`, generated documents
   * share this list with others and it is frozen: replace it, never change it in place.
   */
  authorized: string[];
  /** The account's companies that see this document and in which role (shared and frozen, see `authorized`). */
  roles: { owner: string; role: NfeRole }[];
  status: 'authorized' | 'canceled';
  natOp: string;
  /** tpNF: 0 entrada, 1 saída. */
  operation: '0' | '1';
  finNFe: '1' | '2' | '3' | '4' | '5' | '6';
  cfops: string[];
  itemCount: number;
  /** vNF as written in the XML (two decimals). */
  totalValue: string;
  origin: string;
  tags: string[];
  xPeds: string[];
  events: NfeEvent[];
  manifestations: Manifestation[];
  /** Custom properties (R17, R23, R28), e.g. the default `status` property. */
  properties: Record<string, string>;
  flagErp: Record<string, string>;
  /** The nfeProc XML; generated documents leave it unset and render it on demand. */
  xml?: string;
}

export interface Dataset {
  accounts: Account[];
  nfes: StoredNfe[];
  /** CT-e, CT-e OS, MDF-e, NFC-e and NFS-e, by type (a type left out has no documents). */
  docs?: Partial<DocLists>;
}

export interface DatasetOptions {
  seed: number;
  /** NF-e per account. */
  docs: number;
  /** Serve only the seed's first n accounts (default all): a big account costs memory and start-up time per account. */
  accounts?: number;
  /** Documents per account of each other type (CT-e, CT-e OS, MDF-e, NFC-e, NFS-e); default min(docs, 600). */
  otherDocs?: number;
  /** The emulator's "now": emission dates fall in the 12 months before it. */
  now: Date;
}
