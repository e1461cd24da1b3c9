// The stored shape of an uploaded document, built from what the reader gives (the file's own XML
// is kept and served as is). Designed: fields the reader does not read (CFOPs, natOp, CT-e route
// and cargo, NFS-e service codes...) get neutral values, so filters on them do not match uploads.
import type { DocumentSummary, Party as ReadParty } from '../../fiscal/readers/index.js';
import type { DocTypes, DocType } from '../doc-index.js';
import type { Party } from '../model.js';
import type { NewNfe } from '../store.js';
import type { OwnerRole } from './roles.js';

export interface UploadContext {
  accountId: string;
  /** When the service received it (R15), Brasília time with offset. */
  createdAt: string;
  xml: string;
}

function toParty(p: ReadParty): Party {
  const id = p.taxId ?? '';
  return { ...(id.length === 11 ? { cpf: id } : { cnpj: id }), name: p.name ?? '', uf: p.uf ?? '' };
}

const total = (doc: DocumentSummary, ...names: string[]): string =>
  names.map((n) => doc.totals[n]).find((v) => v !== undefined) ?? '0.00';

function base(doc: DocumentSummary, ctx: UploadContext, roles: OwnerRole[]) {
  return {
    accountId: ctx.accountId,
    emissionDate: doc.emittedAt!,
    createdAt: ctx.createdAt,
    emitter: toParty(doc.emitter),
    origin: 'upload',
    tags: [],
    events: [],
    properties: {},
    flagErp: {},
    xml: ctx.xml,
    roles: roles as never[],
  };
}

function keyed(doc: DocumentSummary, ctx: UploadContext, roles: OwnerRole[]) {
  return {
    ...base(doc, ctx, roles),
    accessKey: doc.key!,
    series: doc.series ?? '0',
    number: doc.number ?? '0',
    status: doc.canceled ? ('canceled' as const) : ('authorized' as const),
  };
}

export function storedNfe(doc: DocumentSummary, ctx: UploadContext, roles: OwnerRole[]): NewNfe {
  return {
    ...keyed(doc, ctx, roles),
    model: '55',
    receiver: toParty(doc.counterpart),
    authorized: [],
    natOp: '',
    operation: '1',
    finNFe: '1',
    cfops: [],
    itemCount: doc.itemCount ?? 0,
    totalValue: total(doc, 'vNF'),
    xPeds: [],
    manifestations: [],
  };
}

type NewDoc<T extends DocType> = Omit<DocTypes[T], 'position'>;

function storedCte(doc: DocumentSummary, ctx: UploadContext, roles: OwnerRole[]): NewDoc<'cte'> {
  const taker = toParty(doc.counterpart);
  return {
    ...keyed(doc, ctx, roles),
    model: '57',
    cteType: '0',
    takerKind: '4',
    taker,
    sender: toParty(doc.emitter),
    addressee: taker,
    authorized: [],
    cfop: '',
    natOp: '',
    nfeKeys: [],
    referencedKeys: [],
    modal: '01',
    startCity: '',
    startUf: '',
    endCity: '',
    endUf: '',
    totalValue: total(doc, 'vTPrest'),
    receivableValue: total(doc, 'vRec', 'vTPrest'),
    cargoValue: total(doc, 'vCarga'),
  };
}

function storedCteOs(doc: DocumentSummary, ctx: UploadContext, roles: OwnerRole[]): NewDoc<'cteos'> {
  return {
    ...keyed(doc, ctx, roles),
    model: '67',
    cteType: '0',
    serviceType: '6',
    taker: toParty(doc.counterpart),
    cfop: '',
    natOp: '',
    modal: '01',
    startCity: '',
    startUf: '',
    endCity: '',
    endUf: '',
    quantity: 1,
    totalValue: total(doc, 'vTPrest'),
    receivableValue: total(doc, 'vRec', 'vTPrest'),
  };
}

function storedMdfe(doc: DocumentSummary, ctx: UploadContext, roles: OwnerRole[]): NewDoc<'mdfe'> {
  return {
    ...keyed(doc, ctx, roles),
    model: '58',
    emitterType: '1',
    contractors: [],
    authorized: [],
    startUf: '',
    endUf: '',
    loadCity: '',
    unloads: [],
    cteKeys: [],
    nfeKeys: [],
    cargoValue: total(doc, 'vCarga'),
    cargoWeight: total(doc, 'qCarga'),
    plate: '',
  };
}

function storedNfce(doc: DocumentSummary, ctx: UploadContext, roles: OwnerRole[]): NewDoc<'nfce'> {
  const consumer = doc.counterpart.taxId ? { consumer: toParty(doc.counterpart) } : {};
  return {
    ...keyed(doc, ctx, roles),
    model: '65',
    ...consumer,
    itemCount: doc.itemCount ?? 0,
    cfops: [],
    totalValue: total(doc, 'vNF'),
    paymentType: '01',
  };
}

function storedNfse(doc: DocumentSummary, ctx: UploadContext, roles: OwnerRole[]): NewDoc<'nfse'> {
  const taker = doc.counterpart.taxId ? { taker: toParty(doc.counterpart) } : {};
  return {
    ...base(doc, ctx, roles),
    id: `${roles[0]!.owner}:${doc.id!}`,
    documentId: doc.id!,
    number: doc.number ?? '0',
    competence: doc.emittedAt!.slice(0, 7),
    ...taker,
    isCanceled: doc.canceled ?? false,
    serviceCode: '',
    cnae: '',
    cityCode: '',
    serviceValue: total(doc, 'ValorServicos'),
    issRate: total(doc, 'Aliquota'),
    issValue: total(doc, 'ValorIss'),
    issWithheld: false,
    withholding: 'none',
    federalWithheld: '0.00',
    netValue: total(doc, 'ValorLiquidoNfse', 'ValorServicos'),
  };
}

/** How an uploaded document of each type the readers read is stored; a type without one is refused. */
export const STORED_DOC = {
  cte: storedCte,
  cteos: storedCteOs,
  mdfe: storedMdfe,
  nfce: storedNfce,
  nfse: storedNfse,
} satisfies { [T in DocType]?: (doc: DocumentSummary, ctx: UploadContext, roles: OwnerRole[]) => NewDoc<T> };

/** The types an upload can hold: NF-e and those above. */
export type UploadType = keyof typeof STORED_DOC | 'nfe';
