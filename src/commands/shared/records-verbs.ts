// Declarations the record groups share (boletos, receipts, invoices, utility bills): the paging
// flags of `list`, and the `show` and `pdf` verbs, whose modules run on records-show.ts and
// records-pdf.ts. Plain data: loaded for --help.
import { defineVerb } from './define.js';

/** --limit and --all of a group's list, in its words. */
export const pagingFlags = (limit: string, all: string) =>
  ({
    limit: { type: 'int', summary: limit },
    all: { type: 'switch', summary: all },
  }) as const;

interface RecordVerbText {
  /** `boleto`: how the summaries name one. */
  what: string;
  /** `boleto ids (bol_ and 16 hex digits)`. */
  ids: string;
  examples: readonly string[];
  notes?: string;
  load: () => Promise<unknown>;
}

/** What every record group's `show` does with ids it does not find. */
const SHOW_NOTES = `An id the account does not have is reported on stderr and the others go on: exit 4 when none was
found, 7 when some were not.`;

export function showVerbOf(v: RecordVerbText) {
  return defineVerb({
    name: 'show',
    summary: `show ${v.what}s by id (the whole record with -o json)`,
    examples: v.examples,
    notes: v.notes ?? SHOW_NOTES,
    args: [{ name: 'ids', variadic: true, summary: v.ids }],
    flags: {},
    load: v.load,
  });
}

export function pdfVerbOf(v: RecordVerbText) {
  return defineVerb({
    name: 'pdf',
    summary: `save the PDF of ${v.what}s as <dir>/<id>.pdf`,
    examples: v.examples,
    ...(v.notes ? { notes: v.notes } : {}),
    args: [{ name: 'ids', variadic: true, required: false, summary: v.ids }],
    flags: {
      dir: { type: 'dir', value: 'path', summary: 'destination folder', default: '.' },
      stdin: { type: 'switch', summary: 'also read ids from standard input: one per line, or NDJSON with an id field' },
    },
    load: v.load,
  });
}
