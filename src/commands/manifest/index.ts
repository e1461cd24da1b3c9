// `fiscal manifest`: declarations only; the verb modules load on use.
import { defineGroup, defineVerb, type Flags } from '../shared/define.js';

const SOURCES = {
  file: { type: 'path', value: 'path', summary: 'also read keys from a file: one per line, or NDJSON' },
  stdin: {
    type: 'switch',
    summary: 'also read keys from standard input: one per line, or NDJSON (fiscal search nfe -o ndjson)',
  },
} as const satisfies Flags;

const SEND_FLAGS = {
  ...SOURCES,
  justification: { type: 'text', value: 'text', summary: 'not-performed only: why, 15 to 255 characters' },
  wait: { type: 'switch', summary: 'wait until the tax authority has answered each key' },
  sync: { type: 'switch', summary: 'manifest key by key synchronously and show the answer' },
  dryRun: { type: 'switch', summary: 'show what would be sent, send nothing' },
} as const satisfies Flags;

const SEND_EXAMPLES = [
  'fiscal search nfe --role received --has-manifestation=false -o ndjson | fiscal manifest aware --stdin',
  'fiscal manifest confirm <key> --wait',
  'fiscal manifest not-performed <key> --justification "mercadoria nao foi entregue" --sync',
];

const SEND_NOTES = `Keys come from arguments, --file and --stdin (one per line, or NDJSON with AccessKey / key) and
are all checked before anything is sent (exit 2 naming the bad one). Asynchronous by default:
each row carries its request_id; --wait follows them until answered (progress on stderr);
--sync asks key by key and shows the tax authority's answer. A rejected or refused key is a failed
row, the others go on, and the exit code is then 7. See docs/manifest.md.`;

const KEYS = [
  { name: 'keys', summary: 'NF-e access keys (44 digits, model 55)', required: false, variadic: true },
] as const;

/** A manifestation verb: the same flags, each its own code. */
const sendVerb = (name: string, summary: string, load: () => Promise<unknown>) =>
  defineVerb({ name, summary, examples: SEND_EXAMPLES, notes: SEND_NOTES, args: KEYS, flags: SEND_FLAGS, load });

export const confirmVerb = sendVerb('confirm', 'confirm the operation (210200)', () => import('./confirm.js'));
export const awareVerb = sendVerb(
  'aware',
  'declare awareness of the operation, "ciência" (210210)',
  () => import('./aware.js'),
);
export const unawareVerb = sendVerb(
  'unaware',
  'declare the operation unknown, "desconhecimento" (210220)',
  () => import('./unaware.js'),
);
export const notPerformedVerb = sendVerb(
  'not-performed',
  'declare the operation not performed (210240, needs --justification)',
  () => import('./not-performed.js'),
);

export const statusVerb = defineVerb({
  name: 'status',
  summary: 'where manifestation requests stand, by access key or request_id',
  examples: [
    'fiscal manifest status 35260112345678000195550010000012341000012343',
    'fiscal manifest aware --stdin < keys.txt -o ndjson | jq -r .request_id | fiscal manifest status --stdin',
  ],
  args: [{ name: 'keys', summary: 'NF-e access keys or 64-character request ids', required: false, variadic: true }],
  flags: SOURCES,
  notes: `A key or id the service knows nothing of (or answers 403/404 for) gets an error row: exit 7, or 4
when none was known. Pending and rejected requests are answers (exit 0).`,
  load: () => import('./status.js'),
});

export const latestVerb = defineVerb({
  name: 'latest',
  summary: 'the latest manifestation of each NF-e made through the platform or the API',
  examples: [
    'fiscal manifest latest 35260112345678000195550010000012341000012343',
    'fiscal manifest latest --file keys.txt --origin app -o csv',
  ],
  args: [{ name: 'keys', summary: 'NF-e access keys', required: false, variadic: true }],
  flags: {
    ...SOURCES,
    // The origins of wire/manifest.ts MANIFEST_ORIGINS, written out: this module is loaded for --help.
    origin: {
      type: 'choice',
      choices: ['app', 'api'],
      value: 'origin',
      summary: 'only manifestations made through app (the platform) or api',
    },
  },
  load: () => import('./latest.js'),
});

export const manifest = defineGroup({
  name: 'manifest',
  summary: 'manifest received NF-e to the tax authority (Manifestação do Destinatário)',
  examples: [
    'fiscal manifest aware <key> --wait',
    'fiscal manifest status <request_id>',
    'fiscal manifest latest <key> --origin api',
  ],
  notes: 'See docs/manifest.md.',
  verbs: [confirmVerb, awareVerb, unawareVerb, notPerformedVerb, statusVerb, latestVerb],
});
