// `fiscal xml <type> <key>...` and the `xml` verb of the type-first groups (`fiscal nfce xml`):
// commander metadata only; the verb module loads on use.
import { Argument, type Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import type { XmlType } from './kinds.js';

/** As kinds.ts XML_TYPES, kept here so that --help does not load the API modules. */
export const XML_TYPE_WORDS = ['nfe', 'nfce', 'cte', 'cteos', 'mdfe'];


function help(command: string): string {
  return `
Examples:
  $ ${command} 35260112345678000195550010000012341000012343 > nota.xml
  $ ${command} <key> <key> --dir ./xml
  $ cat keys.txt | ${command} --stdin --dir ./xml

Reads each document from the type's listing (GET /v1/<type>/{role} with access_key[]), role by
role. One key without --dir: the XML goes to stdout. Otherwise each is written as
<dir>/<key>.xml (default dir: the current folder), replaced atomically, one result row per key.
Keys are checked before anything is sent (exit 2 naming the bad key). A key the account does not
hold is reported and the others go on: exit 4 when none was found, 7 when some were. See
docs/nfce-mdfe.md.`;
}

const options = (c: Command) =>
  c
    .option('--dir <path>', 'write each XML into this folder as <key>.xml')
    .option('--stdin', 'also read keys from standard input: one per line, or NDJSON with AccessKey / access_key');

export function registerXml(program: Command, ctx: Context): void {
  options(
    program
      .command('xml')
      .description(`download the XML of documents by access key (${XML_TYPE_WORDS.join(', ')})`)
      .addArgument(new Argument('<type>', 'document type (NFS-e has no access key)').choices(XML_TYPE_WORDS))
      .argument('[keys...]', 'access keys (44 digits)'),
  )
    .addHelpText('after', help('fiscal xml nfe'))
    .action(lazyAction(ctx, () => import('./retrieve.js')));
}

/** `fiscal <type> xml`. */
export function addXmlVerb(parent: Command, ctx: Context, type: XmlType, what: string): void {
  options(parent.command('xml').description(`download the XML of ${what} by access key`).argument('[keys...]', `${what} access keys (44 digits)`))
    .addHelpText('after', help(`fiscal ${type} xml`))
    .action(lazyAction(ctx, async () => (await import('./retrieve.js')).xmlVerb(type)));
}
