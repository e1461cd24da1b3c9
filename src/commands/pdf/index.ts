// `fiscal pdf <type>`: commander metadata only; the verb module loads on use.
import { Option, type Command } from 'commander';
import { suggest } from '../../cli-tree/hints.js';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import type { PdfType } from './kinds.js';

interface PdfCommand {
  type: PdfType;
  description: string;
  argument: string;
  example: string;
}

const KEY = '35260112345678000195550010000012341000012343';

const COMMANDS: PdfCommand[] = [
  { type: 'nfe', description: 'download the DANFe (PDF) of NF-e by access key', argument: 'NF-e access keys (44 digits, model 55)', example: `fiscal pdf nfe ${KEY}` },
  { type: 'cte', description: 'download the DACTe (PDF) of CT-e by access key', argument: 'CT-e access keys (44 digits, model 57)', example: 'fiscal pdf cte <key> --dir ./dactes' },
  { type: 'cteos', description: 'download the DACTe-OS (PDF) of CT-e OS by access key', argument: 'CT-e OS access keys (44 digits, model 67)', example: 'fiscal pdf cteos <key> --dir ./dactes' },
  { type: 'mdfe', description: 'download the DAMDFe (PDF) of MDF-e by access key', argument: 'MDF-e access keys (44 digits, model 58)', example: 'fiscal pdf mdfe <key> --dir ./damdfes' },
  {
    type: 'nfse', description: 'download the DANFSe (PDF) of NFS-e by id, or with --manual the original PDF read by OCR',
    argument: 'NFS-e ids: <owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>', example: 'fiscal pdf nfse <id> --manual --role received --dir ./originais',
  },
];

function help(c: PdfCommand): string {
  return `
Examples:
  $ ${c.example}
  $ ${c.type === 'nfe' ? 'fiscal search nfe --role received --from 2026-01-01 -o ndjson' : 'cat keys.txt'} | fiscal pdf ${c.type} --stdin --dir ./pdfs

Each PDF is written as <dir>/<key>.pdf${c.type === 'nfse' ? ' (the id with ":" as "_"; -original.pdf with --manual)' : ''}, replaced
atomically, one result row per key. Keys are checked before anything is sent (exit 2 naming the
bad key). A key that fails (not found, not renderable) is reported and the others go on; the exit
code is then 7. See docs/pdf.md.`;
}

export function registerPdf(program: Command, ctx: Context): void {
  const pdf = program
    .command('pdf')
    .description('download documents as PDF (DANFe, DACTe, DACTe-OS, DAMDFe, DANFSe)')
    .addHelpText('after', `
Examples:
  $ fiscal pdf nfe ${KEY}
  $ fiscal search cte --role taker -o ndjson | fiscal pdf cte --stdin --dir ./dactes

One verb per document type: fiscal pdf <type> --help. See docs/pdf.md.`);
  for (const c of COMMANDS) addPdfVerb(pdf, ctx, c.type);
}

/** `fiscal pdf <type>` under `parent`, named `name` (the type-first groups call it `pdf`). */
export function addPdfVerb(parent: Command, ctx: Context, type: PdfType, name: string = type): void {
  const c = COMMANDS.find((command) => command.type === type)!;
  const verb = parent
    .command(name)
    .description(c.description)
    .argument('[keys...]', c.argument)
    .option('--dir <path>', 'destination folder', '.')
    .option('--stdin', 'also read keys from standard input: one per line, or NDJSON with AccessKey / access_key / id');
  if (c.type === 'nfse') {
    verb
      .option('--manual', 'the original PDF of a note ingested by OCR instead of the DANFSe (needs --role)')
      .addOption(suggest(new Option('--role <role>', 'with --manual: received, emitted or intermediate'), ['received', 'emitted', 'intermediate']));
  }
  verb.addHelpText('after', help(c)).action(lazyAction(ctx, async () => (await import('./download.js')).pdfVerb(c.type)));
}
