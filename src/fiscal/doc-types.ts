// The document types, each declared once: what it is called, its access-key model, the tags that
// name it in XML, its roles, statuses, fields, events, PDF and the endpoints it has. Every list of
// types elsewhere (the commands' `search|pull|xml|pdf|events <type>`, the wire enums, the
// emulator's stores and routes, the report's kinds) is derived from here, and
// test/unit/fiscal/doc-types.test.ts fails when a place forgets one. Plain data without any library: the
// declarations of `fiscal --help` read it. docs/architecture.md says how to add a type.

import { CTE_EVENTS, CTE_FIELDS, NFE_EVENTS, NFE_V2_FIELDS, type DocEvents } from './doc-type-vocabulary.js';

/**
 * The endpoints of a type, as router patterns (`:role`, `:param`) the client fills
 * (`fillPath`) and the emulator registers: one string for both sides.
 */
interface DocEndpoints {
  /** GET, the v1 role listing (R11-R17). */
  listing: string;
  /** POST, the body search, when the type has one. */
  search?: string;
  /** GET, the events of one document (designed per type; R30 for NF-e). */
  events?: string;
  /** GET, the auxiliary PDF by access key (or R10 id for NFS-e); none when only `pdf --local` draws it. */
  pdf?: string;
  /**
   * PUT, one custom property on many documents of the type (`fiscal props set`): spec 4.7 (R28)
   * for NF-e, R37 for NFS-e, designed for CT-e and CT-e OS like NF-e's.
   */
  properties?: string;
}

export interface DocTypeSpec {
  /** What people call it: `NF-e`. */
  name: string;
  /** What it is, in a few words, for summaries: `goods invoices`. */
  what: string;
  /** `a` or `an`, as messages name one: "not an NF-e". */
  article: 'a' | 'an';
  /** The access-key model (21st-22nd digits, R7); none for NFS-e, named by its R10 id. */
  model?: string;
  /** The element of an event that holds the document's key: `chNFe`. */
  keyTag?: string;
  /** Where the document keeps its key, as an upload's message names it: `infNFe/@Id`. */
  idTag?: string;
  /** Owner roles, in the order a key is looked up in (`fiscal xml`). */
  roles: readonly string[];
  /** Other spellings of roles the service accepts (R20), `receiver` for `received`. */
  roleAliases?: Readonly<Record<string, string>>;
  /** The party a role is, where its word does not say it (`--role` help): `received` is the taker. */
  roleParties?: Readonly<Record<string, string>>;
  /** Statuses of the body search and of the pulled documents. */
  statuses: readonly string[];
  /** Fields a body-search record may carry (`--fields`). */
  fields?: readonly string[];
  /** The XML values that stand for "the total", the first present wins (inspect, report). */
  total: readonly string[];
  events?: DocEvents;
  /** Its events may be sent in an event batch (POST /v1/events/batch, R32): the codes are BATCH_EVENT_CODES. */
  eventBatch?: true;
  /**
   * The auxiliary PDF's name: DANFe, DACTe... The service draws it when `endpoints.pdf` says where;
   * without that endpoint it is drawn only here, from the XML (`fiscal pdf nfce --local`).
   */
  pdf?: string;
  endpoints: DocEndpoints;
  /** The flagerp / labels `doc_type`, when those endpoints annotate the type. */
  flagType?: string;
  /** Webhook subscriptions may name it (designed). */
  webhooks: boolean;
  /**
   * Gathered under its own name too: `fiscal nfce search` is `fiscal search nfce`, and so for each
   * verb-first form the type has (search, xml, pdf, events): src/commands/shared/type-groups.ts.
   */
  group?: boolean;
}

/** The document types, in the order they are listed everywhere (help, completions, the report cache's kinds). */
export const DOC_TYPES = {
  nfe: {
    name: 'NF-e',
    what: 'goods invoices',
    article: 'an',
    model: '55',
    keyTag: 'chNFe',
    idTag: 'infNFe/@Id',
    roles: ['received', 'emitted', 'transporter', 'authorized'],
    // R20: the spec's sample body spells two roles differently; the service accepts both.
    roleAliases: { receiver: 'received', emitter: 'emitted' },
    statuses: ['authorized', 'canceled'],
    fields: NFE_V2_FIELDS,
    total: ['vNF'],
    events: NFE_EVENTS,
    eventBatch: true,
    pdf: 'DANFe',
    endpoints: {
      listing: '/v1/nfe/:role',
      search: '/v2/dfe/nfe',
      events: '/v2/nfe/events',
      pdf: '/v1/nfe/danfe',
      properties: '/v1/nfe/:role/:property',
    },
    flagType: 'NFE',
    webhooks: true,
  },
  nfce: {
    name: 'NFC-e',
    what: 'consumer invoices',
    article: 'an',
    model: '65',
    keyTag: 'chNFe',
    idTag: 'infNFe/@Id',
    roles: ['emitted'],
    statuses: ['authorized', 'canceled'],
    total: ['vNF'],
    events: NFE_EVENTS,
    // The service has no NFC-e PDF: the DANFCe is drawn from the XML (`fiscal pdf nfce --local`).
    pdf: 'DANFCe',
    // The NF-e endpoints serve NFC-e events too (designed).
    endpoints: { listing: '/v1/nfce/:role', events: '/v2/nfe/events' },
    flagType: 'NFCE',
    webhooks: true,
    group: true,
  },
  cte: {
    name: 'CT-e',
    what: 'transport',
    article: 'a',
    model: '57',
    keyTag: 'chCTe',
    idTag: 'infCte/@Id',
    roles: ['taker', 'not-taker', 'authorized'],
    statuses: ['authorized', 'canceled'],
    fields: CTE_FIELDS,
    total: ['vTPrest'],
    events: CTE_EVENTS,
    eventBatch: true,
    pdf: 'DACTe',
    endpoints: {
      listing: '/v1/cte/:role',
      search: '/v1/dfe/cte',
      events: '/v1/cte/events',
      pdf: '/v1/cte/dacte',
      properties: '/v1/cte/:role/:property',
    },
    flagType: 'CTE',
    webhooks: true,
  },
  cteos: {
    name: 'CT-e OS',
    what: 'transport of people and valuables',
    article: 'a',
    model: '67',
    keyTag: 'chCTe',
    idTag: 'infCte/@Id',
    roles: ['taker', 'not-taker'],
    statuses: ['authorized', 'canceled'],
    fields: CTE_FIELDS,
    total: ['vTPrest'],
    events: CTE_EVENTS,
    eventBatch: true,
    pdf: 'DACTe-OS',
    endpoints: {
      listing: '/v1/cte-os/:role',
      search: '/v1/dfe/cteos',
      events: '/v1/cte-os/events',
      pdf: '/v1/cte-os/dacteos',
      properties: '/v1/cte-os/:role/:property',
    },
    flagType: 'CTEOS',
    webhooks: true,
  },
  mdfe: {
    name: 'MDF-e',
    what: 'cargo manifests',
    article: 'an',
    model: '58',
    keyTag: 'chMDFe',
    idTag: 'infMDFe/@Id',
    // Designed: the emitter, the contracting party (infContratante), a CNPJ/CPF in autXML.
    roles: ['emitted', 'contractor', 'authorized'],
    // Designed: closed is an MDF-e with its closing event (110112), authorized one still open.
    statuses: ['authorized', 'closed', 'canceled'],
    fields: [
      'AccessKey',
      'CreatedAt',
      'CustomData',
      'Document',
      'EmissionDate',
      'Emitter',
      'Events',
      'FlagErp',
      'Number',
      'Origin',
      'Owner',
      'OwnerRole',
      'Status',
      'Tags',
      'Xml',
    ],
    total: ['vCarga'],
    events: {
      codes: {
        '110111': 'Cancelamento',
        '110112': 'Encerramento',
        '110114': 'Inclusão de Condutor',
        '110115': 'Inclusão de DF-e',
        '110116': 'Pagamento da Operação de Transporte',
      },
      cancelling: ['110111'],
      closing: ['110112'],
    },
    pdf: 'DAMDFe',
    // Designed: the spec lists no MDF-e endpoint.
    endpoints: {
      listing: '/v1/mdfe/:role',
      search: '/v1/dfe/mdfe',
      events: '/v1/mdfe/events',
      pdf: '/v1/mdfe/damdfe',
    },
    webhooks: true,
    group: true,
  },
  nfse: {
    name: 'NFS-e',
    what: 'service invoices',
    article: 'an',
    keyTag: 'chNFSe',
    // The v1 paths: received (taker), emitted; `intermediate` is designed.
    roles: ['received', 'emitted', 'intermediate'],
    roleParties: { received: 'taker' },
    statuses: ['authorized', 'canceled'],
    // Spec 2.2: the fields an NFS-e record may carry.
    fields: ['xmlAbrasf', 'xmlAbrasfRtc', 'originalXml', 'origin', 'flagErp', 'customData', 'document'],
    total: ['ValorServicos', 'vServ'],
    events: {
      codes: { '101101': 'Cancelamento de NFS-e', '105102': 'Cancelamento de NFS-e por Substituição' },
      cancelling: ['101101', '105102'],
      closing: [],
    },
    pdf: 'DANFSe',
    endpoints: {
      listing: '/v1/nfse/:role',
      search: '/v1/dfe/nfse',
      events: '/v1/nfse/events',
      pdf: '/v1/nfse/danfse',
      properties: '/v1/nfse/:role/:property',
    },
    flagType: 'NFSE',
    webhooks: true,
  },
} as const satisfies Record<string, DocTypeSpec>;

export type DocTypeName = keyof typeof DOC_TYPES;
/** Every type, in declaration order. */
export const DOC_TYPE_NAMES = Object.keys(DOC_TYPES) as DocTypeName[];

/** A table of one value per type of `types` (default: every type), made by `f`. */
export function byType<T extends DocTypeName, V>(
  f: (type: T) => V,
  types: readonly T[] = DOC_TYPE_NAMES as T[],
): Record<T, V> {
  return Object.fromEntries(types.map((t) => [t, f(t)])) as Record<T, V>;
}

/** The types webhook subscriptions may name. */
export const WEBHOOK_DOC_TYPES: readonly DocTypeName[] = DOC_TYPE_NAMES.filter((t) => docType(t).webhooks);

/**
 * The `doc_type` of flagerp and the labels (R27): each annotated type's `flagType`, and the CF-e
 * SAT, which the service annotates though fiscal lists and pulls none.
 */
export const FLAG_DOC_TYPES = [...typesWith('flagType').map((t) => DOC_TYPES[t].flagType), 'CFESAT' as const];
export type FlagDocType = (typeof FLAG_DOC_TYPES)[number];
/** The same as the command line writes them (`fiscal flag cteos`), and the other spellings it reads. */
export const FLAG_TYPE_WORDS = FLAG_DOC_TYPES.map((t) => t.toLowerCase() as Lowercase<FlagDocType>);
export const FLAG_TYPE_ALIASES = { 'cte-os': 'cteos', cfe: 'cfesat' } as const;
/** `nfe, nfce, ... or cfesat`, as help and messages list them. */
export const FLAG_TYPE_HELP = `${FLAG_TYPE_WORDS.slice(0, -1).join(', ')} or ${FLAG_TYPE_WORDS.at(-1)}`;

/** The spec of a type, typed loosely: what a loop over every type reads. */
export function docType(type: DocTypeName): DocTypeSpec {
  return DOC_TYPES[type];
}

/** The types whose spec has `feature`, in declaration order, typed as the subset they are. */
export function typesWith<K extends keyof DocTypeSpec>(
  feature: K,
): { [T in DocTypeName]: (typeof DOC_TYPES)[T] extends Record<K, unknown> ? T : never }[DocTypeName][] {
  return DOC_TYPE_NAMES.filter((t) => docType(t)[feature] !== undefined) as never;
}

/** Types keyed by a 44-digit access key: every one with a model. */
export type KeyedDocType = ReturnType<typeof typesWith<'model'>>[number];
/** The types with events, with a PDF, with a body search. */
export type EventDocType = ReturnType<typeof typesWith<'events'>>[number];
export type PdfDocType = ReturnType<typeof typesWith<'pdf'>>[number];
/** The types whose PDF the service draws (`endpoints.pdf`): `fiscal pdf <type> <key>`, `pull --with-pdf`. */
export type ApiPdfDocType = {
  [T in DocTypeName]: (typeof DOC_TYPES)[T]['endpoints'] extends { pdf: string } ? T : never;
}[DocTypeName];
/** The types with a PDF that only `fiscal pdf --local` draws (no endpoint): NFC-e. */
export type LocalOnlyPdfType = Exclude<PdfDocType, ApiPdfDocType>;
/** The types with custom properties (`endpoints.properties`): `fiscal props set`. */
export type PropertyDocType = {
  [T in DocTypeName]: (typeof DOC_TYPES)[T]['endpoints'] extends { properties: string } ? T : never;
}[DocTypeName];
export const PROPERTY_DOC_TYPES = DOC_TYPE_NAMES.filter(hasProperties);

/** Whether `type` has custom properties the service sets. */
export function hasProperties(type: DocTypeName): type is PropertyDocType {
  return docType(type).endpoints.properties !== undefined;
}

/** Whether `type` has events (`fiscal events <type>`). */
export function hasEvents(type: DocTypeName): type is EventDocType {
  return docType(type).events !== undefined;
}

/** Whether the service draws the PDF of `type`. */
export function hasApiPdf(type: DocTypeName): type is ApiPdfDocType {
  return docType(type).endpoints.pdf !== undefined;
}

/** The types pulled from their v1 role listing alone (every one but NF-e, whose pull also searches). */
export type ListingDocType = Exclude<DocTypeName, 'nfe'>;

/** The type of an access-key model, or undefined for a model no type declares. */
export function typeOfModel(model: string): KeyedDocType | undefined {
  return typesWith('model').find((t) => DOC_TYPES[t].model === model);
}

/** A router pattern with its `:name` parts filled (each encoded): `/v1/mdfe/:role` -> `/v1/mdfe/emitted`. */
export function fillPath(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
