// `fiscal boletos`: commander metadata only; the verb modules load on use.
import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { addShowAndPdf } from '../records/register.js';

const STATUSES = ['open', 'paid', 'overdue', 'canceled'];
const DIRECTIONS = ['receivable', 'payable'];

const LIST_HELP = `
Examples:
  $ fiscal boletos list --status overdue --direction payable
  $ fiscal boletos list --due-from 2026-06-01 --due-to 2026-06-30 --min-amount 1000 -o csv > junho.csv
  $ fiscal boletos list --access-key <key> -o json
  $ fiscal boletos list --line "23791.23405 90001.234567 78765.432105 1 15030000123456"

Slips of the account's NF-e duplicatas: receivable (its company is the beneficiary) or payable (the
payer). Overdue is an unpaid slip past its due date. Every flag is checked before anything is sent
(exit 2 naming it); a digitable line may be pasted with its dots and spaces. At most 50 rows unless
--limit or --all. See docs/payments.md.`;

const SHOW_HELP = `
Examples:
  $ fiscal boletos show bol_0123456789abcdef
  $ fiscal boletos show bol_0123456789abcdef bol_fedcba9876543210 -o json

An id the account does not have is reported on stderr and the others go on: exit 4 when none was
found, 7 when some were not.`;

const PDF_HELP = `
Examples:
  $ fiscal boletos pdf bol_0123456789abcdef --dir ./boletos
  $ fiscal boletos list --status open -o ndjson | fiscal boletos pdf --stdin --dir ./boletos

Each slip is written as <dir>/<id>.pdf (one page with the digitable line), replaced atomically, one
result row per id. Ids are checked before anything is sent; an id that fails is reported and the
others go on, with exit code 7.`;

export function registerBoletos(program: Command, ctx: Context): void {
  const boletos = program.command('boletos').description('bank slips (boletos) of the account\'s NF-e: search, show, PDF').addHelpText('after', LIST_HELP);
  boletos
    .command('list')
    .description('list boletos by filters')
    .addOption(new Option('--status <status...>', 'only slips in these states').choices(STATUSES))
    .addOption(new Option('--direction <direction>', 'receivable (issued by the account) or payable (sent to it)').choices(DIRECTIONS))
    .option('--owner <cnpj...>', 'only slips of these companies of the account')
    .option('--beneficiary <cnpj...>', 'only slips of these beneficiaries (CNPJ or CPF)')
    .option('--payer <id...>', 'only slips of these payers (CNPJ or CPF)')
    .option('--access-key <key...>', 'only slips of these NF-e')
    .option('--line <digits>', 'the slip with this digitable line (47 digits, dots and spaces allowed)')
    .option('--due-from <date>', 'due on or after this date (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--due-to <date>', 'due on or before this date')
    .option('--issued-from <date>', 'issued on or after this date')
    .option('--issued-to <date>', 'issued on or before this date')
    .option('--min-amount <reais>', 'amount at least this (1234.56)')
    .option('--max-amount <reais>', 'amount at most this')
    .option('--limit <n>', 'stop after n slips (default 50)')
    .option('--all', 'every matching slip')
    .addHelpText('after', LIST_HELP)
    .action(lazyAction(ctx, () => import('./list.js')));
  addShowAndPdf(boletos, ctx, {
    what: 'boleto', ids: 'boleto ids (bol_ and 16 hex digits)', showHelp: SHOW_HELP, pdfHelp: PDF_HELP,
    show: () => import('./show.js'), pdf: () => import('./pdf.js'),
  });
}
