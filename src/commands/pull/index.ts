// `fiscal pull <type>`: commander metadata only; the verb modules load on use.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { ALL_NFE_FLAGS, addNfeFlags, collectList } from '../nfe-flags.js';
import { addPullFlags } from './flags.js';

const NFE_EXAMPLES = `
Examples:
  $ fiscal pull nfe --role received                       # every received NF-e into ./fiscal-docs
  $ fiscal pull nfe --role received,emitted --dir /srv/nfe --max-duration 3000
  $ fiscal pull nfe --role received --owner 12345678000195 --layout '{owner}/{yyyy}/{mm}/{key}.xml'
  $ fiscal pull nfe --role received --status canceled --from 2026-01-01    # v2 endpoint

Files go to <dir>/<owner>/nfe/<role>/<YYYY-MM>/<key>.xml; <dir>/index.ndjson gets one line per
document. Re-running continues where the last run stopped and then fetches only new documents.
Cron: one run per folder at a time (exit 8 when locked); one summary line on stdout.`;

export function registerPull(program: Command, ctx: Context): void {
  const pull = program.command('pull').description('download documents as XML files, resumably');
  const nfe = pull
    .command('nfe')
    .description('pull NF-e XML files into a folder; resumable, incremental, safe for cron')
    .requiredOption('--role <roles>', 'role(s): received, emitted, transporter, authorized (comma-separated)', collectList);
  addPullFlags(nfe)
    .addHelpText('after', NFE_EXAMPLES)
    .action(lazyAction(ctx, () => import('./nfe.js')));
  // Every search filter narrows a pull too; --owner also splits it into one stream per owner.
  addNfeFlags(nfe, ALL_NFE_FLAGS.filter((f) => f !== 'key'));
}
