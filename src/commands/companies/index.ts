// `fiscal companies ...`: declarations only; each verb's module loads when it runs.
import { defineGroup, defineVerb } from '../shared/define.js';

const NOTES = `One row per company the credentials may access: CNPJ, names, state registration (IE), UF, city,
tax regime and the document types and roles it holds documents in. A CNPJ is checked locally
first (exit 2); one the credentials may not access is not found (exit 4). Endpoint: GET
/v1/companies (designed). See docs/companies.md.`;

export const listVerb = defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'list the companies the credentials may access',
  examples: ['fiscal companies list', 'fiscal companies list -o csv > empresas.csv'],
  notes: NOTES,
  flags: {},
  load: () => import('./list.js'),
});

export const showVerb = defineVerb({
  name: 'show',
  summary: 'show one company of the account by CNPJ',
  examples: ['fiscal companies show 12.345.678/0001-95 -o json'],
  notes: NOTES,
  args: [{ name: 'cnpj', summary: 'CNPJ, digits or 12.345.678/0001-95', type: 'cnpj' }],
  flags: {},
  load: () => import('./show.js'),
});

export const companies = defineGroup({
  name: 'companies',
  summary: 'list and look up the companies (Empresas) the credentials may access',
  examples: ['fiscal companies list', 'fiscal companies show 12.345.678/0001-95 -o json'],
  notes: 'See docs/companies.md.',
  verbs: [listVerb, showVerb],
});
