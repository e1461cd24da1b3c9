// `fiscal props ...`: declarations only; each verb's module loads when it runs.
import { docType, PROPERTY_DOC_TYPES } from '../../fiscal/doc-types.js';
import { defineGroup, defineVerb } from '../shared/define.js';

// Every role of a type with custom properties, in the registry's order (each type's own are checked when it runs).
const PROPERTY_ROLES = [...new Set(PROPERTY_DOC_TYPES.flatMap((t) => docType(t).roles))];

export const setVerb = defineVerb({
  name: 'set',
  summary: 'set a custom property of NF-e, CT-e, CT-e OS and NFS-e to a value, for many documents at once',
  examples: [
    'fiscal props set status done 35260112345678000195550010000012341000012343',
    'fiscal props set erp_ref E7 <nfe-key> <cte-key> 12345678000195:98765432000198:2026-01-15:42',
    'fiscal props set status paid <cte-key> --role not-taker',
    'fiscal search nfe --role received --where-missing erp_id -o ndjson | fiscal props set status pending --stdin',
  ],
  notes: `Each id goes to its type's endpoint, the type read from it: an access key's model (NF-e,
CT-e, CT-e OS) or the form of an NFS-e id. PUT /v1/nfe/{role}/{property}, /v1/cte/{role}/{property}
and /v1/cte-os/{role}/{property} take batches of up to 500 keys, PUT /v1/nfse/{role}/{property} of
up to 50 ids; one result row per id, grouped by type. Without --role each type is sent in its first
role (NF-e and NFS-e received, CT-e and CT-e OS taker); a --role must be a role of every type given.
Ids and roles are checked before anything is sent (exit 2 naming the bad id, or the role and the
type; an MDF-e or NFC-e key has no properties); an id the service refuses is reported and the others
go on (exit 7). The stored values are what --filter / --where of search and pull read. See
docs/props.md.`,
  args: [
    { name: 'property', summary: 'property name, e.g. status (every account has it)' },
    { name: 'value', summary: 'the value to store' },
    {
      name: 'ids',
      summary: 'access keys of NF-e, CT-e, CT-e OS (44 digits) and NFS-e ids (<owner>:<emitter>:<yyyy-mm-dd>:<number>)',
      required: false,
      variadic: true,
    },
  ],
  flags: {
    role: {
      type: 'choice',
      choices: PROPERTY_ROLES,
      value: 'role',
      summary: "the role the account has in the documents (default: each type's first)",
    },
    stdin: {
      type: 'switch',
      summary: 'also read ids from standard input: one per line, or NDJSON with AccessKey / access_key / id',
    },
    dryRun: { type: 'switch', summary: 'show what would be sent, send nothing' },
  },
  load: () => import('./set.js'),
});

export const listVerb = defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'list the account properties and how many documents carry each',
  examples: ['fiscal props list', 'fiscal props ls -o csv'],
  flags: {},
  load: () => import('./list.js'),
});

export const props = defineGroup({
  name: 'props',
  summary: 'custom properties of NF-e, CT-e, CT-e OS and NFS-e: set values, list the account properties',
  examples: ['fiscal props list', 'fiscal props set status done <key>'],
  notes: 'See docs/props.md.',
  verbs: [setVerb, listVerb],
});
