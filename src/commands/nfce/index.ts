// `fiscal nfce ...`: the NFC-e verbs gathered under the type, each the very command (and module)
// of its verb-first form: `fiscal nfce search` is `fiscal search nfce`, `fiscal nfce events` is
// `fiscal events nfce`.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { register } from '../shared/define.js';
import { eventsVerbOf } from '../shared/event-flags.js';
import { addNfceSearch } from '../search/index.js';
import { addXmlVerb } from '../xml/index.js';

export function registerNfce(program: Command, ctx: Context): void {
  const nfce = program
    .command('nfce')
    .description('NFC-e (consumer invoices): search, XML, events')
    .addHelpText('after', '\nExamples:\n  $ fiscal nfce search --created-from 2026-05-01 --all -o ndjson\n  $ fiscal nfce search --all -o ndjson | fiscal nfce xml --stdin --dir ./nfce\n  $ fiscal nfce events <key> --dir ./events\n\nThe same as fiscal search nfce, fiscal xml nfce and fiscal events nfce.');
  addNfceSearch(nfce, ctx, 'search');
  addXmlVerb(nfce, ctx, 'nfce', 'NFC-e');
  register(nfce, ctx, eventsVerbOf('nfce'));
}
