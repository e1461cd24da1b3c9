// `search <type> --summary`: each listed document read like `fiscal inspect` reads a file, so a
// search gives the same table, JSON or accountant's CSV (docs/inspect.md) straight from the API.
import type { Context } from '../../context.js';
import { DocumentReadError, readDocuments } from '../../fiscal/readers/index.js';
import { settleStatus, type StatusClues } from '../../fiscal/summary-status.js';
import { createRecordWriter, takesFlatColumns, type RecordWriter } from '../../output/writer.js';
import { CSV_COLUMNS, TABLE_COLUMNS, type InspectRecord } from '../shared/summary-columns.js';

interface SummaryWriter {
  /**
   * Summarises one listed document; `source` names it in place of a file (its key or id), `clues`
   * are what the listing says of its status beside the XML (the API's status, its events).
   */
  write(xml: Buffer, source: string, clues?: StatusClues): void;
  end(): void;
  /** The listing did not complete: see RecordWriter.fail. */
  fail(): void;
  /** Documents listed so far (what --limit counts), whether or not they could be read. */
  readonly count: number;
}

export function createSummaryWriter(ctx: Context): SummaryWriter {
  const format = ctx.outputFormat();
  const out: RecordWriter<InspectRecord> = createRecordWriter<InspectRecord>(ctx, {
    columns: takesFlatColumns(format) ? CSV_COLUMNS : TABLE_COLUMNS,
    emptyMessage: 'No documents found.',
  });
  const withProblems = format === 'json' || format === 'ndjson';
  let count = 0;
  return {
    get count() {
      return count;
    },
    write(xml, source, clues = {}) {
      count++;
      try {
        for (const doc of readDocuments(xml, source)) out.write(settleStatus(doc, clues));
      } catch (error) {
        if (!(error instanceof DocumentReadError)) throw error;
        ctx.log.warn(`${source}: ${error.message}`);
        if (withProblems)
          out.write({ source, error: error.message, failure: error.failure, ...(error.root && { root: error.root }) });
      }
    },
    end: () => out.end(),
    fail: () => out.fail(),
  };
}
