// `fiscal invoices ...`: declarations only; each verb's module loads when it runs. International
// invoices are what the OCR reads (or the service captures): list, show, PDF, and upload to the OCR.
import { RECORD_SOURCES } from '../../fiscal/record-values.js';
import { defineGroup, defineVerb } from '../shared/define.js';
import { uploadArgs, uploadFlags } from '../shared/ocr-upload-flags.js';
import { pagingFlags, pdfVerbOf, showVerbOf } from '../shared/records-verbs.js';

const ID = 'inv_0123456789abcdef01234567';

const EXAMPLES = [
  'fiscal invoices list --country US --issued-from 2026-01-01',
  'fiscal invoices list --currency EUR --min-brl 10000 -o csv > invoices.csv',
  `fiscal invoices show ${ID}`,
  `fiscal invoices pdf ${ID} --dir ./pdf`,
  'fiscal invoices upload invoice.pdf --owner 12345678000195 --wait',
];

const NOTES = 'See docs/invoices.md.';

export const listVerb = defineVerb({
  name: 'list',
  summary: "list the account's invoices, newest last",
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
    country: {
      type: 'custom',
      list: true,
      value: 'code',
      summary: 'supplier country, ISO code like US (repeatable or comma-separated)',
    },
    currency: {
      type: 'custom',
      list: true,
      value: 'code',
      summary: 'currency, ISO code like USD (repeatable or comma-separated)',
    },
    issuedFrom: { type: 'date', summary: 'issued on or after (YYYY-MM-DD or dd/mm/yyyy)' },
    issuedTo: { type: 'date', summary: 'issued on or before (YYYY-MM-DD or dd/mm/yyyy)' },
    minBrl: { type: 'custom', value: 'amount', summary: 'total in reais at least' },
    maxBrl: { type: 'custom', value: 'amount', summary: 'total in reais at most' },
    ...pagingFlags('at most this many (default 50)', 'every one, no limit'),
  },
  load: () => import('./list.js'),
});

export const showVerb = showVerbOf({
  what: 'invoice',
  ids: 'invoice ids',
  examples: [`fiscal invoices show ${ID}`, `fiscal invoices show ${ID} -o json`],
  load: () => import('./show.js'),
});

export const pdfVerb = pdfVerbOf({
  what: 'invoice',
  ids: 'invoice ids',
  examples: [
    `fiscal invoices pdf ${ID} --dir ./pdf`,
    'fiscal invoices list --all -o ndjson | fiscal invoices pdf --stdin --dir ./pdf',
  ],
  load: () => import('./pdf.js'),
});

export const uploadVerb = defineVerb({
  name: 'upload',
  summary: 'send PDFs of invoices to the OCR (same as fiscal ocr upload --kind invoice)',
  examples: [
    'fiscal invoices upload ./scans --owner 12345678000195 --wait',
    'fiscal invoices upload scan.pdf --owner 12345678000195 --dry-run',
  ],
  args: uploadArgs,
  flags: uploadFlags,
  load: () => import('./upload.js'),
});

export const invoices = defineGroup({
  name: 'invoices',
  summary: 'international invoices read by the OCR: list, show, PDFs, upload',
  examples: EXAMPLES,
  notes: NOTES,
  verbs: [listVerb, showVerb, pdfVerb, uploadVerb],
});
