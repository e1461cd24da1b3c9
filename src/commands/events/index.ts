// `fiscal events <type> <key|id>...`: commander metadata only; the verb module loads on use.
import { Argument, Option, type Command } from 'commander';
import { suggest } from '../../cli-tree/hints.js';
import { EVENT_DOC_TYPES, type EventDocType } from '../../fiscal/event-codes.js';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';
import { addDeprecatedFlags } from '../deprecated.js';
import { collectList } from '../nfe-flags.js';

const EXAMPLES = `
Types: ${EVENT_DOC_TYPES.join(', ')} (NF-e and NFC-e by access key; NFS-e by its id
<owner>:<emitter>:<yyyy-mm-dd>:<number>, the owner optional).

Examples:
  $ fiscal events nfe 35260112345678000195550010000012341000012343
  $ fiscal events cte <key> <key> --event-code 110111 --dir ./events
  $ fiscal events nfe --stream --cursor 1200 -o ndjson

One row per event: key, code, description, seq, date, the authority's status and protocol (read
from the event XML). --dir writes each event as <dir>/<key>-<type>-<seq>.xml (replaced
atomically; an NFS-e id's ":" become "_"). Keys are checked before anything is sent (exit 2 naming
the bad one). A key that is not found is reported on stderr and the others go on: exit 4 when no
key was found, 7 when some were. --stream reads the account's whole event stream of the type
instead, from --cursor (default 0); the cursor to resume from is printed on stderr. See docs/events.md.`;

const BATCH_EXAMPLES = `
Examples:
  $ fiscal events batch submit cancel.json --wait
  $ printf '%s\\n' '{"access_key":"<key>","tp_evento":"210210"}' | fiscal events batch submit - --dry-run
  $ fiscal events batch status 3f2a9c0d4b1e8a7f6c5d4e3f2a1b0c9d --wait

The file is a JSON array of events, or NDJSON (one per line): {access_key, tp_evento,
n_seq_evento?, justification?, details?}. One document type per batch: NF-e (110111, 2102xx and
the tax-reform events) or CT-e / CT-e OS (610110, 610111). The batch is checked before anything
is sent (exit 2 naming the item and field). A row per event result; rejected events make the
exit code 7. See docs/event-batches.md.`;

function registerBatch(events: Command, ctx: Context): void {
  const batch = events
    .command('batch')
    .description('submit events (cancellations, manifestations, CT-e disagreement...) in asynchronous batches')
    .addHelpText('after', `
Examples:
  $ fiscal events batch submit cancelamentos.json --wait
  $ fiscal events batch submit - --dry-run < eventos.ndjson
  $ fiscal events batch status 4f1c9a0e2b7d4c3a9e8f7a6b5c4d3e2f --wait

One batch holds events of one document type. See docs/event-batches.md.`);
  batch
    .command('submit')
    .description('send a batch of events read from a file or - (standard input)')
    .argument('<file>', 'JSON array or NDJSON of events; - reads standard input')
    .option('--wait', 'wait until the batch is processed and show each result')
    .option('--dry-run', 'check the batch and show what would be sent, send nothing')
    .addHelpText('after', BATCH_EXAMPLES)
    .action(lazyAction(ctx, () => import('./batch-submit.js')));
  batch
    .command('status')
    .description('the results of event batches, a row per event')
    .argument('<ids...>', 'batch ids')
    .option('--wait', 'wait until each batch is processed')
    .addHelpText('after', BATCH_EXAMPLES)
    .action(lazyAction(ctx, () => import('./batch-status.js')));
}

export function registerEvents(program: Command, ctx: Context): void {
  const events = program
    .command('events')
    .description('list (and save) the events of documents: cancellations, correction letters, manifestations...')
    .addArgument(suggest(new Argument('<type>', `document type: ${EVENT_DOC_TYPES.join(', ')}`), EVENT_DOC_TYPES))
    .argument('[ids...]', 'access keys (44 digits), or NFS-e ids');
  addEventOptions(events, ctx)
    .addHelpText('after', EXAMPLES)
    .action(lazyAction(ctx, () => import('./list.js')));
  registerBatch(events, ctx);
}

/** The flags of `fiscal events`, shared with the type-first groups (`fiscal nfce events`). */
export function addEventOptions(command: Command, ctx: Context): Command {
  command
    .option('--event-code <code>', 'only events of this 6-digit code (repeatable or comma-separated)', collectList)
    .option('--dir <path>', 'also write each event XML into this folder')
    .option('--stream', "read the account's event stream of the type instead of documents' events")
    .option('--cursor <n>', 'with --stream: the stream position to start from (default 0)')
    .option('--limit <n>', 'with --stream: at most this many events')
    .option('--cnpj <cnpj>', 'with --stream: only documents of these companies (repeatable)', collectList);
  // --type names a document type elsewhere; --save is --dir everywhere else.
  return addDeprecatedFlags(command, ctx, [
    { option: new Option('--type <code>').argParser(collectList), use: '--event-code', moveTo: 'eventCode' },
    { option: new Option('--save <dir>'), use: '--dir', moveTo: 'dir' },
  ]);
}

/** `fiscal <type> events <key>...`: `fiscal events <type>` with the type given by the group. */
export function addEventVerb(parent: Command, ctx: Context, type: EventDocType): void {
  const events = parent
    .command('events')
    .description(`list (and save) the events of ${type === 'nfce' ? 'NFC-e' : 'MDF-e'} or of the account's event stream`)
    .argument('[keys...]', 'access keys (44 digits)');
  addEventOptions(events, ctx)
    .addHelpText('after', `
Examples:
  $ fiscal ${type} events <key> <key> --dir ./events
  $ fiscal ${type} events --stream --cursor 1200 -o ndjson

The same as \`fiscal events ${type} ...\`. See docs/events.md.`)
    .action(lazyAction(ctx, async () => {
      const list = await import('./list.js');
      return { parseOptions: (raw: Record<string, unknown>, args: string[]) => list.parseOptions(raw, [type, ...args]), run: list.run };
    }));
}
