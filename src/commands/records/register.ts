// The `show` and `pdf` verbs every record group registers (boletos, receipts, invoices, utility
// bills): commander metadata only, the verb modules load on use.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction, type VerbModule } from '../action.js';

export interface RecordVerbs {
  /** `boleto`: how the descriptions name one. */
  what: string;
  /** `boleto ids (bol_ and 16 hex digits)`. */
  ids: string;
  showHelp: string;
  pdfHelp: string;
  show(): Promise<VerbModule<unknown>>;
  pdf(): Promise<VerbModule<unknown>>;
}

export function addShowAndPdf(group: Command, ctx: Context, v: RecordVerbs): void {
  group
    .command('show')
    .description(`show ${v.what}s by id (the whole record with -o json)`)
    .argument('<ids...>', v.ids)
    .addHelpText('after', v.showHelp)
    .action(lazyAction(ctx, v.show));
  group
    .command('pdf')
    .description(`save the PDF of ${v.what}s as <dir>/<id>.pdf`)
    .argument('[ids...]', v.ids)
    .option('--dir <path>', 'destination folder', '.')
    .option('--stdin', 'also read ids from standard input: one per line, or NDJSON with an id field')
    .addHelpText('after', v.pdfHelp)
    .action(lazyAction(ctx, v.pdf));
}
