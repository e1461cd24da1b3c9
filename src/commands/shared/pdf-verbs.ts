// The declaration of `fiscal pdf <type>`, shared with the type-first groups that offer the same
// verb under their own name (`fiscal mdfe pdf` is `fiscal pdf mdfe`). Plain data: loaded for --help.
import type { PdfDocType } from '../../fiscal/doc-types.js';
import { defineVerb, type SwitchFlag, type ScalarFlag } from './define.js';

export type PdfType = PdfDocType;

/** The flags of every PDF download, record groups included (`fiscal boletos pdf`). */
export const PDF_FLAGS = {
  dir: { type: 'dir', value: 'path', default: '.', summary: 'destination folder' },
  stdin: {
    type: 'switch',
    summary: 'also read keys from standard input: one per line, or NDJSON with AccessKey / access_key / id',
  },
} as const satisfies Record<string, ScalarFlag | SwitchFlag>;

const NFSE_FLAGS = {
  ...PDF_FLAGS,
  manual: {
    type: 'switch',
    summary: 'the original PDF of a note ingested by OCR instead of the DANFSe (needs --role)',
  },
  role: {
    type: 'choice',
    choices: ['received', 'emitted', 'intermediate'],
    value: 'role',
    summary: "with --manual: the role the account's company has in the note",
  },
} as const;

const KEY = '35260112345678000195550010000012341000012343';

interface PdfWords {
  summary: string;
  argument: string;
  example: string;
}

const WORDS: Record<PdfType, PdfWords> = {
  nfe: {
    summary: 'download the DANFe (PDF) of NF-e by access key',
    argument: 'NF-e access keys (44 digits, model 55)',
    example: `fiscal pdf nfe ${KEY}`,
  },
  cte: {
    summary: 'download the DACTe (PDF) of CT-e by access key',
    argument: 'CT-e access keys (44 digits, model 57)',
    example: 'fiscal pdf cte <key> --dir ./dactes',
  },
  cteos: {
    summary: 'download the DACTe-OS (PDF) of CT-e OS by access key',
    argument: 'CT-e OS access keys (44 digits, model 67)',
    example: 'fiscal pdf cteos <key> --dir ./dactes',
  },
  mdfe: {
    summary: 'download the DAMDFe (PDF) of MDF-e by access key',
    argument: 'MDF-e access keys (44 digits, model 58)',
    example: 'fiscal pdf mdfe <key> --dir ./damdfes',
  },
  nfse: {
    summary: 'download the DANFSe (PDF) of NFS-e by id, or with --manual the original PDF read by OCR',
    argument: 'NFS-e ids: <owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>',
    example: 'fiscal pdf nfse <id> --manual --role received --dir ./originais',
  },
};

function notes(type: PdfType): string {
  return `Each PDF is written as <dir>/<key>.pdf${type === 'nfse' ? ' (the id with ":" as "_"; -original.pdf with --manual)' : ''}, replaced
atomically, one result row per key. Keys are checked before anything is sent (exit 2 naming the
bad key). A key that fails (not found, not renderable) is reported and the others go on; the exit
code is then 7. See docs/pdf.md.`;
}

function examples(type: PdfType): string[] {
  const source = type === 'nfe' ? 'fiscal search nfe --role received --from 2026-01-01 -o ndjson' : 'cat keys.txt';
  return [WORDS[type].example, `${source} | fiscal pdf ${type} --stdin --dir ./pdfs`];
}

/** `fiscal pdf <type>`, or the same verb named `name` under a type-first group, run by `load`. */
export function keyedPdfVerb(type: Exclude<PdfType, 'nfse'>, load: () => Promise<unknown>, name: string = type) {
  const w = WORDS[type];
  return defineVerb({
    name,
    summary: w.summary,
    examples: examples(type),
    notes: notes(type),
    args: [{ name: 'keys', required: false, variadic: true, summary: w.argument }],
    flags: PDF_FLAGS,
    load,
  });
}

/** `fiscal pdf nfse`: by R10 id, and with --manual --role the original PDF read by OCR. */
export function nfsePdfVerb(load: () => Promise<unknown>, name = 'nfse') {
  const w = WORDS.nfse;
  return defineVerb({
    name,
    summary: w.summary,
    examples: examples('nfse'),
    notes: notes('nfse'),
    args: [{ name: 'keys', required: false, variadic: true, summary: w.argument }],
    flags: NFSE_FLAGS,
    load,
  });
}
