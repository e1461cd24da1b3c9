// `fiscal search <type>`: commander metadata only; the verb modules load on use.
import { Command, Option } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';

/** Repeatable list flags: `--tag a --tag b` and `--tag a,b` both give ['a', 'b']. */
export function collectList(value: string, previous: string[] | undefined): string[] {
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  return [...(previous ?? []), ...items];
}

/** Repeatable flags whose values may contain commas (`--custom name=a,b` is one item). */
export function collectRaw(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

const NFE_EXAMPLES = `
Examples:
  $ fiscal search nfe --role received --from 2026-01-01 --to 2026-01-31
  $ fiscal search nfe --emitter 12345678000195 --status canceled -o ndjson | jq .AccessKey
  $ fiscal search nfe --role received --filter '(NOT_EXISTS erp_id)' --all -o csv > pending.csv
  $ fiscal search nfe --key 35260112345678000195550010000012341000012343 --fields AccessKey,Xml -o json

Endpoint: POST /v2/dfe/nfe by default; GET /v1/nfe/{role} when --filter or several --key are
given (or --api v1). See docs/search.md for the mapping of flags to each endpoint.`;

export function registerSearch(program: Command, ctx: Context): void {
  const search = program.command('search').description('search documents and print their metadata');
  search
    .command('nfe')
    .description('search NF-e (goods invoices) by role, parties, dates, status, tags and properties')
    .option('--role <roles>', 'owner role(s): received, emitted, transporter, authorized (comma-separated)', collectList)
    .option('--owner <cnpj>', 'owner CNPJ/CPF (repeatable or comma-separated)', collectList)
    .option('--emitter <cnpj>', 'emitter CNPJ/CPF (repeatable)', collectList)
    .option('--receiver <cnpj>', 'receiver CNPJ/CPF (repeatable)', collectList)
    .option('--transporter <cnpj>', 'transporter CNPJ/CPF (repeatable)', collectList)
    .option('--from <date>', 'emitted on or after (YYYY-MM-DD or "YYYY-MM-DD hh:mm:ss")')
    .option('--to <date>', 'emitted on or before')
    .option('--created-from <date>', 'received by the service on or after')
    .option('--created-to <date>', 'received by the service on or before')
    .addOption(new Option('--status <status>', 'document status').choices(['authorized', 'canceled']))
    .option('--key <key>', 'access key (44 digits; repeatable)', collectList)
    .option('--number <n>', 'invoice number or range (100..200)')
    .option('--cfop <cfop>', 'CFOP codes, any of (repeatable)', collectList)
    .option('--tag <tag>', 'tags, any of (repeatable)', collectList)
    .option('--tags-all <tag>', 'tags, all of (repeatable)', collectList)
    .option('--origin <origin>', 'origins, any of: sefaz, upload, upload_api, email, ... (repeatable)', collectList)
    .option('--fin <purpose>', 'finNFe: 1-6 or normal, complementary, adjustment, return, credit, debit', collectList)
    .option('--has-cce [bool]', 'has a correction letter (CC-e); --has-cce=false for none')
    .option('--has-event [bool]', 'has events')
    .option('--has-manifestation [bool]', 'has a recipient manifestation')
    .option('--has-xped [bool]', 'has an xPed (purchase order)')
    .option('--xped <xped>', 'xPed values (repeatable)', collectList)
    .option('--custom <name=value>', 'custom property equals value (repeatable; same name: any of)', collectRaw)
    .option('--filter <expression>', "custom-property expression, e.g. '(AND (= status done) (NOT_EXISTS erp_id))'")
    .option('--fields <fields>', 'fields to return (comma-separated, e.g. AccessKey,Xml)', collectList)
    .option('--limit <n>', 'at most this many documents (default 50)')
    .option('--all', 'every matching document (streams)')
    .addOption(new Option('--api <version>', 'force an endpoint').choices(['v1', 'v2']))
    .addHelpText('after', NFE_EXAMPLES)
    .action(lazyAction(ctx, () => import('./nfe.js')));
}
