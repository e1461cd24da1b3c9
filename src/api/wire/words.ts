// The words of the document API a person types: roles, statuses, field names, type codes. Plain
// data without zod, so that the flag declarations (loaded for --help and completion) offer the very
// lists the wire schemas (./nfe.ts, ./cte.ts... which re-export them) check against.

export const NFE_ROLES = ['received', 'emitted', 'transporter', 'authorized'] as const;
/** R20: the spec's sample body spells two roles differently; the service accepts both. */
export const NFE_ROLE_ALIASES: Readonly<Record<string, (typeof NFE_ROLES)[number]>> = {
  receiver: 'received',
  emitter: 'emitted',
};

export const NFE_STATUSES = ['authorized', 'canceled'] as const;
export const FIN_NFE = ['1', '2', '3', '4', '5', '6'] as const;
/** finNFe by the name of its purpose. */
export const FIN_NFE_NAMES: Readonly<Record<string, (typeof FIN_NFE)[number]>> = {
  normal: '1',
  complementary: '2',
  adjustment: '3',
  return: '4',
  credit: '5',
  debit: '6',
};

/** Fields a v2 record may carry (spec 2.2); `CustomData` is ours, as in the CT-e list. */
export const NFE_V2_FIELDS = [
  'AccessKey',
  'Cfops',
  'CreatedAt',
  'CustomData',
  'Document',
  'EmissionDate',
  'Emitter',
  'Events',
  'FlagErp',
  'HasCCE',
  'Manifestations',
  'Number',
  'Origin',
  'Owner',
  'OwnerRole',
  'Receiver',
  'Status',
  'Tags',
  'Xml',
] as const;

/** Roles of a CT-e (spec 1, roles table): the taker (toma), another party, or named in autXML. */
export const CTE_ROLES = ['taker', 'not-taker', 'authorized'] as const;
/** Roles of a CT-e OS (spec 1, roles table): no autXML role. */
export const CTEOS_ROLES = ['taker', 'not-taker'] as const;
export const CTE_STATUSES = ['authorized', 'canceled'] as const;
/** tpCTe: 0 normal, 1 complementary, 3 substitute. */
export const CTE_TYPES = ['0', '1', '3'] as const;
/** tpCTe by name. */
export const CTE_TYPE_NAMES: Readonly<Record<string, (typeof CTE_TYPES)[number]>> = {
  normal: '0',
  complementary: '1',
  complement: '1',
  substitute: '3',
  substitution: '3',
};

/** Fields a CT-e record may carry (spec 2.2, "CTe record fields"). */
export const CTE_FIELDS = [
  'Xml',
  'Origin',
  'FlagErp',
  'CustomData',
  'Document',
  'Events',
  'Tags',
  'Cfops',
  'AccessKey',
  'EmissionDate',
  'CreatedAt',
  'HasCCE',
  'Manifestations',
  'Number',
  'Owner',
  'OwnerRole',
  'Addressee',
  'Dispatcher',
  'Sender',
  'Receiver',
  'Emitter',
  'Status',
  'Taker',
  'IBSCBS',
  'AccessKeyPrev',
  'AccessKeysComp',
] as const;

/** Roles of the NFS-e v1 path: received (taker), emitted; `intermediate` is designed. */
export const NFSE_ROLES = ['received', 'emitted', 'intermediate'] as const;
/** Spec 2.2: the fields an NFS-e record may carry. */
export const NFSE_FIELDS = [
  'xmlAbrasf',
  'xmlAbrasfRtc',
  'originalXml',
  'origin',
  'flagErp',
  'customData',
  'document',
] as const;

export const NFCE_ROLES = ['emitted'] as const;

/** Designed MDF-e roles: the emitter, the contracting party (infContratante), a CNPJ/CPF in autXML. */
export const MDFE_ROLES = ['emitted', 'contractor', 'authorized'] as const;
/** Designed: closed is an MDF-e with its closing event (110112), authorized one still open. */
export const MDFE_STATUSES = ['authorized', 'closed', 'canceled'] as const;
export const MDFE_FIELDS = [
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
] as const;

/** The federative units, the start or end of an MDF-e's route. */
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
