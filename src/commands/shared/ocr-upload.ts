// What `fiscal ocr upload --kind`, `fiscal invoices upload` and `fiscal utilities upload` run:
// each PDF is sent to the OCR and gets a row with its request id. The owner and kind are checked
// before anything is sent (exit 2, by the verbs' flags); a file that is not a PDF, too large or
// unreadable is a rejected row and the others go on. With --wait the requests are followed until
// read; a rejected file or a failed read makes the exit code 7.
import { basename } from 'node:path';
import { submitOcr } from '../../api/ocr.js';
import { OCR_PDF_MAX_BYTES, type OcrKind, type OcrRequest } from '../../api/wire/ocr.js';
import type { Context } from '../../context.js';
import { AuthError, FiscalError, InterruptedError, PartialError, UsageError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import { fileContents } from './input-files.js';
import { isFailure, ROW_COLUMNS, waitForOcr, type OcrRow } from './ocr-requests.js';

interface OcrUploadOptions {
  kind: OcrKind;
  /** A CNPJ of the account, digits. */
  owner: string;
  wait: boolean;
  dryRun: boolean;
}

const PDF_NAME = /\.pdf$/i;

/** Why the OCR would refuse these bytes, checked before sending. */
function pdfProblem(bytes: Buffer): string | undefined {
  if (bytes.length === 0) return 'the file is empty';
  if (bytes.length > OCR_PDF_MAX_BYTES)
    return `the file has ${bytes.length} bytes, the OCR takes at most ${OCR_PDF_MAX_BYTES}`;
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) return 'not a PDF (it does not start with %PDF-)';
  return undefined;
}

export async function uploadToOcr(ctx: Context, paths: readonly string[], o: OcrUploadOptions): Promise<void> {
  const http = o.dryRun ? undefined : await ctx.http();
  const rows: OcrRow[] = [];
  for await (const source of fileContents(ctx, paths, PDF_NAME, 'a PDF')) {
    if (ctx.signal.aborted) throw new InterruptedError('ocr upload stopped');
    const problem = source.problem ?? pdfProblem(source.bytes!);
    if (problem) {
      rows.push({ file: source.file, kind: o.kind, status: 'rejected', message: problem });
      continue;
    }
    if (!http) {
      rows.push({
        file: source.file,
        kind: o.kind,
        status: 'dry-run',
        message: `${source.bytes!.length} bytes would be sent`,
      });
      continue;
    }
    rows.push(
      await send(
        ctx,
        () =>
          submitOcr(http, {
            kind: o.kind,
            owner: o.owner,
            pdf: source.bytes!.toString('base64'),
            file_name: source.file === '-' ? 'stdin.pdf' : basename(source.file),
          }),
        source.file,
        o.kind,
      ),
    );
  }
  if (rows.length === 0) throw new UsageError('no PDF found in the paths given (folders are searched for *.pdf)');
  const settled = http && o.wait ? await waitForOcr(ctx, http, rows) : rows;
  const writer = createRecordWriter<OcrRow>(ctx, { columns: ROW_COLUMNS });
  for (const row of settled) writer.write(row);
  writer.end();
  const failed = settled.filter(isFailure).length;
  if (failed > 0)
    throw new PartialError(`${failed} of ${settled.length} PDF${settled.length === 1 ? '' : 's'} not read`);
}

/** A refusal of this file (400, 403 for the owner) is its row; credentials or an interrupt stop the run. */
async function send(ctx: Context, submit: () => Promise<OcrRequest>, file: string, kind: OcrKind): Promise<OcrRow> {
  try {
    const request = await submit();
    return { file, request_id: request.request_id, kind, status: request.status };
  } catch (error) {
    const forbidden = error instanceof AuthError && error.status === 403;
    if ((error instanceof AuthError && !forbidden) || error instanceof InterruptedError || ctx.signal.aborted)
      throw error;
    if (!(error instanceof FiscalError)) throw error;
    return { file, kind, status: 'rejected', message: error.message };
  }
}
