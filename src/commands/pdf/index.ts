// `fiscal pdf <type>`: commander metadata only; the verb modules load on use.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';

const NFE_EXAMPLES = `
Examples:
  $ fiscal pdf nfe 35260112345678000195550010000012341000012343
  $ fiscal pdf nfe <key> <key> --dir ./danfes
  $ fiscal search nfe --role received --from 2026-01-01 -o ndjson | fiscal pdf nfe --stdin --dir ./danfes

Each DANFe is written as <dir>/<key>.pdf (replaced atomically), one result row per key. Keys are
checked before anything is sent (exit 2 naming the bad key). A key that fails (not found, not
renderable) is reported and the others go on; the exit code is then 7. See docs/pdf.md.`;

export function registerPdf(program: Command, ctx: Context): void {
  const pdf = program.command('pdf').description('download documents as PDF (DANFe)');
  pdf
    .command('nfe')
    .description('download the DANFe (PDF) of NF-e by access key')
    .argument('[keys...]', 'NF-e access keys (44 digits)')
    .option('--dir <path>', 'destination folder', '.')
    .option('--stdin', 'also read keys from standard input: one per line, or NDJSON with AccessKey / access_key')
    .addHelpText('after', NFE_EXAMPLES)
    .action(lazyAction(ctx, () => import('./nfe.js')));
}
