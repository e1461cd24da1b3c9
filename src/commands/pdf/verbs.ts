// The declaration of `fiscal pdf <type>`, worded from the registry: a download by key (and --local)
// for a type the service draws, a local drawing only for one it does not (NFC-e), the NFS-e by id.
// The type groups offer the same verbs under their own name (`fiscal mdfe pdf` is `fiscal pdf
// mdfe`, shared/type-groups.ts). Plain data: loaded for --help.
import { docType, type ApiPdfDocType, type LocalOnlyPdfType } from '../../fiscal/doc-types.js';
import { defineVerb, type SwitchFlag, type ScalarFlag } from '../shared/define.js';

/** The flags of every PDF download, record groups included (`fiscal boletos pdf`). */
const PDF_FLAGS = {
  dir: { type: 'dir', value: 'path', default: '.', summary: 'destination folder' },
  stdin: {
    type: 'switch',
    summary: 'also read keys from standard input: one per line, or NDJSON with AccessKey / access_key / id',
  },
} as const satisfies Record<string, ScalarFlag | SwitchFlag>;

/** The flags of `fiscal pdf <type>`: a download by key, or with --local a drawing of local XML. */
const TYPE_PDF_FLAGS = {
  // No default: with --local the PDFs go beside each XML unless --dir says where.
  dir: {
    type: 'dir',
    value: 'path',
    summary: 'destination folder (default: the current one; with --local: beside each XML)',
  },
  stdin: PDF_FLAGS.stdin,
  local: {
    type: 'switch',
    summary: 'draw the PDF here from local XML files or folders (no request, no rate limit) instead of downloading it',
  },
} as const satisfies Record<string, ScalarFlag | SwitchFlag>;

const NFSE_FLAGS = {
  ...TYPE_PDF_FLAGS,
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

interface PdfWords {
  summary: string;
  argument: string;
  example: string;
}

function wordsOf(type: ApiPdfDocType): PdfWords {
  const { name, pdf, model } = docType(type);
  if (type === 'nfse')
    return {
      summary: `download the ${pdf} (PDF) of ${name} by id, or with --manual the original PDF read by OCR`,
      argument: `${name} ids: <owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>; with --local, XML files and folders`,
      example: `fiscal pdf ${type} <id> --manual --role received --dir ./originais`,
    };
  return {
    summary: `download the ${pdf} (PDF) of ${name} by access key`,
    argument: `${name} access keys (44 digits, model ${model}); with --local, XML files and folders`,
    example: `fiscal pdf ${type} <key> --dir ./pdfs`,
  };
}

const LOCAL_NOTE = `With --local each XML of the type (files named, folders walked) is drawn here, with no
request: <name>.pdf beside it (or in --dir), CANCELADA when an event file beside it says so, SEM
VALOR FISCAL for tpAmb 2. A file that cannot be drawn is reported and the others go on (exit 7);
a missing path is exit 2.`;

function notes(type: ApiPdfDocType): string {
  return `Each PDF is written as <dir>/<key>.pdf${type === 'nfse' ? ' (the id with ":" as "_"; -original.pdf with --manual)' : ''}, replaced
atomically, one result row per key: one request per key, under the account's rate limit. Keys are
checked before anything is sent (exit 2 naming the bad key). A key that fails (not found, not
renderable) is reported and the others go on; the exit code is then 7.
${LOCAL_NOTE} See docs/pdf.md.`;
}

function examples(type: ApiPdfDocType): string[] {
  const source = type === 'nfe' ? 'fiscal search nfe --role received --from 2026-01-01 -o ndjson' : 'cat keys.txt';
  return [
    wordsOf(type).example,
    `${source} | fiscal pdf ${type} --stdin --dir ./pdfs`,
    `fiscal pdf ${type} --local ./fiscal-docs`,
  ];
}

/** `fiscal pdf <type>`, or the same verb named `name` under a type-first group, run by `load`. */
export function keyedPdfVerb(type: Exclude<ApiPdfDocType, 'nfse'>, load: () => Promise<unknown>, name: string = type) {
  const w = wordsOf(type);
  return defineVerb({
    name,
    summary: w.summary,
    examples: examples(type),
    notes: notes(type),
    args: [{ name: 'keys', required: false, variadic: true, summary: w.argument }],
    flags: TYPE_PDF_FLAGS,
    load,
  });
}

/** `fiscal pdf nfce --local`: a type the service draws no PDF of, drawn from local XML only. */
export function localPdfVerb(type: LocalOnlyPdfType, load: () => Promise<unknown>, name: string = type) {
  const { name: what, pdf } = docType(type);
  return defineVerb({
    name,
    summary: `draw the ${pdf} (PDF) of local ${what} XML files (needs --local)`,
    examples: [`fiscal pdf ${type} --local ./fiscal-docs`, `fiscal pdf ${type} --local nota.xml --dir ./pdfs`],
    notes: `The service has no ${what} PDF: this verb only draws, and needs --local.\n${LOCAL_NOTE} See docs/pdf.md.`,
    args: [{ name: 'files', required: false, variadic: true, summary: `${what} XML files and folders` }],
    flags: TYPE_PDF_FLAGS,
    load,
  });
}

/** `fiscal pdf nfse`: by R10 id, and with --manual --role the original PDF read by OCR. */
export function nfsePdfVerb(load: () => Promise<unknown>, name = 'nfse') {
  const w = wordsOf('nfse');
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
