// `fiscal search <type>`: commander metadata only; the verb modules load on use.
import { Option, type Command } from 'commander';
import { suggest } from '../../cli-tree/hints.js';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { addCteFlags } from '../cte-flags.js';
import { addNfeFlags, collectList, collectRaw } from '../nfe-flags.js';

const NFE_EXAMPLES = `
Examples:
  $ fiscal search nfe --role received --from 2026-01-01 --to 2026-01-31
  $ fiscal search nfe --emitter 12345678000195 --status canceled -o ndjson | jq .AccessKey
  $ fiscal search nfe --role received --filter '(NOT_EXISTS erp_id)' --all -o csv > pending.csv
  $ fiscal search nfe --role received --month 05/2026 --owner 87.060.540/0001-49 --fields AccessKey,Number -o csv
  $ fiscal search nfe --key 35260112345678000195550010000012341000012343 --fields AccessKey,Xml -o json
  $ fiscal search nfe --role received --from 2026-01-01 --to 2026-01-31 --all --summary -o csv > janeiro.csv

Endpoint: POST /v2/dfe/nfe by default; GET /v1/nfe/{role} when --filter or several --key are
given (or --api v1). See docs/search.md for the mapping of flags to each endpoint.`;

const CTE_EXAMPLES = `
Examples:
  $ fiscal search cte --role taker --from 2026-01-01 --to 2026-01-31
  $ fiscal search cte --nfe 35260112345678000195550010000012341000012343 -o json
  $ fiscal search cte --role not-taker --filter '(NOT_EXISTS erp_id)' --all -o csv > pending.csv

Endpoint: POST /v1/dfe/cte (cteos: /v1/dfe/cteos) by default; GET /v1/cte/{role} (cte-os) when
--filter or several --key are given (or --api v1). See docs/cte.md for the mapping of flags.`;

const CTEOS_EXAMPLES = `
Examples:
  $ fiscal search cteos --owner 12345678000195 --from 2026-01-01 --to 2026-01-31
  $ fiscal search cteos --role taker --filter '(= status done)' --all -o ndjson

Endpoint: POST /v1/dfe/cteos (every role of the owners) by default; GET /v1/cte-os/{role}
when --filter or several --key are given (or --api v1). See docs/cte.md.`;

export function registerSearch(program: Command, ctx: Context): void {
  const search = program
    .command('search')
    .description('search documents and print their metadata')
    .addHelpText('after', `
Examples:
  $ fiscal search nfe --role received --from 2026-01-01 --to 2026-01-31
  $ fiscal search cte --role taker --all -o csv > ctes.csv
  $ fiscal search nfse --role received --competence 2026-05 -o ndjson

Each type has its own flags: fiscal search <type> --help. Filters: fiscal help filters.`);
  const nfe = search
    .command('nfe')
    .description('search NF-e (goods invoices) by role, parties, dates, status, tags and properties')
    .addOption(roles('owner role(s): received, emitted, transporter, authorized (comma-separated)', ['received', 'emitted', 'transporter', 'authorized']))
    .option('--fields <fields>', 'fields to return (comma-separated, e.g. AccessKey,Xml)', collectList)
    .option('--limit <n>', 'at most this many documents (default 50)')
    .option('--all', 'every matching document (streams)')
    .option('--summary', SUMMARY_HELP)
    .addHelpText('after', NFE_EXAMPLES)
    .action(lazyAction(ctx, () => import('./nfe.js')));
  addNfeFlags(nfe, ctx);
  nfe.option('--month <yyyy-mm>', 'emitted in this month (YYYY-MM or MM/YYYY), instead of --from/--to');
  addCteFlags(search.command('cte').description('search CT-e (transport) by role, parties, dates, type, related NF-e, tags and properties').addHelpText('after', CTE_EXAMPLES), ctx, 'cte')
    .option('--summary', SUMMARY_HELP)
    .action(lazyAction(ctx, () => import('./cte.js')));
  addCteFlags(search.command('cteos').description('search CT-e OS (transport of people and valuables) by role, dates, tags and properties').addHelpText('after', CTEOS_EXAMPLES), ctx, 'cteos')
    .option('--summary', SUMMARY_HELP)
    .action(lazyAction(ctx, () => import('./cteos.js')));
  registerOtherTypes(search, ctx);
}

const NFSE_EXAMPLES = `
Examples:
  $ fiscal search nfse --role received --competence 2026-05 --no-canceled
  $ fiscal search nfse --taker 12345678000195 --from 2026-01-01 --fields document,xmlAbrasf -o ndjson
  $ fiscal search nfse --role emitted --filter '(NOT_EXISTS erp_id)' --all

Endpoint: POST /v1/dfe/nfse; GET /v1/nfse/{role} when --filter is given. See docs/nfse.md.`;

const NFCE_EXAMPLES = `
Examples:
  $ fiscal search nfce --created-from 2026-05-01 --all -o ndjson
  $ fiscal search nfce --key 35260512345678000195650010000001231000001234 -o json
  $ fiscal nfce search --all -o ndjson | fiscal nfce xml --stdin --dir ./nfce

Endpoint: GET /v1/nfce/emitted. See docs/nfce-mdfe.md.`;

const MDFE_EXAMPLES = `
Examples:
  $ fiscal search mdfe --role emitted --status closed --uf SP
  $ fiscal search mdfe --plate ABC1D23 --from 2026-05-01 -o csv

Endpoint: POST /v1/dfe/mdfe; GET /v1/mdfe/{role} when --filter is given. See docs/nfce-mdfe.md.`;

const roles = (description: string, values: string[]) => suggest(new Option('--role <roles>', description).argParser(collectList), values);
const prop = () => new Option('--prop <name=value>', 'custom property equals value (repeatable; same name: any of)').argParser(collectRaw);
const fields = () => new Option('--fields <fields>', 'fields to return (comma-separated)').argParser(collectList);
const SUMMARY_HELP = 'read each document from its XML and show it as `fiscal inspect` does (totals, parties, protocol)';
const paging = (c: Command) =>
  c.option('--limit <n>', 'at most this many documents (default 50)').option('--all', 'every matching document (streams)').option('--summary', SUMMARY_HELP);

function registerOtherTypes(search: Command, ctx: Context): void {
  const nfse = search
    .command('nfse')
    .description('search NFS-e (service invoices) by role, competence, parties, dates and properties')
    .addOption(roles('owner role(s): received (taker), emitted, intermediate', ['received', 'emitted', 'intermediate']))
    .option('--competence <yyyy-mm>', 'month of the service, YYYY-MM or MM/YYYY (repeatable)', collectList)
    .option('--canceled [bool]', 'canceled only; --no-canceled (or --canceled=false) for valid ones')
    .option('--no-canceled', 'valid (not canceled) only')
    .option('--taker <cnpj>', 'taker CNPJ/CPF (repeatable)', collectList)
    .option('--id <id>', 'NFS-e id <owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>')
    .option('--origin <origin>', 'origin, e.g. nacional, upload');
  addNfeFlags(nfse, ctx, ['owner', 'emitter', 'from', 'to', 'createdFrom', 'createdTo', 'filter']);
  paging(nfse.addOption(prop()).addOption(fields())).addHelpText('after', NFSE_EXAMPLES).action(lazyAction(ctx, () => import('./nfse.js')));

  addNfceSearch(search, ctx, 'nfce');
  addMdfeSearch(search, ctx, 'mdfe');
}

/** `fiscal search nfce`, also `fiscal nfce search`: one definition, one module. */
export function addNfceSearch(parent: Command, ctx: Context, name: string): void {
  const nfce = parent
    .command(name)
    .description('list NFC-e (consumer invoices) the account emitted')
    .option('--key <key>', 'access key (44 digits, model 65; repeatable)', collectList);
  addNfeFlags(nfce, ctx, ['owner', 'createdFrom', 'createdTo', 'filter']);
  paging(nfce).addHelpText('after', NFCE_EXAMPLES).action(lazyAction(ctx, () => import('./nfce.js')));
}

/** `fiscal search mdfe`, also `fiscal mdfe search`. */
export function addMdfeSearch(parent: Command, ctx: Context, name: string): void {
  const mdfe = parent
    .command(name)
    .description('search MDF-e (cargo manifests) by role, status, route, plate and carried documents')
    .addOption(roles('owner role(s): emitted, contractor, authorized', ['emitted', 'contractor', 'authorized']))
    .addOption(suggest(new Option('--status <status>', 'authorized (open), closed or canceled').argParser(collectList), ['authorized', 'closed', 'canceled']))
    .option('--uf <uf>', 'start or end UF, any of (repeatable)', collectList)
    .option('--plate <plate>', 'vehicle plate (repeatable)', collectList)
    .option('--cte <key>', 'carries this CT-e (repeatable)', collectList)
    .option('--nfe <key>', 'carries this NF-e (repeatable)', collectList)
    .option('--tag <tag>', 'tags, any of (repeatable)', collectList);
  addNfeFlags(mdfe, ctx, ['owner', 'emitter', 'from', 'to', 'createdFrom', 'createdTo', 'filter']);
  paging(mdfe.addOption(prop()).addOption(fields())).addHelpText('after', MDFE_EXAMPLES).action(lazyAction(ctx, () => import('./mdfe.js')));
}
