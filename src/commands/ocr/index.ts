// `fiscal ocr ...`: declarations only; each verb's module loads when it runs. What the OCR reads is
// listed by `fiscal invoices` and `fiscal utilities`, which also upload with the kind fixed.
import { OCR_KINDS } from '../../fiscal/record-values.js';
import { defineGroup, defineVerb } from '../shared/define.js';
import { uploadArgs, uploadFlags } from '../shared/ocr-upload-flags.js';

const EXAMPLES = [
  'fiscal ocr upload ./scans --kind utility --owner 12345678000195 --wait',
  'fiscal ocr upload invoice-0042.pdf --kind invoice --owner 12345678000195',
  'fiscal ocr status 0b7c1d9e-4a55-4c1e-9f0e-2d3c4b5a6978 --wait',
];

const NOTES = `Folders are searched for *.pdf; - reads one PDF from standard input. Each file is checked first
(a PDF, at most 10 MiB): one that is not is a rejected row and the others go on. A row carries the
request id; --wait follows the requests until read (progress on stderr) and shows the document
each one made. A rejected file or a failed read makes the exit code 7. See
docs/ocr.md.`;

export const uploadVerb = defineVerb({
  name: 'upload',
  summary: 'send PDFs to the OCR, a row per file with its request id',
  examples: EXAMPLES,
  notes: NOTES,
  args: uploadArgs,
  flags: {
    ...uploadFlags,
    kind: { type: 'choice', value: 'kind', choices: OCR_KINDS, required: true, summary: 'what the PDFs are' },
  },
  load: () => import('./upload.js'),
});

export const statusVerb = defineVerb({
  name: 'status',
  summary: 'where OCR requests stand, and the document each one made',
  examples: EXAMPLES,
  notes: NOTES,
  args: [{ name: 'request-ids', variadic: true, summary: 'request ids' }],
  flags: {
    wait: { type: 'switch', summary: 'follow the requests until the OCR has read each PDF' },
  },
  load: () => import('./status.js'),
});

export const ocr = defineGroup({
  name: 'ocr',
  summary: 'send PDFs to the OCR and follow their reading',
  examples: EXAMPLES,
  notes: NOTES,
  verbs: [uploadVerb, statusVerb],
});
