// `fiscal labels ...`: declarations only; each verb's module loads when it runs.
import { FLAG_TYPE_ALIASES, FLAG_TYPE_HELP, FLAG_TYPE_WORDS } from '../../fiscal/doc-types.js';
import { defineGroup, defineVerb, type Flags } from '../shared/define.js';

const CHANGE_EXAMPLES = [
  'fiscal labels apply --label conferido 35260112345678000195550010000012341000012343',
  'fiscal search nfe --role received --tag urgente -o ndjson | fiscal labels remove --label urgente --stdin',
];

const CHANGE_NOTES = `Labels are the documents' Tags (search --tag / --tags-all). One result row per document; a document
the account does not hold is reported and the others go on (exit 7). See docs/labels.md.`;

const CHANGE_FLAGS = {
  label: {
    type: 'text',
    list: true,
    required: true,
    value: 'label',
    summary: 'a label (repeatable or comma-separated)',
  },
  type: {
    type: 'choice',
    choices: FLAG_TYPE_WORDS,
    aliases: FLAG_TYPE_ALIASES,
    default: 'nfe',
    value: 'type',
    summary: `document type: ${FLAG_TYPE_HELP}`,
  },
  stdin: {
    type: 'switch',
    summary: 'also read ids from standard input: one per line, or NDJSON with AccessKey / access_key / id',
  },
  dryRun: { type: 'switch', summary: 'show what would be sent, send nothing' },
} as const satisfies Flags;

const IDS = [{ name: 'ids', summary: 'access keys, or NFS-e ids', required: false, variadic: true }] as const;

export const listVerb = defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'list the account labels and how many documents carry each',
  examples: ['fiscal labels list', 'fiscal labels ls -o json'],
  flags: {},
  load: () => import('./list.js'),
});

export const applyVerb = defineVerb({
  name: 'apply',
  summary: 'add labels to documents',
  examples: CHANGE_EXAMPLES,
  notes: CHANGE_NOTES,
  args: IDS,
  flags: CHANGE_FLAGS,
  load: () => import('./apply.js'),
});

export const removeVerb = defineVerb({
  name: 'remove',
  summary: 'take labels off documents',
  examples: CHANGE_EXAMPLES,
  notes: CHANGE_NOTES,
  args: IDS,
  flags: CHANGE_FLAGS,
  load: () => import('./remove.js'),
});

export const labels = defineGroup({
  name: 'labels',
  summary: 'the account labels (Etiquetas): list, apply to and remove from documents',
  examples: ['fiscal labels list', 'fiscal labels apply --label conferido <key>'],
  notes: 'See docs/labels.md.',
  verbs: [listVerb, applyVerb, removeVerb],
});
