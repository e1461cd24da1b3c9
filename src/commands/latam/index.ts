// `fiscal latam`: commander metadata only; the verb modules load on use.
import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { LATAM_COUNTRIES } from '../../fiscal/latam/countries.js';
import { lazyAction } from '../action.js';

const ID_HELP = 'document ids as the service names them: MX-<UUID>, CL-<RUT>-<type>-<folio>, CO-<CUFE>, PE-<RUC>-<type>-<series>-<number>';

const UPLOAD_HELP = `
Examples:
  $ fiscal latam upload ./facturas
  $ fiscal latam upload cfdi.xml --country MX --dry-run
  $ cat dte.xml | fiscal latam upload -

Reads Mexico CFDI 4.0 (stamped), Chile DTE (EnvioDTE with one DTE), Colombia UBL 2.1 (DIAN,
also inside an AttachedDocument) and Peru UBL 2.1 (SUNAT). Folders are walked for *.xml. Each
file is checked before sending (well-formed, recognized, required fields, tax-id check digits);
one row per file (file, id, country, type, success, message). A document already stored answers
its id. Exit 7 when some file was not uploaded. See docs/latam.md.`;

const LIST_HELP = `
Examples:
  $ fiscal latam list --country MX --issued-from 2026-01-01 --issued-to 2026-03-31
  $ fiscal latam list --issuer 76086428-5 -o csv > dte.csv
  $ fiscal latam list --country CO -o ndjson | fiscal latam xml --stdin --dir ./co

Dates are the documents' own issue dates (YYYY-MM-DD or dd/mm/yyyy, either bound alone). The issuer is the
tax id as the document writes it: RFC, RUT with its dash, NIT without its check digit, RUC.`;

const XML_HELP = `
Examples:
  $ fiscal latam xml MX-5F0E6A3C-8B1D-4C2E-9A7F-1B2C3D4E5F60 > cfdi.xml
  $ fiscal latam xml <id> <id> --dir ./xml
  $ fiscal latam list --country PE -o ndjson | fiscal latam xml --stdin --dir ./pe

The XML comes back byte for byte as it was uploaded. One id without --dir writes it to standard
output; otherwise each document is written as <dir>/<id>.xml (default dir .), replaced atomically,
one result row per id. An id that fails is reported and the others go on; the exit code is then 7.`;

const JSON_HELP = `
Examples:
  $ fiscal latam json CL-76086428-5-33-5512
  $ fiscal latam json <id> -o json | jq '.[0].taxes'
  $ fiscal latam list --country MX -o ndjson | fiscal latam json --stdin -o ndjson

The parsed document, the same shape for every country: issuer, receiver, issue date, currency,
subtotal, total, taxes and items (-o json or ndjson show it whole; the table a summary). An id
that fails is reported and the others go on; the exit code is then 7.`;

const stdin = (c: Command) => c.option('--stdin', 'also read ids from standard input: one per line, or NDJSON with id (fiscal latam list -o ndjson)');

export function registerLatam(program: Command, ctx: Context): void {
  const latam = program
    .command('latam')
    .description('electronic invoices of Mexico, Chile, Colombia and Peru: upload, list, XML and parsed JSON')
    .addHelpText('after', `
Examples:
  $ fiscal latam upload ./facturas
  $ fiscal latam list --country MX --issued-from 2026-01-01 -o csv
  $ fiscal latam list --country CO -o ndjson | fiscal latam xml --stdin --dir ./co

See docs/latam.md.`);
  latam
    .command('upload')
    .description('upload LATAM XML documents (CFDI 4.0, DTE, UBL 2.1 of DIAN and SUNAT)')
    .argument('<paths...>', 'XML files, folders (walked for *.xml), or - for standard input')
    .addOption(new Option('--country <code>', 'refuse documents of any other country').choices(LATAM_COUNTRIES))
    .option('--dry-run', 'check the files and show what would be sent, sending nothing')
    .addHelpText('after', UPLOAD_HELP)
    .action(lazyAction(ctx, () => import('./upload.js')));
  latam
    .command('list')
    .description('list the LATAM documents of the account')
    .addOption(new Option('--country <code>', 'only this country').choices(LATAM_COUNTRIES))
    .option('--issuer <tax-id>', 'only documents of this issuer (RFC, RUT, NIT, RUC)')
    .option('--issued-from <date>', 'issued on or after this date (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--issued-to <date>', 'issued on or before this date (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--limit <n>', 'at most this many documents')
    .addHelpText('after', LIST_HELP)
    .action(lazyAction(ctx, () => import('./list.js')));
  stdin(latam.command('xml').description('download the XML of LATAM documents').argument('[ids...]', ID_HELP))
    .option('--dir <path>', 'write <dir>/<id>.xml (default: standard output for one id, . for several)')
    .addHelpText('after', XML_HELP)
    .action(lazyAction(ctx, () => import('./xml.js')));
  stdin(latam.command('json').description('show LATAM documents parsed: parties, dates, totals, taxes, items').argument('[ids...]', ID_HELP))
    .addHelpText('after', JSON_HELP)
    .action(lazyAction(ctx, () => import('./json.js')));
}
