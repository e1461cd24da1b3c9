// `fiscal props ...`: commander metadata only; each verb's module loads when it runs.
import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';

const SET_HELP = `
Examples:
  $ fiscal props set status done 35260112345678000195550010000012341000012343
  $ fiscal search nfe --role received --where-missing erp_id -o ndjson | fiscal props set status pending --stdin

Sends PUT /v1/nfe/{role}/{property} in batches of up to 500 keys, one result row per key. Keys are
checked before anything is sent (exit 2 naming the bad key); a key the service refuses is reported
and the others go on (exit 7). The stored values are what --filter / --where of search and pull
read. See docs/flag-props-labels.md.`;

export function registerProps(program: Command, ctx: Context): void {
  const props = program
    .command('props')
    .description('custom properties of NF-e: set values, list the account properties')
    .addHelpText('after', `
Examples:
  $ fiscal props list
  $ fiscal props set status done <key>

See docs/flag-props-labels.md.`);
  props
    .command('set')
    .description('set a custom property of NF-e to a value, for many access keys at once')
    .argument('<property>', 'property name, e.g. status (every account has it)')
    .argument('<value>', 'the value to store')
    .argument('[keys...]', 'NF-e access keys (44 digits)')
    .addOption(new Option('--role <role>', 'the role the account has in the documents').choices(['received', 'emitted', 'transporter', 'authorized']).default('received'))
    .option('--stdin', 'also read keys from standard input: one per line, or NDJSON with AccessKey / access_key')
    .option('--dry-run', 'show what would be sent, send nothing')
    .addHelpText('after', SET_HELP)
    .action(lazyAction(ctx, () => import('./set.js')));
  props
    .command('list')
    .alias('ls')
    .description('list the account properties and how many documents carry each')
    .addHelpText('after', '\nExamples:\n  $ fiscal props list\n  $ fiscal props ls -o csv')
    .action(lazyAction(ctx, () => import('./list.js')));
}
