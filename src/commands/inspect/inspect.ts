// `fiscal inspect`: read local fiscal XML (offline) and write one summary per document.
//
// Every file is read on its own: one that cannot be read (missing, empty, not XML, malformed, of a
// type no reader knows) is named on stderr with the reason, and with -o json/ndjson also written as
// a record `{source, error, failure, root?}` so that a script sees the whole picture in one stream.
// The other files go on; the exit code is then 7 (PartialError). No path that exists: 2.
import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import * as z from 'zod';
import type { Context } from '../../context.js';
import { InterruptedError, PartialError, UsageError } from '../../errors.js';
import { DOCUMENT_KINDS, DocumentReadError, readDocuments, type DocumentKind } from '../../fiscal/readers/index.js';
import { settleStatus } from '../../fiscal/summary-status.js';
import { createRecordWriter, takesFlatColumns, type RecordWriter } from '../../output/writer.js';
import { catalogReads } from '../shared/catalog-reads.js';
import type { OptionsOf } from '../shared/define.js';
import { fsReason, inputFiles } from '../shared/input-files.js';
import { CSV_COLUMNS, TABLE_COLUMNS, type InspectRecord } from '../shared/summary-columns.js';
import { verb } from '../shared/verb.js';
import { FolderClues } from './folder-clues.js';
import { inspect } from './index.js';

interface InspectOptions {
  paths: string[];
  /** Kinds to keep; all when undefined. */
  types?: DocumentKind[];
  /** `--catalog postgres://…`: pull folders' statuses from the shared catalog (docs/postgres.md). */
  catalog?: string | undefined;
}

/** Larger files are not fiscal documents (the largest NF-e allowed is far below this). */
const MAX_BYTES = 64 * 1024 * 1024;

/** One kind of --type, any case; the error lists the kinds there are. */
const kind = z.string().transform((v, ctx) => {
  const k = v.trim().toLowerCase() as DocumentKind;
  if (!DOCUMENT_KINDS.includes(k))
    ctx.addIssue({ code: 'custom', message: `"${v}" is not a kind; use ${DOCUMENT_KINDS.join(', ')}` });
  return k;
});
const parsers = { type: kind };

export default verb(inspect, {
  parsers,
  run: (ctx, o, paths) => inspectFiles(ctx, inspectOptions(o, paths)),
});

/** The parsed flags and paths as the run takes them: each kind once. */
export function inspectOptions(o: OptionsOf<typeof inspect.flags, typeof parsers>, paths: string[]): InspectOptions {
  return { paths, ...(o.type && { types: [...new Set(o.type)] }), ...(o.catalog && { catalog: o.catalog }) };
}

interface Tally {
  files: number;
  documents: number;
  problems: number;
}

export async function inspectFiles(ctx: Context, options: InspectOptions): Promise<void> {
  const reads = catalogReads(ctx, options.catalog);
  await requireSomePath(options.paths);
  const format = ctx.outputFormat();
  const writer = createRecordWriter<InspectRecord>(ctx, {
    columns: takesFlatColumns(format) ? CSV_COLUMNS : TABLE_COLUMNS,
    emptyMessage: 'No documents found.',
  });
  const withProblems = format === 'json' || format === 'ndjson';
  const tally: Tally = { files: 0, documents: 0, problems: 0 };
  const clues = new FolderClues((dir) => reads.folder(dir));
  try {
    for await (const input of inputFiles(options.paths)) {
      if (ctx.signal.aborted) throw new InterruptedError('inspect stopped');
      tally.files++;
      const problem =
        'problem' in input
          ? { failure: 'unreadable', error: input.problem }
          : await inspectFile(ctx, input.path, options, { writer, tally, clues });
      if (!problem) continue;
      tally.problems++;
      ctx.io.stderr.write(`fiscal: ${input.path}: ${problem.error}\n`);
      if (withProblems) writer.write({ source: input.path, ...problem });
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
    await clues.close();
  }
  if (ctx.io.stderrIsTTY) {
    const s = (n: number) => (n === 1 ? '' : 's');
    ctx.log.info(
      `${tally.documents} document${s(tally.documents)} in ${tally.files - tally.problems} of ${tally.files} file${s(tally.files)}`,
    );
  }
  if (tally.problems > 0) {
    throw new PartialError(`${tally.problems} of ${tally.files} files could not be read`);
  }
}

/** Writes the documents of one file; returns what went wrong instead when it yields none. */
async function inspectFile(
  ctx: Context,
  path: string,
  options: InspectOptions,
  { writer, tally, clues }: { writer: RecordWriter<InspectRecord>; tally: Tally; clues: FolderClues },
): Promise<{ failure: string; error: string; root?: string } | undefined> {
  let size: number;
  try {
    // Synchronously: files are inspected one at a time, and a promise's round trip cost some
    // 40 us a file, a third of what inspect of a pull folder spends per file from its catalog.
    size = statSync(path).size;
  } catch (error) {
    return { failure: 'unreadable', error: fsReason(error) };
  }
  if (size > MAX_BYTES)
    return { failure: 'unreadable', error: `too large for a fiscal document (${Math.round(size / 1048576)} MiB)` };
  // A pull folder's catalog keeps what the XML reader gives of the files it wrote (docs/catalog.md).
  let documents = await clues.catalogued(path, size);
  if (!documents) {
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      return { failure: 'unreadable', error: fsReason(error) };
    }
    try {
      documents = readDocuments(bytes, path);
    } catch (error) {
      if (!(error instanceof DocumentReadError)) throw error;
      return { failure: error.failure, error: error.message, ...(error.root && { root: error.root }) };
    }
  }
  for (const doc of documents) {
    if (options.types && !options.types.includes(doc.kind)) continue;
    for (const warning of doc.warnings) ctx.log.warn(`${path}: ${warning}`);
    // The XML keeps the protocol it was authorized with; a pull folder knows of later events.
    writer.write(doc.kind === 'event' ? doc : settleStatus(doc, await clues.for(path, doc)));
    tally.documents++;
  }
  return undefined;
}

/** Exit 2 when none of the paths exists: most likely a typo, and nothing could be read. */
async function requireSomePath(paths: readonly string[]): Promise<void> {
  const found = await Promise.all(
    paths.map((p) =>
      stat(p).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (!found.some(Boolean)) {
    const list = paths.map((p) => `"${p}"`).join(', ');
    throw new UsageError(`no such file or directory: ${list}`);
  }
}
