// `fiscal api <METHOD> <path>`: commander metadata only; the verb module loads on use.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { collectRaw } from '../filter-flags.js';

const EXAMPLES = `
Examples:
  $ fiscal api GET /v1/nfe/received -f limit=10 -f 'access_key[]=<key>'
  $ fiscal api GET /v1/cte/taker --paginate | jq -r .access_key
  $ fiscal api POST /v2/dfe/nfe -f Limit=500 -f 'Fields[]=AccessKey' --paginate
  $ echo '{"Filters": {"Status": "authorized"}}' | fiscal api POST /v1/dfe/cte --input - --paginate

Sends any request with the profile's credentials, through the same retries, pacing and redaction
as every command, and prints the JSON answer (indented on a terminal, one line when piped).
-f adds query parameters (GET, DELETE) or body fields (POST, PUT, PATCH): numbers, true, false and
null become JSON values, key[]=v builds an array. --input sends a JSON body from a file or -.
--paginate follows v1 cursors (page.next) or v2 Paginators and prints the records of every page
as NDJSON, one per line. An error answer is printed on stderr, with the usual exit codes
(4 not found, 6 rejected...). See docs/api-command.md.`;

export function registerApi(program: Command, ctx: Context): void {
  program
    .command('api')
    .description('send any request to the API with the current credentials (an escape hatch)')
    .argument('<method>', 'GET, POST, PUT, DELETE or PATCH')
    .argument('<path>', 'the path, starting with / (a query string is kept)')
    .option('-f, --field <key=value>', 'a query parameter or body field (repeatable)', collectRaw)
    .option('--input <file>', 'the JSON body, from a file or - (standard input)')
    .option('--paginate', 'follow every page and print the records as NDJSON')
    .addHelpText('after', EXAMPLES)
    .action(lazyAction(ctx, () => import('./api.js')));
}
