// `fiscal pull <type>`: commander metadata only; the verb modules load on use.
import { Command, Option } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { collectList, collectRaw } from '../search/index.js';

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
  pull
    .command('nfe')
    .description('pull NF-e XML files into a folder; resumable, incremental, safe for cron')
    .requiredOption('--role <roles>', 'role(s): received, emitted, transporter, authorized (comma-separated)', collectList)
    .option('--dir <path>', 'destination folder', './fiscal-docs')
    .option('--layout <template>', 'file path template: {owner} {type} {role} {yyyy} {mm} {dd} {key} {number} {emitter}')
    .option('--owner <cnpj>', 'only these owners (repeatable); each owner is its own stream', collectList)
    .option('--created-from <date>', 'received by the service on or after')
    .option('--created-to <date>', 'received by the service on or before')
    .option('--from <date>', 'emitted on or after (v2)')
    .option('--to <date>', 'emitted on or before (v2)')
    .addOption(new Option('--status <status>', 'document status (v2)').choices(['authorized', 'canceled']))
    .option('--emitter <cnpj>', 'emitter CNPJ/CPF (v2; repeatable)', collectList)
    .option('--cfop <cfop>', 'CFOP codes, any of (v2)', collectList)
    .option('--tag <tag>', 'tags, any of (v2)', collectList)
    .option('--custom <name=value>', 'custom property equals value (v2; repeatable)', collectRaw)
    .option('--filter <expression>', "custom-property expression (v1), e.g. '(NOT_EXISTS erp_id)'")
    .addOption(new Option('--api <version>', 'force an endpoint (default v1, or v2 when a v2 flag is given)').choices(['v1', 'v2']))
    .option('--restart', 'start again from the beginning (cursor 0)')
    .option('--wait <seconds>', 'wait this long for another run on the same folder to finish', '0')
    .option('--max-duration <seconds>', 'stop cleanly after this long (checkpoint saved)')
    .option('--max-docs <n>', 'stop cleanly after this many new documents (checkpoint saved)')
    .option('--concurrency <n>', 'streams fetched in parallel', '4')
    .option('--error-on-nothing-new', 'exit 9 when no new document was found')
    .addHelpText('after', NFE_EXAMPLES)
    .action(lazyAction(ctx, () => import('./nfe.js')));
}
