// `fiscal search <type>`: declarations only; each verb's module loads when it runs. A type the
// registry gathers under its own name (`fiscal mdfe search`) gets these very declarations there
// too (shared/type-groups.ts).
import {
  CTE_FIELDS,
  CTE_TYPE_NAMES,
  CTE_TYPES,
  MDFE_FIELDS,
  MDFE_STATUSES,
  NFSE_FIELDS,
  UFS,
} from '../../api/wire/words.js';
import type { ListingOnlyType } from '../../api/doc-clients.js';
import { DOC_TYPE_NAMES, docType, type DocTypeName, type DocTypeSpec } from '../../fiscal/doc-types.js';
import { defineGroup, defineVerb, type KeyModel, type VerbSpec } from '../shared/define.js';
import {
  CTE_FIELD_ALIASES,
  DOCUMENT_FLAGS,
  NFE_FIELDS_FLAG,
  NFE_FILTER_FLAGS,
  NFE_KEY_FLAG,
  pick,
  ROLE_FLAGS,
} from '../shared/document-flags.js';

export const searchNfe = defineVerb({
  name: 'nfe',
  summary: 'search NF-e (goods invoices) by role, parties, dates, status, tags and properties',
  examples: [
    'fiscal search nfe --role received --from 2026-01-01 --to 2026-01-31',
    'fiscal search nfe --emitter 12345678000195 --status canceled -o ndjson | jq .AccessKey',
    "fiscal search nfe --role received --filter '(NOT_EXISTS erp_id)' --all -o csv > pending.csv",
    'fiscal search nfe --role received --month 05/2026 --owner 87.060.540/0001-49 --fields AccessKey,Number -o csv',
    'fiscal search nfe --key 35260112345678000195550010000012341000012343 --fields AccessKey,Xml -o json',
    'fiscal search nfe --role received --from 2026-01-01 --to 2026-01-31 --all --summary -o csv > janeiro.csv',
  ],
  notes: `Endpoint: POST /v2/dfe/nfe by default; GET /v1/nfe/{role} when --filter or several --key are
given (or --api v1). See docs/search.md for the mapping of flags to each endpoint.`,
  flags: {
    role: ROLE_FLAGS.nfe,
    key: NFE_KEY_FLAG,
    ...NFE_FILTER_FLAGS,
    month: DOCUMENT_FLAGS.month,
    fields: NFE_FIELDS_FLAG,
    ...pick(DOCUMENT_FLAGS, 'limit', 'all', 'summary'),
  },
  load: () => import('./nfe.js'),
});

/** The flags of `search cte` and `search cteos`: the same, but for the model of --key and the roles. */
function cteFlags<const K extends 'cte' | 'cteos'>(kind: K, model: KeyModel) {
  return {
    role: ROLE_FLAGS[kind],
    ...pick(DOCUMENT_FLAGS, 'owner', 'emitter', 'taker', 'from', 'to', 'month', 'createdFrom', 'createdTo', 'status'),
    key: { type: 'key', models: [model], list: true, summary: 'access key (44 digits; repeatable)' },
    cteType: {
      type: 'choice',
      list: true,
      value: 'type',
      choices: CTE_TYPES,
      aliases: CTE_TYPE_NAMES,
      complete: [...CTE_TYPES, ...Object.keys(CTE_TYPE_NAMES)],
      summary: 'tpCTe: 0 normal, 1 complementary, 3 substitute (names accepted; repeatable)',
    },
    nfe: { type: 'key', models: ['55'], list: true, summary: 'related NF-e access key (repeatable)' },
    ...pick(DOCUMENT_FLAGS, 'cfop', 'tag', 'origin', 'hasCce'),
    hasManifestation: { type: 'bool', summary: "has the taker's disagreement event (610110)" },
    ...pick(DOCUMENT_FLAGS, 'prop', 'filter'),
    fields: {
      type: 'choice',
      list: true,
      value: 'fields',
      choices: CTE_FIELDS,
      aliases: CTE_FIELD_ALIASES,
      summary: 'fields to return (comma-separated, e.g. AccessKey,Taker,Xml)',
    },
    ...pick(DOCUMENT_FLAGS, 'limit', 'all'),
    api: {
      type: 'choice',
      choices: ['dfe', 'v1'],
      value: 'endpoint',
      summary: 'force an endpoint: dfe (POST /v1/dfe/...) or v1 (GET role listing)',
    },
    summary: DOCUMENT_FLAGS.summary,
    // --type is a document type elsewhere: the old spellings here (--taker, once --role taker's, is a CNPJ as in search nfse).
    notTaker: {
      type: 'switch',
      summary: '',
      deprecated: { use: kind === 'cte' ? '--role not-taker,authorized' : '--role not-taker' },
    },
    type: {
      type: 'choice',
      list: true,
      choices: CTE_TYPES,
      aliases: CTE_TYPE_NAMES,
      summary: '',
      deprecated: { use: '--cte-type', moveTo: 'cteType' },
    },
  } as const;
}

export const searchCte = defineVerb({
  name: 'cte',
  summary: 'search CT-e (transport) by role, parties, dates, type, related NF-e, tags and properties',
  examples: [
    'fiscal search cte --role taker --from 2026-01-01 --to 2026-01-31',
    'fiscal search cte --nfe 35260112345678000195550010000012341000012343 -o json',
    "fiscal search cte --role not-taker --filter '(NOT_EXISTS erp_id)' --all -o csv > pending.csv",
  ],
  notes: `Endpoint: POST /v1/dfe/cte (cteos: /v1/dfe/cteos) by default; GET /v1/cte/{role} (cte-os) when
--filter or several --key are given (or --api v1). See docs/cte.md for the mapping of flags.`,
  flags: cteFlags('cte', '57'),
  load: () => import('./cte.js'),
});

export const searchCteos = defineVerb({
  name: 'cteos',
  summary: 'search CT-e OS (transport of people and valuables) by role, dates, tags and properties',
  examples: [
    'fiscal search cteos --owner 12345678000195 --from 2026-01-01 --to 2026-01-31',
    "fiscal search cteos --role taker --filter '(= status done)' --all -o ndjson",
  ],
  notes: `Endpoint: POST /v1/dfe/cteos (every role of the owners) by default; GET /v1/cte-os/{role}
when --filter or several --key are given (or --api v1). See docs/cte.md.`,
  flags: cteFlags('cteos', '67'),
  load: () => import('./cteos.js'),
});

export const searchNfse = defineVerb({
  name: 'nfse',
  summary: 'search NFS-e (service invoices) by role, competence, parties, dates and properties',
  examples: [
    'fiscal search nfse --role received --competence 2026-05 --no-canceled',
    'fiscal search nfse --taker 12345678000195 --from 2026-01-01 --fields document,xmlAbrasf -o ndjson',
    "fiscal search nfse --role emitted --filter '(NOT_EXISTS erp_id)' --all",
  ],
  notes: 'Endpoint: POST /v1/dfe/nfse; GET /v1/nfse/{role} when --filter is given. See docs/nfse.md.',
  flags: {
    role: ROLE_FLAGS.nfse,
    competence: {
      type: 'month',
      list: true,
      value: 'yyyy-mm',
      summary: 'month of the service, YYYY-MM or MM/YYYY (repeatable)',
    },
    canceled: {
      type: 'bool',
      negatable: 'valid (not canceled) only',
      summary: 'canceled only; --no-canceled (or --canceled=false) for valid ones',
    },
    taker: DOCUMENT_FLAGS.taker,
    /** R10, checked by the verb's parser. */
    id: { type: 'custom', value: 'id', summary: 'NFS-e id <owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>' },
    // One origin: the body search's `origin` is a string (R22).
    origin: { type: 'text', value: 'origin', summary: 'origin, e.g. nacional, upload' },
    ...pick(DOCUMENT_FLAGS, 'owner', 'emitter', 'from', 'to', 'month', 'createdFrom', 'createdTo', 'filter', 'prop'),
    fields: {
      type: 'choice',
      list: true,
      value: 'fields',
      choices: NFSE_FIELDS,
      summary: 'fields to return (comma-separated)',
    },
    ...pick(DOCUMENT_FLAGS, 'limit', 'all', 'summary'),
  },
  load: () => import('./nfse.js'),
});

export const searchMdfe = defineVerb({
  name: 'mdfe',
  summary: 'search MDF-e (cargo manifests) by role, status, route, plate and carried documents',
  examples: [
    'fiscal search mdfe --role emitted --status closed --uf SP',
    'fiscal search mdfe --plate ABC1D23 --from 2026-05-01 -o csv',
  ],
  notes: 'Endpoint: POST /v1/dfe/mdfe; GET /v1/mdfe/{role} when --filter is given. See docs/mdfe.md.',
  flags: {
    role: ROLE_FLAGS.mdfe,
    // One status at a time (the body search takes one): a list so that two are refused, not overridden.
    status: {
      type: 'choice',
      list: true,
      value: 'status',
      choices: MDFE_STATUSES,
      summary: 'authorized (open), closed or canceled',
    },
    uf: { type: 'choice', list: true, value: 'uf', choices: UFS, summary: 'start or end UF, any of (repeatable)' },
    /** AAA9999 or AAA9A99, checked by the verb's parser. */
    plate: { type: 'custom', list: true, value: 'plate', summary: 'vehicle plate (repeatable)' },
    cte: { type: 'key', models: ['57'], list: true, summary: 'carries this CT-e (repeatable)' },
    nfe: { type: 'key', models: ['55'], list: true, summary: 'carries this NF-e (repeatable)' },
    ...pick(
      DOCUMENT_FLAGS,
      'tag',
      'owner',
      'emitter',
      'from',
      'to',
      'month',
      'createdFrom',
      'createdTo',
      'filter',
      'prop',
    ),
    fields: {
      type: 'choice',
      list: true,
      value: 'fields',
      choices: MDFE_FIELDS,
      summary: 'fields to return (comma-separated)',
    },
    ...pick(DOCUMENT_FLAGS, 'limit', 'all', 'summary'),
  },
  load: () => import('./mdfe.js'),
});

/** `search <type>` of a type searched by its role listing alone, declared from the registry. */
function listingSearch(type: ListingOnlyType) {
  const spec: DocTypeSpec = docType(type);
  const role = spec.roles[0]!;
  const declared = defineVerb({
    name: type,
    summary: `list ${spec.name} (${spec.what}) the account holds in a role`,
    examples: [
      `fiscal search ${type} --role ${role} --created-from 2026-05-01 --all -o ndjson`,
      `fiscal search ${type} --key <key> -o json`,
    ],
    notes: `Endpoint: GET ${spec.endpoints.listing.replace(':role', '{role}')}.`,
    flags: {
      role: {
        type: 'choice',
        choices: spec.roles,
        value: 'role',
        default: role,
        summary: `owner role (default ${role})`,
      },
      key: {
        type: 'key',
        models: [spec.model as KeyModel],
        list: true,
        summary: `access key (44 digits, model ${spec.model}; repeatable)`,
      },
      ...pick(DOCUMENT_FLAGS, 'owner', 'month', 'createdFrom', 'createdTo', 'filter', 'limit', 'all', 'summary'),
    },
    load: async (): Promise<unknown> => ({ default: (await import('./listing.js')).listingSearchVerb(declared, type) }),
  });
  return declared;
}
export type ListingSearchSpec = ReturnType<typeof listingSearch>;

/** The searches declared by hand; every other type of the registry gets `listingSearch`. */
const DECLARED: Partial<Record<DocTypeName, VerbSpec<any>>> = {
  nfe: searchNfe,
  cte: searchCte,
  cteos: searchCteos,
  mdfe: searchMdfe,
  nfse: searchNfse,
};

export const search = defineGroup({
  name: 'search',
  summary: 'search documents and print their metadata',
  examples: [
    'fiscal search nfe --role received --from 2026-01-01 --to 2026-01-31',
    'fiscal search cte --role taker --all -o csv > ctes.csv',
    'fiscal search nfse --role received --competence 2026-05 -o ndjson',
  ],
  notes: 'Each type has its own flags: fiscal search <type> --help. Filters: fiscal help filters.',
  verbs: DOC_TYPE_NAMES.map((t) => DECLARED[t] ?? listingSearch(t as ListingOnlyType)),
});
