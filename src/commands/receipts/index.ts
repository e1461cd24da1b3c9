// `fiscal receipts ...`: declarations only; each verb's module loads when it runs.
import { RECEIPT_KINDS, RECEIPT_SOURCES } from '../../fiscal/record-values.js';
import { defineGroup, defineVerb } from '../shared/define.js';
import { pagingFlags, pdfVerbOf, showVerbOf } from '../shared/records-verbs.js';

const LIST_NOTES = `Payment receipts (comprovantes) in the order the service got them. Source manual: sent by the
customer and processed by the service; automatico: captured by bank connection. Every flag is
checked before anything is sent (exit 2 naming it). At most 50 rows unless --limit or --all.
See docs/receipts.md.`;

const LIST_EXAMPLES = [
  'fiscal receipts list --source manual',
  'fiscal receipts list --paid-from 2026-06-01 --paid-to 2026-06-30 --kind pix,ted -o csv > junho.csv',
  'fiscal receipts list --payee 12345678000195 --min-amount 1000 -o json',
];

export const listVerb = defineVerb({
  name: 'list',
  summary: 'list receipts by filters',
  examples: LIST_EXAMPLES,
  notes: LIST_NOTES,
  flags: {
    source: {
      type: 'choice',
      value: 'source',
      choices: RECEIPT_SOURCES,
      summary: 'manual (sent by the customer) or automatico (captured by bank connection)',
    },
    kind: {
      type: 'choice',
      value: 'kind',
      choices: RECEIPT_KINDS,
      list: true,
      summary: `only these payment kinds: ${RECEIPT_KINDS.join(', ')}`,
    },
    payer: { type: 'tax-id', list: true, value: 'id', summary: 'only payments by these CNPJ/CPF' },
    payee: { type: 'tax-id', list: true, value: 'id', summary: 'only payments to these CNPJ/CPF' },
    nfe: { type: 'key', models: ['55'], list: true, summary: 'only payments of these NF-e' },
    // The related NF-e is --nfe in every verb (search cte, search mdfe): the old name still works.
    accessKey: {
      type: 'key',
      models: ['55'],
      list: true,
      summary: 'old name of --nfe',
      deprecated: { use: '--nfe', moveTo: 'nfe' },
    },
    paidFrom: {
      type: 'date',
      summary: 'paid on or after this date (YYYY-MM-DD or dd/mm/yyyy, a time hh:mm:ss optional)',
    },
    paidTo: { type: 'date', summary: 'paid on or before this date' },
    minAmount: { type: 'custom', value: 'reais', summary: 'amount at least this (1234.56)' },
    maxAmount: { type: 'custom', value: 'reais', summary: 'amount at most this' },
    ...pagingFlags('stop after n receipts (default 50)', 'every matching receipt'),
  },
  load: () => import('./list.js'),
});

const IDS = 'receipt ids (rcp_ and 16 hex digits)';

export const showVerb = showVerbOf({
  what: 'receipt',
  ids: IDS,
  examples: [
    'fiscal receipts show rcp_0123456789abcdef',
    'fiscal receipts show rcp_0123456789abcdef rcp_fedcba9876543210 -o json',
  ],
  load: () => import('./show.js'),
});

export const pdfVerb = pdfVerbOf({
  what: 'receipt',
  ids: IDS,
  examples: [
    'fiscal receipts pdf rcp_0123456789abcdef --dir ./comprovantes',
    'fiscal receipts list --source automatico -o ndjson | fiscal receipts pdf --stdin --dir ./comprovantes',
  ],
  notes: `Each receipt is written as <dir>/<id>.pdf in one standard layout whatever its source, replaced
atomically, one result row per id. An id that fails is reported and the others go on, with exit
code 7.`,
  load: () => import('./pdf.js'),
});

export const receipts = defineGroup({
  name: 'receipts',
  summary: 'payment receipts (comprovantes): search, show, PDF',
  examples: LIST_EXAMPLES,
  notes: LIST_NOTES,
  verbs: [listVerb, showVerb, pdfVerb],
});
