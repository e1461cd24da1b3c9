// `fiscal ocr status <request_id>... [--wait]`: where OCR requests stand, a row each. An id the
// account does not have is reported on stderr and the others go on (exit 4 when none was found,
// 7 when some were not, or when a read failed).
import { ocrStatus } from '../../api/ocr.js';
import { OCR_REQUEST_ID } from '../../api/wire/ocr.js';
import { NotFoundError, PartialError, UsageError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import { isFailure, rowOf, ROW_COLUMNS, waitForOcr, type OcrRow } from '../shared/ocr-requests.js';
import { verb } from '../shared/verb.js';
import { statusVerb } from './index.js';

/** The ids given, once each, lower case, every one a UUID. */
function requestIds(args: readonly string[]): string[] {
  const ids = [...new Set(args.map((a) => a.trim().toLowerCase()))];
  if (ids.length === 0) throw new UsageError('give at least one request id (printed by fiscal ocr upload)');
  for (const id of ids)
    if (!OCR_REQUEST_ID.test(id)) throw new UsageError(`invalid request id "${id}": expected a UUID`);
  return ids;
}

export default verb(statusVerb, {
  check: (_o, args) => void requestIds(args),
  async run(ctx, o, args) {
    const ids = requestIds(args);
    const http = await ctx.http();
    let rows: OcrRow[] = [];
    let first: NotFoundError | undefined;
    for (const id of ids) {
      try {
        rows.push(rowOf(await ocrStatus(http, id)));
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        first ??= error;
        if (ids.length > 1) ctx.io.stderr.write(`fiscal: OCR request ${id}: not found\n`);
      }
    }
    if (o.wait) rows = await waitForOcr(ctx, http, rows);
    const writer = createRecordWriter<OcrRow>(ctx, { columns: ROW_COLUMNS });
    for (const row of rows) writer.write(row);
    writer.end();
    if (first && rows.length === 0)
      throw new NotFoundError(
        ids.length === 1 ? first.message : 'none of the OCR requests was found',
        404,
        first.method,
        first.path,
      );
    const failed = ids.length - rows.length + rows.filter(isFailure).length;
    if (failed > 0) throw new PartialError(`${failed} of ${ids.length} OCR requests not found or not read`);
  },
});
