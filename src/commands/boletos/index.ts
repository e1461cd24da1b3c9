// `fiscal boletos ...`: declarations only; each verb's module loads when it runs.
import { BOLETO_DIRECTIONS, BOLETO_STATUSES } from '../../fiscal/record-values.js';
import { defineGroup, defineVerb } from '../shared/define.js';
import { pagingFlags, pdfVerbOf, showVerbOf } from '../shared/records-verbs.js';

const LIST_NOTES = `Slips of the account's NF-e duplicatas: receivable (its company is the beneficiary) or payable (the
payer). Overdue is an unpaid slip past its due date. Every flag is checked before anything is sent
(exit 2 naming it); a digitable line may be pasted with its dots and spaces. At most 50 rows unless
--limit or --all. See docs/boletos.md.`;

const LIST_EXAMPLES = [
  'fiscal boletos list --status overdue --direction payable',
  'fiscal boletos list --due-from 2026-06-01 --due-to 2026-06-30 --min-amount 1000 -o csv > junho.csv',
  'fiscal boletos list --nfe <key> -o json',
  'fiscal boletos list --line "23791.23405 90001.234567 78765.432105 1 15030000123456"',
];

export const listVerb = defineVerb({
  name: 'list',
  summary: 'list boletos by filters',
  examples: LIST_EXAMPLES,
  notes: LIST_NOTES,
  flags: {
    status: {
      type: 'choice',
      value: 'status',
      choices: BOLETO_STATUSES,
      list: true,
      summary: `only slips in these states: ${BOLETO_STATUSES.join(', ')}`,
    },
    direction: {
      type: 'choice',
      value: 'direction',
      choices: BOLETO_DIRECTIONS,
      summary: 'receivable (issued by the account) or payable (sent to it)',
    },
    owner: { type: 'cnpj', list: true, summary: 'only slips of these companies of the account' },
    beneficiary: { type: 'tax-id', list: true, summary: 'only slips of these beneficiaries (CNPJ or CPF)' },
    payer: { type: 'tax-id', list: true, value: 'id', summary: 'only slips of these payers (CNPJ or CPF)' },
    nfe: { type: 'key', models: ['55'], list: true, summary: 'only slips of these NF-e' },
    // The related NF-e is --nfe in every verb (search cte, search mdfe): the old name still works.
    accessKey: {
      type: 'key',
      models: ['55'],
      list: true,
      summary: 'old name of --nfe',
      deprecated: { use: '--nfe', moveTo: 'nfe' },
    },
    line: {
      type: 'custom',
      value: 'digits',
      summary: 'the slip with this digitable line (47 digits, dots and spaces allowed)',
    },
    dueFrom: { type: 'date', summary: 'due on or after this date (YYYY-MM-DD or dd/mm/yyyy)' },
    dueTo: { type: 'date', summary: 'due on or before this date' },
    issuedFrom: { type: 'date', summary: 'issued on or after this date' },
    issuedTo: { type: 'date', summary: 'issued on or before this date' },
    minAmount: { type: 'custom', value: 'reais', summary: 'amount at least this (1234.56)' },
    maxAmount: { type: 'custom', value: 'reais', summary: 'amount at most this' },
    ...pagingFlags('stop after n slips (default 50)', 'every matching slip'),
  },
  load: () => import('./list.js'),
});

const IDS = 'boleto ids (bol_ and 16 hex digits)';

export const showVerb = showVerbOf({
  what: 'boleto',
  ids: IDS,
  examples: [
    'fiscal boletos show bol_0123456789abcdef',
    'fiscal boletos show bol_0123456789abcdef bol_fedcba9876543210 -o json',
  ],
  load: () => import('./show.js'),
});

export const pdfVerb = pdfVerbOf({
  what: 'boleto',
  ids: IDS,
  examples: [
    'fiscal boletos pdf bol_0123456789abcdef --dir ./boletos',
    'fiscal boletos list --status open -o ndjson | fiscal boletos pdf --stdin --dir ./boletos',
  ],
  notes: `Each slip is written as <dir>/<id>.pdf (one page with the digitable line), replaced atomically, one
result row per id. Ids are checked before anything is sent; an id that fails is reported and the
others go on, with exit code 7.`,
  load: () => import('./pdf.js'),
});

export const boletos = defineGroup({
  name: 'boletos',
  summary: "bank slips (boletos) of the account's NF-e: search, show, PDF",
  examples: LIST_EXAMPLES,
  notes: LIST_NOTES,
  verbs: [listVerb, showVerb, pdfVerb],
});
