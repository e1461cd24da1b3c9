// `fiscal events <type> <key|id>...` and `fiscal events batch ...`: declarations only; the verb
// modules load on use.
import { EVENT_DOC_TYPES } from '../../fiscal/event-codes.js';
import { defineGroup, defineVerb } from '../shared/define.js';
import { EVENT_FLAGS, EVENT_TYPES_NOTE, EVENTS_NOTES } from './flags.js';

/** `fiscal events`: a verb of its own (`events nfe <key>`) that also holds the `batch` group. */
export const events = defineVerb({
  name: 'events',
  summary: 'list (and save) the events of documents: cancellations, correction letters, manifestations and the others',
  examples: [
    'fiscal events nfe 35260112345678000195550010000012341000012343',
    'fiscal events cte <key> <key> --event-code 110111 --dir ./events',
    'fiscal events nfe --stream --cursor 1200 -o ndjson',
  ],
  notes: `${EVENT_TYPES_NOTE}\n\n${EVENTS_NOTES}`,
  args: [
    { name: 'type', summary: `document type: ${EVENT_DOC_TYPES.join(', ')}`, complete: EVENT_DOC_TYPES },
    { name: 'ids', summary: 'access keys (44 digits), or NFS-e ids', required: false, variadic: true },
  ],
  flags: EVENT_FLAGS,
  load: () => import('./list.js'),
});

const BATCH_EXAMPLES = [
  'fiscal events batch submit cancel.json --wait',
  `printf '%s\\n' '{"access_key":"<key>","tp_evento":"210210"}' | fiscal events batch submit - --dry-run`,
  'fiscal events batch status 3f2a9c0d4b1e8a7f6c5d4e3f2a1b0c9d --wait',
];

const BATCH_NOTES = `The file is a JSON array of events, or NDJSON (one per line): {access_key, tp_evento,
n_seq_evento?, justification?, details?}. One document type per batch: NF-e (110111, 2102xx and
the tax-reform events) or CT-e / CT-e OS (610110, 610111). The batch is checked before anything
is sent (exit 2 naming the item and field). A row per event result; rejected events make the
exit code 7. See docs/events.md.`;

export const batchSubmitVerb = defineVerb({
  name: 'submit',
  summary: 'send a batch of events read from a file or - (standard input)',
  examples: BATCH_EXAMPLES,
  notes: BATCH_NOTES,
  args: [{ name: 'file', summary: 'JSON array or NDJSON of events; - reads standard input' }],
  flags: {
    wait: { type: 'switch', summary: 'wait until the batch is processed and show each result' },
    dryRun: { type: 'switch', summary: 'check the batch and show what would be sent, send nothing' },
  },
  load: () => import('./batch-submit.js'),
});

export const batchStatusVerb = defineVerb({
  name: 'status',
  summary: 'the results of event batches, a row per event',
  examples: BATCH_EXAMPLES,
  notes: BATCH_NOTES,
  args: [{ name: 'ids', summary: 'batch ids', variadic: true }],
  flags: {
    wait: { type: 'switch', summary: 'wait until each batch is processed' },
  },
  load: () => import('./batch-status.js'),
});

/** `fiscal events batch ...`, registered under `fiscal events`. */
export const eventBatch = defineGroup({
  name: 'batch',
  summary: 'submit events (cancellations, manifestations, CT-e disagreement...) in asynchronous batches',
  examples: [
    'fiscal events batch submit cancelamentos.json --wait',
    'fiscal events batch submit - --dry-run < eventos.ndjson',
    'fiscal events batch status 4f1c9a0e2b7d4c3a9e8f7a6b5c4d3e2f --wait',
  ],
  notes: 'One batch holds events of one document type. See docs/events.md.',
  verbs: [batchSubmitVerb, batchStatusVerb],
});
