// The filter flags of the document commands (`search nfe|cte|cteos|nfse|nfce|mdfe`, `pull <type>`),
// declared once so that one word means one filter everywhere. A verb takes the ones it reads:
// `flags: { ...pick(DOCUMENT_FLAGS, 'owner', 'from', 'to'), ... }`. Plain data: loaded for --help.
import { FIN_NFE, FIN_NFE_NAMES, NFE_STATUSES, NFE_V2_FIELDS } from '../../api/wire/words.js';
import { byType, DOC_TYPES, type DocTypeName, type DocTypeSpec } from '../../fiscal/doc-types.js';
import type { FlagSpec } from './define.js';

export const DOCUMENT_FLAGS = {
  owner: { type: 'tax-id', list: true, value: 'cnpj', summary: 'owner CNPJ/CPF (repeatable or comma-separated)' },
  emitter: { type: 'tax-id', list: true, value: 'cnpj', summary: 'emitter CNPJ/CPF (repeatable)' },
  receiver: { type: 'tax-id', list: true, value: 'cnpj', summary: 'receiver CNPJ/CPF (repeatable)' },
  transporter: { type: 'tax-id', list: true, value: 'cnpj', summary: 'transporter CNPJ/CPF (repeatable)' },
  taker: { type: 'tax-id', list: true, value: 'cnpj', summary: 'taker CNPJ/CPF (repeatable)' },
  from: { type: 'date', summary: 'emitted on or after (YYYY-MM-DD or dd/mm/yyyy, a time hh:mm:ss optional)' },
  to: { type: 'date', summary: 'emitted on or before' },
  month: {
    type: 'month',
    value: 'yyyy-mm',
    summary: 'emitted in this month (YYYY-MM or MM/YYYY), instead of --from/--to',
  },
  createdFrom: { type: 'date', summary: 'received by the service on or after' },
  createdTo: { type: 'created-to', summary: 'received by the service on or before (a date, or now)' },
  status: { type: 'choice', choices: NFE_STATUSES, value: 'status', summary: 'document status' },
  /** Four digits each: the verb's parser is DOCUMENT_PARSERS.cfop (./document-options.ts). */
  cfop: { type: 'custom', list: true, value: 'cfop', summary: 'CFOP codes, any of (repeatable)' },
  tag: { type: 'text', list: true, value: 'tag', summary: 'tags, any of (repeatable)' },
  tagsAll: { type: 'text', list: true, value: 'tag', summary: 'tags, all of (repeatable)' },
  origin: {
    type: 'text',
    list: true,
    value: 'origin',
    summary: 'origins, any of: sefaz, upload, upload_api, email, ... (repeatable)',
  },
  xped: { type: 'text', list: true, value: 'xped', summary: 'xPed values (repeatable)' },
  hasCce: { type: 'bool', summary: 'has a correction letter (CC-e); --has-cce=false for none' },
  hasEvent: { type: 'bool', summary: 'has events' },
  hasManifestation: { type: 'bool', summary: 'has a recipient manifestation' },
  hasXped: { type: 'bool', summary: 'has an xPed (purchase order)' },
  prop: { type: 'pair', list: true, summary: 'custom property equals value (repeatable; same name: any of)' },
  filter: {
    type: 'expression',
    summary: "custom-property expression, e.g. '(AND (= status done) (NOT_EXISTS erp_id))'",
  },
  where: { type: 'pair', list: true, summary: 'custom property equals value, composed into --filter (repeatable)' },
  whereMissing: {
    type: 'text',
    list: true,
    value: 'name',
    summary: 'custom property not set, composed into --filter (repeatable)',
  },
  limit: { type: 'int', summary: 'at most this many documents (default 50)' },
  all: { type: 'switch', summary: 'every matching document (streams)' },
  summary: {
    type: 'switch',
    summary: 'read each document from its XML and show it as `fiscal inspect` does (totals, parties, protocol)',
  },
} as const satisfies Record<string, FlagSpec>;

/** `--role` of a type: its roles (and their other spellings), each with the party it is when the word does not say. */
function roleFlag<T extends DocTypeName>(type: T) {
  const spec: DocTypeSpec = DOC_TYPES[type];
  const words = spec.roles.map((r) => (spec.roleParties?.[r] ? `${r} (${spec.roleParties[r]})` : r));
  return {
    type: 'choice',
    list: true,
    value: 'roles',
    choices: DOC_TYPES[type].roles as (typeof DOC_TYPES)[T]['roles'],
    aliases: spec.roleAliases,
    summary: `owner role(s): ${words.join(', ')} (comma-separated)`,
  } as const satisfies FlagSpec;
}

/** `--role` of each type, in `search <type>` and (required) in `pull <type>`. */
export const ROLE_FLAGS = byType(roleFlag) as { [T in DocTypeName]: ReturnType<typeof roleFlag<T>> };

/** The NF-e filters of `search nfe` that `pull nfe` takes too (every one but --key; --month is declared beside them). */
export const NFE_FILTER_FLAGS = {
  ...pick(
    DOCUMENT_FLAGS,
    'owner',
    'emitter',
    'receiver',
    'transporter',
    'from',
    'to',
    'createdFrom',
    'createdTo',
    'status',
  ),
  /** `100` or `100..200`: the verb's parser is NFE_PARSERS.number (./nfe-options.ts). */
  number: { type: 'custom', value: 'n', summary: 'invoice number or range (100..200)' },
  ...pick(DOCUMENT_FLAGS, 'cfop', 'tag', 'tagsAll', 'origin'),
  fin: {
    type: 'choice',
    list: true,
    value: 'purpose',
    choices: FIN_NFE,
    aliases: FIN_NFE_NAMES,
    complete: [...FIN_NFE, ...Object.keys(FIN_NFE_NAMES)],
    summary: 'finNFe: 1-6 or normal, complementary, adjustment, return, credit, debit',
  },
  ...pick(
    DOCUMENT_FLAGS,
    'hasCce',
    'hasEvent',
    'hasManifestation',
    'hasXped',
    'xped',
    'prop',
    'filter',
    'where',
    'whereMissing',
  ),
  api: {
    type: 'choice',
    choices: ['v1', 'v2'],
    value: 'endpoint',
    summary: 'force an endpoint: v2 (POST /v2/dfe/nfe) or v1 (GET role listing)',
  },
  /** The name every other search gives --prop. */
  custom: { type: 'pair', list: true, summary: '', deprecated: { use: '--prop', moveTo: 'prop' } },
} as const satisfies Record<string, FlagSpec>;

export const NFE_KEY_FLAG = {
  type: 'key',
  models: ['55'],
  list: true,
  summary: 'access key (44 digits; repeatable)',
} as const satisfies FlagSpec;

/**
 * The names a listing's output shows for a field, accepted by --fields as the field itself: the
 * CSV's columns (`total_value`), the table's headers (`VALUE`) and the names inside a field in JSON
 * (`Document.TotalValue`). One style per type in the choices (the API's); these are other words.
 */
const SHOWN_FIELD_NAMES = {
  access_key: 'AccessKey',
  key: 'AccessKey',
  emission_date: 'EmissionDate',
  emitted: 'EmissionDate',
  created_at: 'CreatedAt',
  emitter_cnpj_cpf: 'Emitter',
  emitter_name: 'Emitter',
  total_value: 'Document',
  TotalValue: 'Document',
  value: 'Document',
  owner_role: 'OwnerRole',
  role: 'OwnerRole',
} as const;

export const NFE_FIELDS_FLAG = {
  type: 'choice',
  list: true,
  value: 'fields',
  choices: NFE_V2_FIELDS,
  aliases: {
    ...SHOWN_FIELD_NAMES,
    emitter_uf: 'Emitter',
    EmitterName: 'Emitter',
    EmitterCnpj: 'Emitter',
    EmitterCpf: 'Emitter',
    receiver_cnpj_cpf: 'Receiver',
    receiver_name: 'Receiver',
    receiver_uf: 'Receiver',
    ReceiverName: 'Receiver',
    ReceiverCnpj: 'Receiver',
    ReceiverCpf: 'Receiver',
  },
  summary: 'fields to return (comma-separated, e.g. AccessKey,Xml)',
} as const satisfies FlagSpec;

/** --fields of a CT-e search: the API's names, and the names its output shows. */
export const CTE_FIELD_ALIASES = {
  ...SHOWN_FIELD_NAMES,
  taker_cnpj_cpf: 'Taker',
  taker_name: 'Taker',
} as const;

/** The named entries of a flag table, types kept. */
export function pick<T extends Record<string, FlagSpec>, K extends keyof T>(table: T, ...keys: K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = table[k];
  return out;
}
