// `fiscal ocr`, `fiscal invoices` and `fiscal utilities`: commander metadata only; the verb modules
// load on use. Invoices and utility bills are what the OCR reads, so the three live together.
import { Option, type Command } from 'commander';
import { OCR_KINDS, RECORD_SOURCES, UTILITY_KINDS, UTILITY_STATUSES, type OcrKind } from '../../api/wire/ocr-docs.js';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { addDeprecatedFlags } from '../deprecated.js';
import { collectList } from '../nfe-flags.js';
import { addShowAndPdf } from '../records/register.js';

const OCR_HELP = `
Examples:
  $ fiscal ocr upload ./scans --kind utility --owner 12345678000195 --wait
  $ fiscal ocr upload invoice-0042.pdf --kind invoice --owner 12345678000195
  $ fiscal ocr status 0b7c1d9e-4a55-4c1e-9f0e-2d3c4b5a6978 --wait

Folders are searched for *.pdf; - reads one PDF from standard input. Each file is checked first
(a PDF, at most 10 MiB): one that is not is a rejected row and the others go on. A row carries the
request id; --wait follows the requests until read (progress on stderr) and shows the document
each one made. A rejected file or a failed read makes the exit code 7. See
docs/ocr-invoices-utilities.md.`;

const INVOICES_HELP = `
Examples:
  $ fiscal invoices list --country US --issued-from 2026-01-01
  $ fiscal invoices list --currency EUR --min-brl 10000 -o csv > invoices.csv
  $ fiscal invoices show inv_0123456789abcdef01234567
  $ fiscal invoices pdf inv_0123456789abcdef01234567 --dir ./pdf
  $ fiscal invoices upload invoice.pdf --owner 12345678000195 --wait`;

const UTILITIES_HELP = `
Examples:
  $ fiscal utilities list --kind electricity --month 2026-05
  $ fiscal utilities list --status overdue -o ndjson | jq -r .id | fiscal utilities pdf --stdin --dir ./bills
  $ fiscal utilities show utl_0123456789abcdef01234567
  $ fiscal utilities upload ./bills --owner 12345678000195 --wait`;

function uploadOptions(cmd: Command): Command {
  return cmd
    .argument('<pdfs...>', 'PDF files, folders (searched for *.pdf), or - for standard input')
    .requiredOption('--owner <cnpj>', 'CNPJ of the company of the account the documents belong to')
    .option('--wait', 'follow the requests until the OCR has read each PDF')
    .option('--dry-run', 'check the files and show what would be sent, send nothing');
}

function recordVerbs(group: Command, ctx: Context, what: string, load: () => Promise<typeof import('../invoices/verbs.js') | typeof import('../utilities/verbs.js')>, kind: OcrKind): Command {
  const name = group.name();
  const id = `${kind === 'invoice' ? 'inv' : 'utl'}_0123456789abcdef01234567`;
  const list = group.command('list').description(`list the account's ${what}s, newest last`);
  addShowAndPdf(group, ctx, {
    what, ids: `${what} ids`,
    showHelp: `\nExamples:\n  $ fiscal ${name} show ${id}\n  $ fiscal ${name} show ${id} -o json`,
    pdfHelp: `\nExamples:\n  $ fiscal ${name} pdf ${id} --dir ./pdf\n  $ fiscal ${name} list --all -o ndjson | fiscal ${name} pdf --stdin --dir ./pdf`,
    show: async () => (await load()).show,
    pdf: async () => (await load()).pdf,
  });
  uploadOptions(group.command('upload').description(`send PDFs of ${what}s to the OCR (same as fiscal ocr upload --kind ${kind})`))
    .addHelpText('after', `\nExamples:\n  $ fiscal ${name} upload ./scans --owner 12345678000195 --wait\n  $ fiscal ${name} upload scan.pdf --owner 12345678000195 --dry-run`)
    .action(lazyAction(ctx, async () => (await import('./upload.js')).ocrUploadVerb(kind)));
  return list
    .option('--owner <cnpj>', 'only of these companies (repeatable or comma-separated)', collectList)
    .addOption(new Option('--source <source>', 'capture (the service found it) or upload (sent to the OCR)').choices(RECORD_SOURCES))
    .option('--limit <n>', 'at most this many (default 50)')
    .option('--all', 'every one, no limit');
}

export function registerOcr(program: Command, ctx: Context): void {
  const ocr = program.command('ocr').description('send PDFs to the OCR and follow their reading').addHelpText('after', OCR_HELP);
  uploadOptions(ocr.command('upload').description('send PDFs to the OCR, a row per file with its request id'))
    .addOption(new Option('--kind <kind>', 'what the PDFs are').choices(OCR_KINDS).makeOptionMandatory())
    .addHelpText('after', OCR_HELP)
    .action(lazyAction(ctx, async () => (await import('./upload.js')).ocrUploadVerb()));
  ocr.command('status').description('where OCR requests stand, and the document each one made').argument('<request-ids...>', 'request ids')
    .option('--wait', 'follow the requests until the OCR has read each PDF')
    .addHelpText('after', OCR_HELP)
    .action(lazyAction(ctx, () => import('./status.js')));

  const invoices = program.command('invoices').description('international invoices read by the OCR: list, show, PDFs, upload').addHelpText('after', INVOICES_HELP);
  recordVerbs(invoices, ctx, 'invoice', () => import('../invoices/verbs.js'), 'invoice')
    .option('--country <code>', 'supplier country, ISO code like US (repeatable or comma-separated)', collectList)
    .option('--currency <code>', 'currency, ISO code like USD (repeatable or comma-separated)', collectList)
    .option('--issued-from <date>', 'issued on or after (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--issued-to <date>', 'issued on or before (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--min-brl <amount>', 'total in reais at least')
    .option('--max-brl <amount>', 'total in reais at most')
    .addHelpText('after', INVOICES_HELP)
    .action(lazyAction(ctx, async () => (await import('../invoices/verbs.js')).list));

  const utilities = program.command('utilities').description('utility bills (electricity, telephony, water...) read by the OCR: list, show, PDFs, upload').addHelpText('after', UTILITIES_HELP);
  const utilitiesList = recordVerbs(utilities, ctx, 'utility bill', () => import('../utilities/verbs.js'), 'utility');
  utilitiesList
    .addOption(new Option('--kind <kinds...>', 'only bills of these kinds').choices(UTILITY_KINDS))
    .option('--provider <cnpj>', "provider's CNPJ (repeatable or comma-separated)", collectList)
    .addOption(new Option('--status <statuses...>', 'only bills in these statuses').choices(UTILITY_STATUSES))
    .option('--month <yyyy-mm>', 'reference month, YYYY-MM or MM/YYYY (repeatable or comma-separated)', collectList)
    .option('--due-from <date>', 'due on or after (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--due-to <date>', 'due on or before (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--min-amount <reais>', 'amount at least this (1234.56)')
    .option('--max-amount <reais>', 'amount at most this')
    .addHelpText('after', UTILITIES_HELP)
    .action(lazyAction(ctx, async () => (await import('../utilities/verbs.js')).list));
  // The names boletos and receipts use; --max is a count in webhooks listen.
  addDeprecatedFlags(utilitiesList, ctx, [
    { option: new Option('--min <amount>'), use: '--min-amount', moveTo: 'minAmount' },
    { option: new Option('--max <amount>'), use: '--max-amount', moveTo: 'maxAmount' },
  ]);
}

