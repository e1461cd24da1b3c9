// The argument and flags of every OCR upload verb (`fiscal ocr upload`, `fiscal invoices upload`,
// `fiscal utilities upload`), declared once. Plain data: loaded for --help.
export const uploadArgs = [
  { name: 'pdfs', variadic: true, summary: 'PDF files, folders (searched for *.pdf), or - for standard input' },
] as const;

export const uploadFlags = {
  owner: { type: 'cnpj', required: true, summary: 'CNPJ of the company of the account the documents belong to' },
  wait: { type: 'switch', summary: 'follow the requests until the OCR has read each PDF' },
  dryRun: { type: 'switch', summary: 'check the files and show what would be sent, send nothing' },
} as const;
