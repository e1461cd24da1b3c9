// `fiscal manifest`: commander metadata only; the verb modules load on use.
import { Option, type Command } from 'commander';
import { suggest } from '../../cli-tree/hints.js';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import type { ManifestVerb } from './send.js';

const VERBS: { verb: ManifestVerb; description: string }[] = [
  { verb: 'confirm', description: 'confirm the operation (210200)' },
  { verb: 'aware', description: 'declare awareness of the operation, "ciência" (210210)' },
  { verb: 'unaware', description: 'declare the operation unknown, "desconhecimento" (210220)' },
  { verb: 'not-performed', description: 'declare the operation not performed (210240, needs --justification)' },
];

const SEND_HELP = `
Examples:
  $ fiscal search nfe --role received --has-manifestation=false -o ndjson | fiscal manifest aware --stdin
  $ fiscal manifest confirm <key> --wait
  $ fiscal manifest not-performed <key> --justification "mercadoria nao foi entregue" --sync

Keys come from arguments, --file and --stdin (one per line, or NDJSON with AccessKey / key) and
are all checked before anything is sent (exit 2 naming the bad one). Asynchronous by default:
each row carries its request_id; --wait follows them until answered (progress on stderr);
--sync asks key by key and shows the tax authority's answer. A rejected or refused key is a failed
row, the others go on, and the exit code is then 7. See docs/manifest.md.`;

const sources = (c: Command) =>
  c
    .option('--file <path>', 'also read keys from a file: one per line, or NDJSON')
    .option('--stdin', 'also read keys from standard input: one per line, or NDJSON (fiscal search nfe -o ndjson)');

export function registerManifest(program: Command, ctx: Context): void {
  const manifest = program
    .command('manifest')
    .description('manifest received NF-e to the tax authority (Manifestação do Destinatário)')
    .addHelpText('after', `
Examples:
  $ fiscal manifest aware <key> --wait
  $ fiscal manifest status <request_id>
  $ fiscal manifest latest <key> --origin api

See docs/manifest.md.`);
  for (const v of VERBS) {
    const cmd = manifest.command(v.verb).description(v.description).argument('[keys...]', 'NF-e access keys (44 digits, model 55)');
    sources(cmd)
      .option('--justification <text>', 'not-performed only: why, 15 to 255 characters')
      .option('--wait', 'wait until the tax authority has answered each key')
      .option('--sync', 'manifest key by key synchronously and show the answer')
      .option('--dry-run', 'show what would be sent, send nothing')
      .addHelpText('after', SEND_HELP)
      .action(lazyAction(ctx, async () => (await import('./send.js')).sendVerb(v.verb)));
  }
  sources(manifest.command('status').description('where manifestation requests stand, by access key or request_id').argument('[keys...]', 'NF-e access keys or 64-character request ids'))
    .addHelpText('after', `
Examples:
  $ fiscal manifest status 35260112345678000195550010000012341000012343
  $ fiscal manifest aware --stdin < keys.txt -o ndjson | jq -r .request_id | fiscal manifest status --stdin`)
    .action(lazyAction(ctx, () => import('./status.js')));
  sources(manifest.command('latest').description('the latest manifestation of each NF-e made through the platform or the API').argument('[keys...]', 'NF-e access keys'))
    .addOption(suggest(new Option('--origin <origin>', 'only manifestations made through app (the platform) or api'), ['app', 'api']))
    .addHelpText('after', `
Examples:
  $ fiscal manifest latest 35260112345678000195550010000012341000012343
  $ fiscal manifest latest --file keys.txt --origin app -o csv`)
    .action(lazyAction(ctx, () => import('./latest.js')));
}
