// The words of the document API a person types: roles, statuses, field names, type codes. Plain
// data without zod, so that the flag declarations (loaded for --help and completion) offer the very
// lists the wire schemas (./nfe.ts, ./cte.ts... which re-export them) check against. A document
// type's roles, statuses and fields are its registry entry's (src/fiscal/doc-types.ts).
import { DOC_TYPES } from '../../fiscal/doc-types.js';

export const NFE_ROLES = DOC_TYPES.nfe.roles;
/** R20: the spec's sample body spells two roles differently; the service accepts both. */
export const NFE_ROLE_ALIASES: Readonly<Record<string, (typeof NFE_ROLES)[number]>> = DOC_TYPES.nfe.roleAliases;

export const NFE_STATUSES = DOC_TYPES.nfe.statuses;
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
export const NFE_V2_FIELDS = DOC_TYPES.nfe.fields;

/** Roles of a CT-e (spec 1, roles table): the taker (toma), another party, or named in autXML. */
export const CTE_ROLES = DOC_TYPES.cte.roles;
/** Roles of a CT-e OS (spec 1, roles table): no autXML role. */
export const CTEOS_ROLES = DOC_TYPES.cteos.roles;
export const CTE_STATUSES = DOC_TYPES.cte.statuses;
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
export const CTE_FIELDS = DOC_TYPES.cte.fields;

/** Roles of the NFS-e v1 path: received (taker), emitted; `intermediate` is designed. */
export const NFSE_ROLES = DOC_TYPES.nfse.roles;
/** Spec 2.2: the fields an NFS-e record may carry. */
export const NFSE_FIELDS = DOC_TYPES.nfse.fields;

export const NFCE_ROLES = DOC_TYPES.nfce.roles;

/** Designed MDF-e roles: the emitter, the contracting party (infContratante), a CNPJ/CPF in autXML. */
export const MDFE_ROLES = DOC_TYPES.mdfe.roles;
/** Designed: closed is an MDF-e with its closing event (110112), authorized one still open. */
export const MDFE_STATUSES = DOC_TYPES.mdfe.statuses;
export const MDFE_FIELDS = DOC_TYPES.mdfe.fields;

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
