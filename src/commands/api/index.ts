// `fiscal api <METHOD> <path>`: the declaration only; the verb module loads on use.
import { defineVerb } from '../shared/define.js';

export const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

export const api = defineVerb({
  name: 'api',
  summary: 'send any request to the API with the current credentials (an escape hatch)',
  examples: [
    "fiscal api GET /v1/nfe/received -f limit=10 -f 'access_key[]=<key>'",
    'fiscal api /v1/companies   # a path alone is a GET, as in gh api',
    'fiscal api GET /v1/cte/taker --paginate | jq -r .access_key',
    "fiscal api POST /v2/dfe/nfe -f Limit=500 -f 'Fields[]=AccessKey' --paginate",
    'fiscal api POST /v1/dfe/cte --input body.json --paginate',
  ],
  notes: `Sends any request with the profile's credentials, through the same retries, pacing and redaction
as every command, and prints the JSON answer (indented on a terminal, one line when piped).
-f adds query parameters (GET, DELETE) or body fields (POST, PUT, PATCH): numbers, true, false and
null become JSON values, key[]=v builds an array. --input sends a JSON body from a file or -
(standard input: echo '{"Filters": {"Status": "authorized"}}' | fiscal api POST /v1/dfe/cte --input -).
--paginate follows v1 cursors (page.next) or v2 Paginators and prints the records of every page
as NDJSON, one per line. An error answer is printed on stderr, with the usual exit codes
(4 not found, 6 rejected...). See docs/api.md.`,
  args: [
    {
      name: 'method',
      summary: 'GET, POST, PUT, DELETE or PATCH; a path alone is a GET (fiscal api /v1/nfe/received)',
      complete: METHODS,
    },
    { name: 'path', summary: 'the path, starting with / (a query string is kept)', required: false },
  ],
  flags: {
    field: {
      type: 'pair',
      short: 'f',
      value: 'key=value',
      list: true,
      summary: 'a query parameter or body field (repeatable)',
    },
    input: { type: 'path', summary: 'the JSON body, from a file or - (standard input)' },
    paginate: { type: 'switch', summary: 'follow every page and print the records as NDJSON' },
  },
  load: () => import('./api.js'),
});
