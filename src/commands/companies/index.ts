// `fiscal companies ...`: commander metadata only; each verb's module loads when it runs.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';

const HELP = `
Examples:
  $ fiscal companies list
  $ fiscal companies list -o csv > empresas.csv
  $ fiscal companies show 12.345.678/0001-95 -o json

One row per company the credentials may access: CNPJ, names, state registration (IE), UF, city,
tax regime and the document types and roles it holds documents in. A CNPJ is checked locally
first (exit 2); one the credentials may not access is not found (exit 4). Endpoint: GET
/v1/companies (designed). See docs/companies-cnpj.md.`;

export function registerCompanies(program: Command, ctx: Context): void {
  const companies = program
    .command('companies')
    .description('list and look up the companies (Empresas) the credentials may access')
    .addHelpText('after', '\nExamples:\n  $ fiscal companies list\n  $ fiscal companies show 12.345.678/0001-95 -o json\n\nSee docs/companies-cnpj.md.');
  companies
    .command('list')
    .alias('ls')
    .description('list the companies the credentials may access')
    .addHelpText('after', HELP)
    .action(lazyAction(ctx, () => import('./list.js')));
  companies
    .command('show')
    .description('show one company of the account by CNPJ')
    .argument('<cnpj>', 'CNPJ, digits or 12.345.678/0001-95')
    .addHelpText('after', HELP)
    .action(lazyAction(ctx, () => import('./show.js')));
}
