// `fiscal search <type>`: commander metadata only; the verb modules load on use.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { addCteFlags } from '../cte-flags.js';
import { addNfeFlags, collectList } from '../nfe-flags.js';

const NFE_EXAMPLES = `
Examples:
  $ fiscal search nfe --role received --from 2026-01-01 --to 2026-01-31
  $ fiscal search nfe --emitter 12345678000195 --status canceled -o ndjson | jq .AccessKey
  $ fiscal search nfe --role received --filter '(NOT_EXISTS erp_id)' --all -o csv > pending.csv
  $ fiscal search nfe --key 35260112345678000195550010000012341000012343 --fields AccessKey,Xml -o json

Endpoint: POST /v2/dfe/nfe by default; GET /v1/nfe/{role} when --filter or several --key are
given (or --api v1). See docs/search.md for the mapping of flags to each endpoint.`;

const CTE_EXAMPLES = `
Examples:
  $ fiscal search cte --taker --from 2026-01-01 --to 2026-01-31
  $ fiscal search cte --nfe 35260112345678000195550010000012341000012343 -o json
  $ fiscal search cte --role not-taker --filter '(NOT_EXISTS erp_id)' --all -o csv > pending.csv

Endpoint: POST /v1/dfe/cte (cteos: /v1/dfe/cteos) by default; GET /v1/cte/{role} (cte-os) when
--filter or several --key are given (or --api v1). See docs/cte.md for the mapping of flags.`;

const CTEOS_EXAMPLES = `
Examples:
  $ fiscal search cteos --owner 12345678000195 --from 2026-01-01 --to 2026-01-31
  $ fiscal search cteos --role taker --filter '(= status done)' --all -o ndjson

Endpoint: POST /v1/dfe/cteos (every role of the owners, R24) by default; GET /v1/cte-os/{role}
when --filter or several --key are given (or --api v1). See docs/cte.md.`;

export function registerSearch(program: Command, ctx: Context): void {
  const search = program.command('search').description('search documents and print their metadata');
  const nfe = search
    .command('nfe')
    .description('search NF-e (goods invoices) by role, parties, dates, status, tags and properties')
    .option('--role <roles>', 'owner role(s): received, emitted, transporter, authorized (comma-separated)', collectList)
    .option('--fields <fields>', 'fields to return (comma-separated, e.g. AccessKey,Xml)', collectList)
    .option('--limit <n>', 'at most this many documents (default 50)')
    .option('--all', 'every matching document (streams)')
    .addHelpText('after', NFE_EXAMPLES)
    .action(lazyAction(ctx, () => import('./nfe.js')));
  addNfeFlags(nfe);
  addCteFlags(search.command('cte').description('search CT-e (transport) by role, parties, dates, type, related NF-e, tags and properties').addHelpText('after', CTE_EXAMPLES), 'cte')
    .action(lazyAction(ctx, () => import('./cte.js')));
  addCteFlags(search.command('cteos').description('search CT-e OS (transport of people and valuables) by role, dates, tags and properties').addHelpText('after', CTEOS_EXAMPLES), 'cteos')
    .action(lazyAction(ctx, () => import('./cteos.js')));
}
