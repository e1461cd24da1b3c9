// `fiscal properties ...`: commander metadata only; each verb's module loads when it runs.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';

const HELP = `
Examples:
  $ fiscal properties list
  $ fiscal properties show MT12345678901 -o json

A property is a rural property (propriedade rural) of a producer, CPF or CNPJ, with its own
producer state registration; its id is the UF then that registration. One the credentials may not
access is not found (exit 4). Custom properties of documents are \`fiscal props\`. Endpoint: GET
/v1/properties (designed). See docs/companies-cnpj.md.`;

export function registerProperties(program: Command, ctx: Context): void {
  const properties = program
    .command('properties')
    .description('list and look up the rural properties (Property) the credentials may access')
    .addHelpText('after', '\nExamples:\n  $ fiscal properties list\n  $ fiscal properties show MT12345678901 -o json\n\nSee docs/companies-cnpj.md.');
  properties
    .command('list')
    .alias('ls')
    .description('list the rural properties the credentials may access')
    .addHelpText('after', HELP)
    .action(lazyAction(ctx, () => import('./list.js')));
  properties
    .command('show')
    .description('show one rural property by id')
    .argument('<id>', 'UF then state registration, e.g. MT12345678901')
    .addHelpText('after', HELP)
    .action(lazyAction(ctx, () => import('./show.js')));
}
