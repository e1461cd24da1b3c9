// `fiscal inspect <file|dir>...`: declaration only; the verb module (and the XML readers) load on use.
import { DOCUMENT_KINDS as KINDS } from '../../fiscal/readers/common.js';
import { defineVerb } from '../shared/define.js';

export const inspect = defineVerb({
  name: 'inspect',
  summary: 'summarize local fiscal XML files: type, key, parties, totals, protocol, events (offline)',
  examples: [
    'fiscal inspect nota.xml',
    'fiscal inspect ./fiscal-docs -o csv > documents.csv          # one spreadsheet row per document',
    "fiscal inspect ./downloads --type nfe,nfce -o ndjson | jq -r 'select(.canceled) | .key'",
    'fiscal inspect ./xml --type event -o json',
    'fiscal inspect ./fiscal-docs -o csv --locale pt-BR > planilha.csv   # ; separator, 1234,56, a BOM',
  ],
  notes: `Reads NF-e, NFC-e, CT-e, CT-e OS, MDF-e, NFS-e (ABRASF and national, DPS), CF-e SAT and their
events, offline. Folders are searched recursively for *.xml. A file that cannot be read is named
on stderr with the reason (and, with -o json/ndjson, also as a record with "error"); the others go
on, and the exit code is then 7. See docs/inspect.md for the fields and the CSV columns.`,
  args: [{ name: 'paths', variadic: true, summary: 'XML files or folders (searched recursively for *.xml)' }],
  flags: {
    type: {
      type: 'custom',
      list: true,
      value: 'types',
      summary: `keep only these kinds (repeatable or comma-separated): ${KINDS.join(', ')}`,
      complete: KINDS,
    },
    catalog: {
      type: 'text',
      value: 'url',
      summary: "statuses of pull folders' documents from the shared catalog in PostgreSQL (postgres://user@host/db)",
    },
  },
  load: () => import('./inspect.js'),
});
