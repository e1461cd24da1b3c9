// `fiscal pull <type>`: commander metadata only; the verb modules load on use.
import { Option, type Command } from 'commander';
import { suggest } from '../../cli-tree/hints.js';
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
Cron: one run per folder at a time (exit 8 when locked); one summary line on stderr (what was
kept, when stopped), and JSON on stdout when piped.`;

export function registerPull(program: Command, ctx: Context): void {
  const pull = program
    .command('pull')
    .description('download documents as XML files, resumably')
    .addHelpText('after', `
Examples:
  $ fiscal pull nfe --role received --dir ./fiscal-docs
  $ fiscal pull cte --role taker --with-pdf
  $ fiscal pull nfse --role received,emitted --max-duration 600      # from cron

Each type has its own roles and filters: fiscal pull <type> --help. See docs/pull.md.`);
  const nfe = pull
    .command('nfe')
    .description('pull NF-e XML files into a folder; resumable, incremental, safe for cron')
    .addOption(roleOption('received, emitted, transporter, authorized'));
  addPullFlags(nfe, ctx)
    .addHelpText('after', NFE_EXAMPLES)
    .action(lazyAction(ctx, () => import('./nfe.js')));
  // Every search filter narrows a pull too; --owner also splits it into one stream per owner.
  addNfeFlags(nfe, ctx, ALL_NFE_FLAGS.filter((f) => f !== 'key'));
  for (const t of OTHER_TYPES) registerOther(pull, ctx, t);
}

interface OtherTypeHelp {
  type: 'cte' | 'cteos' | 'nfse' | 'nfce' | 'mdfe';
  what: string;
  roles: string;
  example: string;
}

const OTHER_TYPES: OtherTypeHelp[] = [
  { type: 'cte', what: 'CT-e (transport)', roles: 'taker, not-taker, authorized', example: '--role taker' },
  { type: 'cteos', what: 'CT-e OS (transport of people and valuables)', roles: 'taker, not-taker', example: '--role taker,not-taker' },
  { type: 'nfse', what: 'NFS-e (service invoices)', roles: 'received, emitted, intermediate', example: '--role received --with-pdf' },
  { type: 'nfce', what: 'NFC-e (consumer invoices)', roles: 'emitted', example: '--role emitted' },
  { type: 'mdfe', what: 'MDF-e (cargo manifests)', roles: 'emitted, contractor, authorized', example: '--role emitted --with-events' },
];

/** A required list of roles, offered one by one to shell completion. */
function roleOption(roles: string): Option {
  const option = new Option('--role <roles>', `role(s): ${roles} (comma-separated)`).argParser(collectList).makeOptionMandatory();
  return suggest(option, roles.split(', '));
}

function registerOther(pull: Command, ctx: Context, t: OtherTypeHelp): void {
  const cmd = pull
    .command(t.type)
    .description(`pull ${t.what} XML files into a folder; resumable, incremental, safe for cron`)
    .addOption(roleOption(t.roles))
    .option('--owner <cnpj>', 'only this owner CNPJ (repeatable: one stream each)', collectList)
    .option('--created-from <date>', 'received by the service from (YYYY-MM-DD or dd/mm/yyyy, a time hh:mm:ss optional)')
    .option('--created-to <date>', 'received by the service until (a date, or now)')
    .option('--filter <expr>', "custom-property expression, e.g. '(= status pending)'");
  addPullFlags(cmd, ctx)
    .addHelpText('after', `\nExamples:\n  $ fiscal pull ${t.type} ${t.example}\n  $ fiscal pull ${t.type} ${t.example} --dir /srv/fiscal --max-docs 1000\n\nEndpoint: the v1 role listing (a cursor that only moves forward). See docs/pull.md.`)
    .action(lazyAction(ctx, () => import('./docs.js').then((m) => m.verbFor(t.type))));
}
