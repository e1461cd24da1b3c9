// What `fiscal ocr upload --wait` and `fiscal ocr status --wait` share: the row of an OCR request
// and the polling until every request is done or failed (progress on stderr).
import { ocrStatus } from '../../api/ocr.js';
import type { HttpClient } from '../../api/http.js';
import type { OcrRequest } from '../../api/wire/ocr.js';
import type { Context } from '../../context.js';
import { InterruptedError } from '../../errors.js';
import type { Column } from '../../output/writer.js';
import { createProgress } from '../../output/progress.js';

export interface OcrRow {
  file?: string;
  request_id?: string;
  kind?: string;
  status: 'dry-run' | 'rejected' | OcrRequest['status'];
  document?: string;
  message?: string;
}

export const ROW_COLUMNS: Column<OcrRow>[] = [
  { header: 'FILE', get: (r) => r.file, width: 40 },
  { header: 'REQUEST', key: 'request_id', get: (r) => r.request_id, truncate: false },
  { header: 'KIND', get: (r) => r.kind },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'DOCUMENT', get: (r) => r.document, truncate: false },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

const isSettled = (row: OcrRow): boolean => row.status !== 'queued' && row.status !== 'processing';
export const isFailure = (row: OcrRow): boolean => row.status === 'rejected' || row.status === 'failed';

export function rowOf(request: OcrRequest, file?: string): OcrRow {
  return {
    ...(file === undefined ? (request.file_name ? { file: request.file_name } : {}) : { file }),
    request_id: request.request_id,
    kind: request.kind,
    status: request.status,
    ...(request.document ? { document: request.document.id } : {}),
    ...(request.message ? { message: request.message } : {}),
  };
}

const FIRST_POLL_MS = 300;
const MAX_POLL_MS = 2_000;

/** Polls each unsettled row until done or failed; rows come back in the same order. */
export async function waitForOcr(ctx: Context, http: HttpClient, rows: OcrRow[]): Promise<OcrRow[]> {
  const out = [...rows];
  const open = () => out.map((r, i) => [r, i] as const).filter(([r]) => r.request_id !== undefined && !isSettled(r));
  const progress = createProgress(ctx, { label: 'OCR requests settled', total: open().length });
  let pause = FIRST_POLL_MS;
  try {
    while (open().length > 0) {
      await ctx.clock.sleep(pause, ctx.signal);
      if (ctx.signal.aborted) {
        throw new InterruptedError(
          `--wait stopped; follow up with: fiscal ocr status ${open()
            .map(([r]) => r.request_id)
            .join(' ')}`,
        );
      }
      pause = Math.min(MAX_POLL_MS, pause * 2);
      for (const [row, i] of open()) {
        const next = rowOf(await ocrStatus(http, row.request_id!), row.file);
        out[i] = next;
        if (isSettled(next)) progress.tick();
      }
    }
    progress.succeed('OCR requests settled');
  } finally {
    progress.stop();
  }
  return out;
}
