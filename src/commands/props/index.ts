// `fiscal props ...`: declarations only; each verb's module loads when it runs.
import { defineGroup, defineVerb } from '../shared/define.js';

export const setVerb = defineVerb({
  name: 'set',
  summary: 'set a custom property of NF-e to a value, for many access keys at once',
  examples: [
    'fiscal props set status done 35260112345678000195550010000012341000012343',
    'fiscal search nfe --role received --where-missing erp_id -o ndjson | fiscal props set status pending --stdin',
  ],
  notes: `Sends PUT /v1/nfe/{role}/{property} in batches of up to 500 keys, one result row per key. Keys are
checked before anything is sent (exit 2 naming the bad key); a key the service refuses is reported
and the others go on (exit 7). The stored values are what --filter / --where of search and pull
read. See docs/props.md.`,
  args: [
    { name: 'property', summary: 'property name, e.g. status (every account has it)' },
    { name: 'value', summary: 'the value to store' },
    { name: 'keys', summary: 'NF-e access keys (44 digits)', required: false, variadic: true },
  ],
  flags: {
    // The roles of wire/nfe.ts NFE_ROLES, written out: this module is loaded for --help.
    role: {
      type: 'choice',
      choices: ['received', 'emitted', 'transporter', 'authorized'],
      default: 'received',
      value: 'role',
      summary: 'the role the account has in the documents',
    },
    stdin: {
      type: 'switch',
      summary: 'also read keys from standard input: one per line, or NDJSON with AccessKey / access_key',
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
  summary: 'custom properties of NF-e: set values, list the account properties',
  examples: ['fiscal props list', 'fiscal props set status done <key>'],
  notes: 'See docs/props.md.',
  verbs: [setVerb, listVerb],
});
