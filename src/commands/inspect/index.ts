// `fiscal inspect <file|dir>...`: commander metadata only; the verb module (and the XML readers)
// load on use.
import { Option, type Command } from 'commander';
import { suggest } from '../../cli-tree/hints.js';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { collectList } from '../nfe-flags.js';

const EXAMPLES = `
Examples:
  $ fiscal inspect nota.xml
  $ fiscal inspect ./fiscal-docs -o csv > documents.csv          # one spreadsheet row per document
  $ fiscal inspect ./downloads --type nfe,nfce -o ndjson | jq -r 'select(.canceled) | .key'
  $ fiscal inspect ./xml --type event -o json

Reads NF-e, NFC-e, CT-e, CT-e OS, MDF-e, NFS-e (ABRASF and national, DPS), CF-e SAT and their
events, offline. Folders are searched recursively for *.xml. A file that cannot be read is named
on stderr with the reason (and, with -o json/ndjson, also as a record with "error"); the others go
on, and the exit code is then 7. See docs/inspect.md for the fields and the CSV columns.`;

export function registerInspect(program: Command, ctx: Context): void {
  program
    .command('inspect')
    .description('summarize local fiscal XML files: type, key, parties, totals, protocol, events (offline)')
    .argument('<paths...>', 'XML files or folders (searched recursively for *.xml)')
    .addOption(suggest(new Option('--type <kinds>', 'keep only these kinds (comma-separated): nfe, nfce, cte, cteos, mdfe, nfse, dps, cfe, event').argParser(collectList), ['nfe', 'nfce', 'cte', 'cteos', 'mdfe', 'nfse', 'dps', 'cfe', 'event']))
    .addHelpText('after', EXAMPLES)
    .action(lazyAction(ctx, () => import('./inspect.js')));
}
