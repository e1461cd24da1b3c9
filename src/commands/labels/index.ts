// `fiscal labels ...`: commander metadata only; each verb's module loads when it runs.
import { Option, type Command } from 'commander';
import { suggest } from '../../cli-tree/hints.js';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { collectRaw } from '../filter-flags.js';

const CHANGE_HELP = `
Examples:
  $ fiscal labels apply --label conferido 35260112345678000195550010000012341000012343
  $ fiscal search nfe --role received --tag urgente -o ndjson | fiscal labels remove --label urgente --stdin

Labels are the documents' Tags (search --tag / --tags-all). One result row per document; a document
the account does not hold is reported and the others go on (exit 7). See docs/flag-props-labels.md.`;

export function registerLabels(program: Command, ctx: Context): void {
  const labels = program
    .command('labels')
    .description('the account labels (Etiquetas): list, apply to and remove from documents')
    .addHelpText('after', `
Examples:
  $ fiscal labels list
  $ fiscal labels apply --label conferido <key>

See docs/flag-props-labels.md.`);
  labels
    .command('list')
    .alias('ls')
    .description('list the account labels and how many documents carry each')
    .addHelpText('after', '\nExamples:\n  $ fiscal labels list\n  $ fiscal labels ls -o json')
    .action(lazyAction(ctx, () => import('./list.js')));
  for (const how of ['apply', 'remove'] as const) {
    labels
      .command(how)
      .description(how === 'apply' ? 'add labels to documents' : 'take labels off documents')
      .argument('[ids...]', 'access keys, or NFS-e ids')
      .requiredOption('--label <label>', 'a label (repeatable)', collectRaw)
      .addOption(suggest(new Option('--type <type>', 'document type: nfe, nfse, cte, cteos, cfesat or nfce').default('nfe'), ['nfe', 'nfse', 'cte', 'cteos', 'cfesat', 'nfce']))
      .option('--stdin', 'also read ids from standard input: one per line, or NDJSON with AccessKey / access_key / id')
      .option('--dry-run', 'show what would be sent, send nothing')
      .addHelpText('after', CHANGE_HELP)
      .action(lazyAction(ctx, async () => (await import('./change.js')).labelsVerb(how)));
  }
}
