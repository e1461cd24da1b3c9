// `fiscal upload`: commander metadata only; the verb module loads on use.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';

const collect = (value: string, previous: string[]): string[] => [...previous, value.trim()];

const HELP = `
Examples:
  $ fiscal upload ./xmls
  $ fiscal upload nota.xml --owner 12345678000195 --dry-run
  $ cat nota.xml | fiscal upload -
  $ fiscal upload ./nfes --batch --batch-size 100          # asynchronous batches, polled to the end

Folders are walked for *.xml. Each file is checked before sending (well-formed XML of a known
fiscal type, valid access key); one result row per file (file, type, key, success, message).
Files whose exact bytes already succeeded against this server and account are recorded in the
journal (default .fiscal-upload.json in the current folder) and not sent again. Exit 7 when some
file was not uploaded. See docs/upload.md.`;

export function registerUpload(program: Command, ctx: Context): void {
  program
    .command('upload')
    .description('upload fiscal XML (NF-e, NFC-e, CT-e, CT-e OS, MDF-e, NFS-e and their events)')
    .argument('<paths...>', 'XML files, folders (walked for *.xml), or - for standard input')
    .option('--owner <cnpj/cpf>', 'a company of the account the documents belong to (repeatable)', collect, [])
    .option('--dry-run', 'check the files and show what would be sent, sending nothing')
    .option('--journal <file>', 'state file of the files already uploaded', '.fiscal-upload.json')
    .option('--batch', 'NF-e only: send asynchronous batches (POST /v1/nfe/upload) and read their results')
    .option('--batch-size <n>', 'invoices per batch (default 50, at most 500)')
    .option('--no-wait', 'with --batch: report the request ids and return; a later run reads the results')
    .option('--callback-url <url>', 'with --batch: the service POSTs each batch result there')
    .addHelpText('after', HELP)
    .action(lazyAction(ctx, () => import('./upload.js')));
}
