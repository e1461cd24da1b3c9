// `fiscal latam ...`: declarations only; the verb modules load on use.
import { LATAM_COUNTRIES } from '../../fiscal/latam/countries.js';
import { defineGroup, defineVerb, type ArgSpec, type SwitchFlag } from '../shared/define.js';

const IDS: ArgSpec = {
  name: 'ids',
  required: false,
  variadic: true,
  summary:
    'document ids as the service names them: MX-<UUID>, CL-<RUT>-<type>-<folio>, CO-<CUFE>, PE-<RUC>-<type>-<series>-<number>',
};

const STDIN = {
  type: 'switch',
  summary: 'also read ids from standard input: one per line, or NDJSON with id (fiscal latam list -o ndjson)',
} as const satisfies SwitchFlag;

export const uploadVerb = defineVerb({
  name: 'upload',
  summary: 'upload LATAM XML documents (CFDI 4.0, DTE, UBL 2.1 of DIAN and SUNAT)',
  examples: [
    'fiscal latam upload ./facturas',
    'fiscal latam upload cfdi.xml --country MX --dry-run',
    'cat dte.xml | fiscal latam upload -',
  ],
  notes: `Reads Mexico CFDI 4.0 (stamped), Chile DTE (EnvioDTE with one DTE), Colombia UBL 2.1 (DIAN,
also inside an AttachedDocument) and Peru UBL 2.1 (SUNAT). Folders are walked for *.xml. Each
file is checked before sending (well-formed, recognized, required fields, tax-id check digits);
one row per file (file, id, country, type, success, message). A document already stored answers
its id. Exit 7 when some file was not uploaded. See docs/latam.md.`,
  args: [{ name: 'paths', variadic: true, summary: 'XML files, folders (walked for *.xml), or - for standard input' }],
  flags: {
    country: {
      type: 'choice',
      choices: LATAM_COUNTRIES,
      value: 'code',
      summary: 'refuse documents of any other country',
    },
    dryRun: { type: 'switch', summary: 'check the files and show what would be sent, sending nothing' },
  },
  load: () => import('./upload.js'),
});

export const listVerb = defineVerb({
  name: 'list',
  summary: 'list the LATAM documents of the account',
  examples: [
    'fiscal latam list --country MX --issued-from 2026-01-01 --issued-to 2026-03-31',
    'fiscal latam list --issuer 76086428-5 -o csv > dte.csv',
    'fiscal latam list --country CO -o ndjson | fiscal latam xml --stdin --dir ./co',
  ],
  notes: `Dates are the documents' own issue dates (YYYY-MM-DD or dd/mm/yyyy, either bound alone). The issuer is the
tax id as the document writes it: RFC, RUT with its dash, NIT without its check digit, RUC.`,
  flags: {
    country: { type: 'choice', choices: LATAM_COUNTRIES, value: 'code', summary: 'only this country' },
    issuer: { type: 'text', value: 'tax-id', summary: 'only documents of this issuer (RFC, RUT, NIT, RUC)' },
    issuedFrom: { type: 'day', value: 'date', summary: 'issued on or after this date (YYYY-MM-DD or dd/mm/yyyy)' },
    issuedTo: { type: 'day', value: 'date', summary: 'issued on or before this date (YYYY-MM-DD or dd/mm/yyyy)' },
    limit: { type: 'int', value: 'n', summary: 'at most this many documents' },
  },
  load: () => import('./list.js'),
});

export const xmlVerb = defineVerb({
  name: 'xml',
  summary: 'download the XML of LATAM documents',
  examples: [
    'fiscal latam xml MX-5F0E6A3C-8B1D-4C2E-9A7F-1B2C3D4E5F60 > cfdi.xml',
    'fiscal latam xml <id> <id> --dir ./xml',
    'fiscal latam list --country PE -o ndjson | fiscal latam xml --stdin --dir ./pe',
  ],
  notes: `The XML comes back byte for byte as it was uploaded. One id without --dir writes it to standard
output; otherwise each document is written as <dir>/<id>.xml (default dir .), replaced atomically,
one result row per id. An id that fails is reported and the others go on; the exit code is then 7.`,
  args: [IDS],
  flags: {
    stdin: STDIN,
    dir: {
      type: 'dir',
      value: 'path',
      summary: 'write <dir>/<id>.xml (default: standard output for one id, . for several)',
    },
  },
  load: () => import('./xml.js'),
});

export const jsonVerb = defineVerb({
  name: 'json',
  summary: 'show LATAM documents parsed: parties, dates, totals, taxes, items',
  examples: [
    'fiscal latam json CL-76086428-5-33-5512',
    "fiscal latam json <id> -o json | jq '.[0].taxes'",
    'fiscal latam list --country MX -o ndjson | fiscal latam json --stdin -o ndjson',
  ],
  notes: `The parsed document, the same shape for every country: issuer, receiver, issue date, currency,
subtotal, total, taxes and items (-o json or ndjson show it whole; the table a summary). An id
that fails is reported and the others go on; the exit code is then 7.`,
  args: [IDS],
  flags: { stdin: STDIN },
  load: () => import('./json.js'),
});

export const latam = defineGroup({
  name: 'latam',
  summary: 'electronic invoices of Mexico, Chile, Colombia and Peru: upload, list, XML and parsed JSON',
  examples: [
    'fiscal latam upload ./facturas',
    'fiscal latam list --country MX --issued-from 2026-01-01 -o csv',
    'fiscal latam list --country CO -o ndjson | fiscal latam xml --stdin --dir ./co',
  ],
  notes: 'See docs/latam.md.',
  verbs: [uploadVerb, listVerb, xmlVerb, jsonVerb],
});
