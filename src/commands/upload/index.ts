// `fiscal upload`: the declaration only; the verb module loads on use.
import { defineVerb } from '../shared/define.js';

/** Invoices per `--batch` request when --batch-size is not given. */
export const DEFAULT_BATCH_SIZE = 50;

export const upload = defineVerb({
  name: 'upload',
  summary: 'upload fiscal XML (NF-e, NFC-e, CT-e, CT-e OS, MDF-e, NFS-e and their events)',
  examples: [
    'fiscal upload ./xmls',
    'fiscal upload nota.xml --owner 12345678000195 --dry-run',
    'cat nota.xml | fiscal upload -',
    'fiscal upload ./nfes --batch --batch-size 100          # asynchronous batches, polled to the end',
  ],
  notes: `Folders are walked for *.xml. Each file is checked before sending (well-formed XML of a known
fiscal type, valid access key); one result row per file (file, type, key, success, message).
Files whose exact bytes already succeeded against this server and account are recorded in the
journal (default .fiscal-upload.json in the current folder) and not sent again. Exit 7 when some
file was not uploaded. See docs/upload.md.`,
  args: [{ name: 'paths', summary: 'XML files, folders (walked for *.xml), or - for standard input', variadic: true }],
  flags: {
    owner: {
      type: 'tax-id',
      list: true,
      summary: 'a company of the account the documents belong to (repeatable or comma-separated)',
    },
    dryRun: { type: 'switch', summary: 'check the files and show what would be sent, sending nothing' },
    journal: { type: 'path', default: '.fiscal-upload.json', summary: 'state file of the files already uploaded' },
    batch: {
      type: 'switch',
      summary: 'NF-e only: send asynchronous batches (POST /v1/nfe/upload) and read their results',
    },
    batchSize: { type: 'int', summary: `invoices per batch (default ${DEFAULT_BATCH_SIZE}, at most 500)` },
    wait: {
      type: 'switch',
      negated: true,
      summary: 'with --batch: report the request ids and return; a later run reads the results',
    },
    callbackUrl: { type: 'url', summary: 'with --batch: the service POSTs each batch result there' },
  },
  load: () => import('./upload.js'),
});
