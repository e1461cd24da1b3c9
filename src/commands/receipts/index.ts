// `fiscal receipts`: commander metadata only; the verb modules load on use.
import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { addShowAndPdf } from '../records/register.js';

const SOURCES = ['manual', 'automatico'];
const KINDS = ['boleto', 'pix', 'ted'];

const LIST_HELP = `
Examples:
  $ fiscal receipts list --source manual
  $ fiscal receipts list --paid-from 2026-06-01 --paid-to 2026-06-30 --kind pix ted -o csv > junho.csv
  $ fiscal receipts list --payee 12345678000195 --min-amount 1000 -o json

Payment receipts (comprovantes) in the order the service got them. Source manual: sent by the
customer and processed by the service; automatico: captured by bank connection. Every flag is
checked before anything is sent (exit 2 naming it). At most 50 rows unless --limit or --all.
See docs/payments.md.`;

const SHOW_HELP = `
Examples:
  $ fiscal receipts show rcp_0123456789abcdef
  $ fiscal receipts show rcp_0123456789abcdef rcp_fedcba9876543210 -o json

An id the account does not have is reported on stderr and the others go on: exit 4 when none was
found, 7 when some were not.`;

const PDF_HELP = `
Examples:
  $ fiscal receipts pdf rcp_0123456789abcdef --dir ./comprovantes
  $ fiscal receipts list --source automatico -o ndjson | fiscal receipts pdf --stdin --dir ./comprovantes

Each receipt is written as <dir>/<id>.pdf in one standard layout whatever its source, replaced
atomically, one result row per id. An id that fails is reported and the others go on, with exit
code 7.`;

export function registerReceipts(program: Command, ctx: Context): void {
  const receipts = program.command('receipts').description('payment receipts (comprovantes): search, show, PDF').addHelpText('after', LIST_HELP);
  receipts
    .command('list')
    .description('list receipts by filters')
    .addOption(new Option('--source <source>', 'manual (sent by the customer) or automatico (captured by bank connection)').choices(SOURCES))
    .addOption(new Option('--kind <kind...>', 'only these payment kinds').choices(KINDS))
    .option('--payer <id...>', 'only payments by these CNPJ/CPF')
    .option('--payee <id...>', 'only payments to these CNPJ/CPF')
    .option('--access-key <key...>', 'only payments of these NF-e')
    .option('--paid-from <date>', 'paid on or after this date (YYYY-MM-DD or dd/mm/yyyy, a time hh:mm:ss optional)')
    .option('--paid-to <date>', 'paid on or before this date')
    .option('--min-amount <reais>', 'amount at least this (1234.56)')
    .option('--max-amount <reais>', 'amount at most this')
    .option('--limit <n>', 'stop after n receipts (default 50)')
    .option('--all', 'every matching receipt')
    .addHelpText('after', LIST_HELP)
    .action(lazyAction(ctx, () => import('./list.js')));
  addShowAndPdf(receipts, ctx, {
    what: 'receipt', ids: 'receipt ids (rcp_ and 16 hex digits)', showHelp: SHOW_HELP, pdfHelp: PDF_HELP,
    show: () => import('./show.js'), pdf: () => import('./pdf.js'),
  });
}
