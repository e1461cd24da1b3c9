// `fiscal flag`: commander metadata only; the verb module loads on use.
import { Argument, type Command } from 'commander';
import { suggest } from '../../cli-tree/hints.js';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { collectRaw } from '../filter-flags.js';

const HELP = `
Examples:
  $ fiscal flag nfe 35260112345678000195550010000012341000012343 --owner 12345678000195 --set erp_id=884 --set exported=true
  $ fiscal flag nfse 12345678000195:2026-01-15:123 --owner 98765432000198 --set erp_id=885 --dry-run

Sends POST /v1/dfe/flagerp. An NFS-e is named <emitter_cnpj>:<yyyy-mm-dd>:<number>; the full id
<owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number> also works and gives the owner. Everything is checked
before sending (exit 2 naming each missing or bad part); a document the account does not hold is
exit 4. See docs/flag-props-labels.md.`;

export function registerFlag(program: Command, ctx: Context): void {
  program
    .command('flag')
    .description('attach ERP metadata flags (key=value) to a document of any type')
    .addArgument(suggest(new Argument('[type]', 'nfe, nfse, cte, cteos, cfesat or nfce'), ['nfe', 'nfse', 'cte', 'cteos', 'cfesat', 'nfce']))
    .argument('[id]', 'access key, or the NFS-e id')
    .option('--owner <cnpj>', 'CNPJ/CPF of the owner of the document in the account')
    .option('--set <key=value>', 'a flag to set (repeatable)', collectRaw)
    .option('--dry-run', 'show what would be sent, send nothing')
    .addHelpText('after', HELP)
    .action(lazyAction(ctx, () => import('./flag.js')));
}
