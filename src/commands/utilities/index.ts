// `fiscal utilities ...`: declarations only; each verb's module loads when it runs. Utility bills
// are what the OCR reads (or the service captures): list, show, PDF, and upload to the OCR.
import { RECORD_SOURCES, UTILITY_KINDS, UTILITY_STATUSES } from '../../fiscal/record-values.js';
import { defineGroup, defineVerb } from '../shared/define.js';
import { uploadArgs, uploadFlags } from '../shared/ocr-upload-flags.js';
import { pagingFlags, pdfVerbOf, showVerbOf } from '../shared/records-verbs.js';

const ID = 'utl_0123456789abcdef01234567';

const EXAMPLES = [
  'fiscal utilities list --kind electricity --month 2026-05',
  'fiscal utilities list --status overdue -o ndjson | jq -r .id | fiscal utilities pdf --stdin --dir ./bills',
  `fiscal utilities show ${ID}`,
  'fiscal utilities upload ./bills --owner 12345678000195 --wait',
];

const NOTES = 'See docs/utilities.md.';

export const listVerb = defineVerb({
  name: 'list',
  summary: "list the account's utility bills, newest last",
  examples: EXAMPLES.slice(0, 2),
  notes: NOTES,
  flags: {
    owner: { type: 'cnpj', list: true, summary: 'only of these companies (repeatable or comma-separated)' },
    source: {
      type: 'choice',
      value: 'source',
      choices: RECORD_SOURCES,
      summary: 'capture (the service found it) or upload (sent to the OCR)',
    },
    kind: {
      type: 'choice',
      choices: UTILITY_KINDS,
      list: true,
      value: 'kinds',
      summary: `only bills of these kinds: ${UTILITY_KINDS.join(', ')}`,
    },
    provider: { type: 'cnpj', list: true, summary: "provider's CNPJ (repeatable or comma-separated)" },
    status: {
      type: 'choice',
      choices: UTILITY_STATUSES,
      list: true,
      value: 'statuses',
      summary: `only bills in these statuses: ${UTILITY_STATUSES.join(', ')}`,
    },
    month: {
      type: 'month',
      list: true,
      summary: 'reference month, YYYY-MM or MM/YYYY (repeatable or comma-separated)',
    },
    dueFrom: { type: 'date', summary: 'due on or after (YYYY-MM-DD or dd/mm/yyyy)' },
    dueTo: { type: 'date', summary: 'due on or before (YYYY-MM-DD or dd/mm/yyyy)' },
    minAmount: { type: 'custom', value: 'reais', summary: 'amount at least this (1234.56)' },
    maxAmount: { type: 'custom', value: 'reais', summary: 'amount at most this' },
    // The names boletos and receipts use; --max is a count in webhooks listen.
    min: {
      type: 'text',
      value: 'amount',
      summary: 'amount at least this',
      deprecated: { use: '--min-amount', moveTo: 'minAmount' },
    },
    max: {
      type: 'text',
      value: 'amount',
      summary: 'amount at most this',
      deprecated: { use: '--max-amount', moveTo: 'maxAmount' },
    },
    ...pagingFlags('at most this many (default 50)', 'every one, no limit'),
  },
  load: () => import('./list.js'),
});

export const showVerb = showVerbOf({
  what: 'utility bill',
  ids: 'utility bill ids',
  examples: [`fiscal utilities show ${ID}`, `fiscal utilities show ${ID} -o json`],
  load: () => import('./show.js'),
});

export const pdfVerb = pdfVerbOf({
  what: 'utility bill',
  ids: 'utility bill ids',
  examples: [
    `fiscal utilities pdf ${ID} --dir ./pdf`,
    'fiscal utilities list --all -o ndjson | fiscal utilities pdf --stdin --dir ./pdf',
  ],
  load: () => import('./pdf.js'),
});

export const uploadVerb = defineVerb({
  name: 'upload',
  summary: 'send PDFs of utility bills to the OCR (same as fiscal ocr upload --kind utility)',
  examples: [
    'fiscal utilities upload ./scans --owner 12345678000195 --wait',
    'fiscal utilities upload scan.pdf --owner 12345678000195 --dry-run',
  ],
  args: uploadArgs,
  flags: uploadFlags,
  load: () => import('./upload.js'),
});

export const utilities = defineGroup({
  name: 'utilities',
  summary: 'utility bills (electricity, telephony, water...) read by the OCR: list, show, PDFs, upload',
  examples: EXAMPLES,
  notes: NOTES,
  verbs: [listVerb, showVerb, pdfVerb, uploadVerb],
});
